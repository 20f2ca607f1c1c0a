/** Every e-mail and SMS, written to the outbox first and delivered by a job (outbox.service.ts). */
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { MailProvider } from '../../providers/mail/interface';
import type { SmsProvider } from '../../providers/sms/interface';
import type { FastifyInstance } from 'fastify';
import { jobFailuresRepo } from '../../jobs/job-failures.repo';
import { outboxRepo } from './outbox.repo';
import { outboxRoutes } from './outbox.routes';
import { createOutboxService, type OutboxService } from './outbox.service';

export type { DeliveryResult, OutboxChannel, OutboxMessage, OutboxService } from './outbox.service';

export const createOutbox = (db: Db, queue: JobQueue, mail: MailProvider, sms: SmsProvider, now: () => Date) =>
  createOutboxService(outboxRepo(db), queue, mail, sms, now, jobFailuresRepo(db));

export async function registerOutboxRoutes(api: FastifyInstance, outbox: OutboxService): Promise<void> {
  await api.register(outboxRoutes, { outbox });
}
