import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { MailMessage, MailProvider } from '../../providers/mail/index';
import { outboxRepo } from './outbox.repo';

const MAX_ATTEMPTS = 6;

/**
 * Every e-mail is written to the outbox first and delivered by a job, so a request never waits
 * on a mail server and a crash never loses a message.
 */
export function createOutboxService(db: Db, queue: JobQueue, mail: MailProvider) {
  const repo = outboxRepo(db);
  return {
    async sendEmail(message: MailMessage): Promise<number> {
      const id = await repo.add({ channel: 'EMAIL', recipient: message.to, subject: message.subject, body: message.text, html: message.html });
      await queue.send('email.deliver', { outboxId: id });
      return id;
    },

    /** Job handler: safe to run twice, a delivered message is not sent again. */
    async deliverEmail(outboxId: number): Promise<void> {
      const row = await repo.get(outboxId);
      if (!row || row.status !== 'PENDING') return;
      try {
        await mail.deliver({ to: row.recipient, subject: row.subject, text: row.body, html: row.html ?? undefined });
        await repo.markSent(outboxId, mail.name);
      } catch (err) {
        const final = row.attempts + 1 >= MAX_ATTEMPTS;
        await repo.markFailed(outboxId, mail.name, String(err), final);
        if (!final) throw err;
      }
    },

    latest: (limit = 100) => repo.latest(limit),
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
