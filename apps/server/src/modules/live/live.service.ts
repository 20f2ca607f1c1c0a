import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { MarketDataProvider } from '../../providers/market/interface';
import { createGateway, type Authenticate, type Gateway } from './gateway';
import { createQuoteHub, type QuoteHub } from './quote-hub';
import { createUserEvents, listenConnectionOf, listenForUserEvents } from './user-events';

export interface LiveServiceDeps {
  db: Db;
  provider: MarketDataProvider;
  log: Logger;
  now: () => Date;
}

/** What one process runs for its WebSockets: the quote poller, the sockets, the LISTEN connection. */
export interface LiveRuntime {
  hub: QuoteHub;
  gateway: Gateway;
  close(): Promise<void>;
}

/**
 * Live updates to the browser (issue 3): `publishUserEvent` for every area (it only NOTIFYs, so
 * workers may call it too), and `start`, called once by the WebSocket routes of an API process.
 */
export function createLiveService({ db, provider, log, now }: LiveServiceDeps) {
  const events = createUserEvents({ db, now });
  return {
    /**
     * Sends `{ kind, payload }` to every open WebSocket of the user, on every server process.
     * Keep payloads small (ids; NOTIFY carries < 8000 bytes). Pass a transaction as `via` to
     * send the event only if that transaction commits.
     */
    publishUserEvent: events.publishUserEvent,

    async start(authenticate: Authenticate, options: { quoteEveryMs?: number } = {}): Promise<LiveRuntime> {
      const hub = createQuoteHub({ provider, log, everyMs: options.quoteEveryMs });
      const gateway = createGateway({ hub, authenticate, log });
      try {
        const listener = await listenForUserEvents({
          connection: listenConnectionOf(db),
          log,
          onEvent: (userId, event) => gateway.deliver(userId, event),
          onResync: () => gateway.broadcast({ kind: 'resync', payload: null, at: now().toISOString() }),
        });
        return {
          hub,
          gateway,
          async close() {
            gateway.close();
            hub.close();
            await listener.close();
          },
        };
      } catch (err) {
        gateway.close();
        hub.close();
        throw err;
      }
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
