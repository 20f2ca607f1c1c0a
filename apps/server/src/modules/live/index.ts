/** Live updates to the browser: quotes and user events over one WebSocket (/api/ws). */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { PgListener } from '../../db/pg-listener';
import type { MarketDataProvider } from '../../providers/market/interface';
import type { AuthService } from '../auth';
import { liveRoutes } from './live.routes';
import { createLiveService, type LiveService } from './live.service';
import { userEventsRepo } from './user-events.repo';

export type { LiveService } from './live.service';
export type { UserEvents } from './user-events';
export { USER_EVENTS_CHANNEL } from './user-events';

export interface LiveAreaDeps {
  db: Db;
  market: MarketDataProvider;
  log: Logger;
  now: () => Date;
  listener: PgListener;
}

export const createLive = ({ db, market, log, now, listener }: LiveAreaDeps): LiveService =>
  createLiveService({ events: userEventsRepo(db), provider: market, log, now, listener });

export async function registerLiveRoutes(api: FastifyInstance, live: LiveService, auth: AuthService): Promise<void> {
  await api.register(liveRoutes, { live, auth });
}
