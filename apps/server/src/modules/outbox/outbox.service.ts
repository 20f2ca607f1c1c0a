import type { Tx } from '../../db/transaction';
import type { JobQueue } from '../../jobs/queue';
import type { MailMessage, MailProvider } from '../../providers/mail/interface';
import { isRetryable } from '../../core/errors';
import type { SmsMessage, SmsProvider } from '../../providers/sms/interface';
import type { OutboxRepo } from './outbox.repo';

const MAX_ATTEMPTS = 6;
/** A message still untried this long after it was written lost its delivery job: the sweep re-enqueues it. */
const SWEEP_AFTER_MS = 5 * 60_000;

export type OutboxChannel = 'EMAIL' | 'SMS';

export interface OutboxMessage {
  channel: OutboxChannel;
  /** E-mail address or E.164 phone number. */
  recipient: string;
  /** E-mail subject; empty for SMS. */
  subject?: string;
  body: string;
  html?: string;
}

/** The final result of one message: SUCCESS once delivered, FAILED once it will not be tried again. */
export interface DeliveryResult {
  outboxId: number;
  channel: OutboxChannel;
  status: 'SUCCESS' | 'FAILED';
}

const QUEUE = { EMAIL: 'email.deliver', SMS: 'sms.deliver' } as const;

/**
 * Every e-mail and SMS is written to the outbox first and delivered by a job, so a request never
 * waits on a mail server or an SMS gateway and a crash never loses a message. A delivery job is
 * keyed by its message, so enqueuing it twice delivers once; messages whose job was lost between
 * the write and the enqueue are picked up by `sweep`.
 */
export function createOutboxService(repo: OutboxRepo, queue: JobQueue, mail: MailProvider, sms: SmsProvider) {
  const listeners = new Set<(result: DeliveryResult) => Promise<void>>();

  async function enqueue(messages: { id: number; channel: OutboxChannel }[]): Promise<void> {
    for (const channel of ['EMAIL', 'SMS'] as const) {
      const jobs = messages
        .filter((m) => m.channel === channel)
        .map((m) => ({ data: { outboxId: m.id }, key: String(m.id) }));
      await queue.sendMany(QUEUE[channel], jobs);
    }
  }

  async function settle(result: DeliveryResult): Promise<void> {
    for (const listener of listeners) await listener(result);
  }

  /** Job handler for both channels: safe to run twice, a delivered message is not sent again. */
  async function deliver(outboxId: number): Promise<void> {
    const row = await repo.get(outboxId);
    if (!row) return;
    if (row.status !== 'PENDING') {
      // Already settled: tell the listeners again, in case they failed the first time.
      await settle({ outboxId, channel: row.channel, status: row.status });
      return;
    }
    const provider = row.channel === 'SMS' ? sms : mail;
    try {
      if (row.channel === 'SMS') await sms.send({ to: row.recipient, body: row.body });
      else await mail.deliver({ to: row.recipient, subject: row.subject, text: row.body, html: row.html ?? undefined });
      await repo.markSent(outboxId, provider.name);
    } catch (err) {
      const final = row.attempts + 1 >= MAX_ATTEMPTS || !isRetryable(err);
      await repo.markFailed(outboxId, provider.name, err instanceof Error ? err.message : String(err), final);
      if (final) await settle({ outboxId, channel: row.channel, status: 'FAILED' });
      else throw err;
      return;
    }
    await settle({ outboxId, channel: row.channel, status: 'SUCCESS' });
  }

  return {
    async sendEmail(message: MailMessage): Promise<number> {
      const id = await repo.add({
        channel: 'EMAIL',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html,
      });
      await enqueue([{ id, channel: 'EMAIL' }]);
      return id;
    },

    async sendSms(message: SmsMessage): Promise<number> {
      const id = await repo.add({ channel: 'SMS', recipient: message.to, subject: '', body: message.body });
      await enqueue([{ id, channel: 'SMS' }]);
      return id;
    },

    /**
     * Writes messages without enqueuing them, inside the transaction `tx` so they exist only if it
     * commits; call `enqueue` with the answer after the commit.
     */
    write: (messages: OutboxMessage[], tx?: Tx) =>
      repo.addMany(
        messages.map((m) => ({
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject ?? '',
          body: m.body,
          html: m.html,
        })),
        tx,
      ),
    enqueue,

    deliver,
    deliverEmail: deliver,
    deliverSms: deliver,

    /** Scheduled job: re-enqueues messages written but never tried (a crash between write and enqueue). */
    async sweep(now: Date = new Date()): Promise<number> {
      const lost = await repo.untried(new Date(now.getTime() - SWEEP_AFTER_MS), 1000);
      await enqueue(lost);
      return lost.length;
    },

    /** Called with the final result of each message (the notifications record it). */
    onResult(listener: (result: DeliveryResult) => Promise<void>): void {
      listeners.add(listener);
    },

    /** The newest messages, optionally to one recipient only. */
    latest: (limit = 100, recipient?: string) => repo.latest(limit, recipient),
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
