/** The inbox and the delivery of alert and trigger notifications (2-trading §2.9, §7). */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { transactions } from '../../db/transaction';
import type { JobQueue } from '../../jobs/queue';
import type { LiveService } from '../live';
import type { OutboxService } from '../outbox';
import { notificationsRepo } from './notifications.repo';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

export type { FanoutJob, FanoutResult, NotificationsService } from './notifications.service';

export interface NotificationsAreaDeps {
  db: Db;
  queue: JobQueue;
  outbox: OutboxService;
  live: Pick<LiveService, 'publishUserEvent'>;
  now: () => Date;
  publicUrl: string;
  log: Logger;
}

export const createNotifications = ({ db, queue, outbox, live, now, publicUrl, log }: NotificationsAreaDeps) =>
  createNotificationsService({
    repo: notificationsRepo(db),
    withTransaction: transactions(db),
    queue,
    outbox,
    publishUserEvent: live.publishUserEvent,
    now,
    publicUrl,
    log,
  });

export async function registerNotificationsRoutes(
  api: FastifyInstance,
  notifications: NotificationsService,
): Promise<void> {
  await api.register(notificationsRoutes, { notifications });
}
