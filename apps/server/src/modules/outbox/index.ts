/** Every e-mail and SMS, written to the outbox first and delivered by a job (outbox.service.ts). */
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { MailProvider } from '../../providers/mail/interface';
import type { SmsProvider } from '../../providers/sms/interface';
import { outboxRepo } from './outbox.repo';
import { createOutboxService } from './outbox.service';

export type { DeliveryResult, OutboxChannel, OutboxMessage, OutboxService } from './outbox.service';

export const createOutbox = (db: Db, queue: JobQueue, mail: MailProvider, sms: SmsProvider) =>
  createOutboxService(outboxRepo(db), queue, mail, sms);
