import type { Logger } from 'pino';
import type { PgListener } from '../../db/pg-listener';
import type { MarketDataProvider } from '../../providers/market/interface';
import { createGateway, type Authenticate, type Gateway } from './gateway';
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
  return {
    /**
     * Sends `{ kind, payload }` to every open WebSocket of the user, on every server process.
     * Keep payloads small (ids; NOTIFY carries < 8000 bytes). Pass a transaction as `tx` to
     * send the event only if that transaction commits.
     */
    publishUserEvent: events.publishUserEvent,

    async start(authenticate: Authenticate, options: { quoteEveryMs?: number } = {}): Promise<LiveRuntime> {
      const hub = createQuoteHub({ provider, log, everyMs: options.quoteEveryMs });
      const gateway = createGateway({ hub, authenticate, log });
      listener.on(USER_EVENTS_CHANNEL, (payload) => {
        const envelope = decodeUserEvent(payload);
        if (envelope) gateway.deliver(envelope.u, envelope.e);
        else log.warn('user events: an unreadable NOTIFY payload was ignored');
      });
      // Events NOTIFYed while the connection was lost are gone: clients read again.
      listener.onResync(() => gateway.broadcast({ kind: 'resync', payload: null, at: now().toISOString() }));
      return {
        hub,
        gateway,
        async close() {
          gateway.close();
          hub.close();
        },
      };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
