import type { Logger } from 'pino';
import type { PgListener } from '../../db/pg-listener';
import type { MarketDataProvider } from '../../providers/market/interface';
import { createGateway, type Authenticate, type Gateway, type SessionsAlive } from './gateway';
import { createQuoteHub, type QuoteHub } from './quote-hub';
import { createUserEvents, decodeUserEvent, USER_EVENTS_CHANNEL } from './user-events';
import type { UserEventsRepo } from './user-events.repo';

export interface LiveServiceDeps {
  events: UserEventsRepo;
  provider: MarketDataProvider;
  log: Logger;
  now: () => Date;
  /** The process's LISTEN connection (started and closed by the app, compose.ts). */
  listener: PgListener;
}

/**
 * The event that closes the sockets of ended sessions on every process (handled by the gateway,
 * never sent to a browser): payload `{ sessions: number[] }`.
 */
export const SESSIONS_ENDED_EVENT = 'sessions.ended';

/** The sessions of a `sessions.ended` payload, or none when it is unreadable. */
function endedSessionsOf(payload: unknown): number[] {
  if (typeof payload !== 'object' || payload === null || !('sessions' in payload)) return [];
  const { sessions } = payload;
  return Array.isArray(sessions) ? sessions.filter((id): id is number => typeof id === 'number') : [];
}

/** What one process runs for its WebSockets: the quote poller and the sockets. */
export interface LiveRuntime {
  hub: QuoteHub;
  gateway: Gateway;
  close(): Promise<void>;
}

/**
 * Live updates to the browser (issue 3): `publishUserEvent` for every area (it only NOTIFYs, so
 * workers may call it too), and `start`, called once by the WebSocket routes of an API process.
 */
export function createLiveService({ events: eventsRepo, provider, log, now, listener }: LiveServiceDeps) {
  const events = createUserEvents({ repo: eventsRepo, now });
  let running: LiveRuntime | undefined;
  return {
    /**
     * Sends `{ kind, payload }` to every open WebSocket of the user, on every server process.
     * Keep payloads small (ids; NOTIFY carries < 8000 bytes). Pass a transaction as `tx` to
     * send the event only if that transaction commits.
     */
    publishUserEvent: events.publishUserEvent,

    /** Closes the live sockets of these sessions of `userId`, on every server process. */
    async endSessions(userId: number, sessionIds: readonly number[]): Promise<void> {
      if (sessionIds.length === 0) return;
      // Ids are small: even a thousand sessions fit a NOTIFY; more are closed by the periodic check.
      await events.publishUserEvent(userId, {
        kind: SESSIONS_ENDED_EVENT,
        payload: { sessions: sessionIds.slice(0, 1000) },
      });
    },

    async start(
      authenticate: Authenticate,
      sessionsAlive: SessionsAlive,
      options: { quoteEveryMs?: number; revalidateMs?: number } = {},
    ): Promise<LiveRuntime> {
      const hub = createQuoteHub({ provider, log, everyMs: options.quoteEveryMs });
      const gateway = createGateway({ hub, authenticate, sessionsAlive, log, revalidateMs: options.revalidateMs });
      listener.on(USER_EVENTS_CHANNEL, (payload) => {
        const envelope = decodeUserEvent(payload);
        if (!envelope) log.warn('user events: an unreadable NOTIFY payload was ignored');
        else if (envelope.e.kind === SESSIONS_ENDED_EVENT)
          gateway.endSessions(envelope.u, endedSessionsOf(envelope.e.payload));
        else gateway.deliver(envelope.u, envelope.e);
      });
      // Events NOTIFYed while the connection was lost are gone: clients read again.
      listener.onResync(() => gateway.broadcast({ kind: 'resync', payload: null, at: now().toISOString() }));
      running = {
        hub,
        gateway,
        async close() {
          gateway.close();
          hub.close();
          running = undefined;
        },
      };
      return running;
    },

    /** Checks the sessions of this process's open sockets now (the gateway does it every 30 s). */
    checkSockets: async (): Promise<number> => (running ? running.gateway.revalidate() : 0),
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
