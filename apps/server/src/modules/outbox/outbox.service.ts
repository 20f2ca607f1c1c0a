import type { Tx } from '../../db/transaction';
import type { JobFailuresRepo } from '../../jobs/job-failures.repo';
import type { JobQueue } from '../../jobs/queue';
import type { FailedDeliveriesResponse } from '@drat/contracts';
import type { MailMessage, MailProvider } from '../../providers/mail/interface';
import { isRetryable } from '../../core/errors';
import type { SmsMessage, SmsProvider } from '../../providers/sms/interface';
import type { OutboxRepo } from './outbox.repo';

const MAX_ATTEMPTS = 6;
/** A message still untried this long after it was written lost its delivery job: the sweep re-enqueues it. */
const SWEEP_AFTER_MS = 5 * 60_000;
/**
 * A message tried, still PENDING, and not tried for this long has no retry coming (the job's five
 * retries take about five minutes): the sweep marks it FAILED with its last error.
 */
export const ABANDONED_AFTER_MS = 30 * 60_000;

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
export function createOutboxService(
  repo: OutboxRepo,
  queue: JobQueue,
  mail: MailProvider,
  sms: SmsProvider,
  now: () => Date = () => new Date(),
  /** Background jobs that failed for good, shown beside the failed messages. */
  jobFailures: Pick<JobFailuresRepo, 'latest'> = { latest: async () => [] },
) {
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
      await repo.markSent(outboxId, provider.name, now());
    } catch (err) {
      const final = row.attempts + 1 >= MAX_ATTEMPTS || !isRetryable(err);
      await repo.markFailed(outboxId, provider.name, err instanceof Error ? err.message : String(err), final, now());
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

    /**
     * Scheduled job ('outbox.sweep'): re-enqueues messages written but never tried (a crash between
     * write and enqueue), and marks FAILED, with the reason, those whose retries stopped. Answers
     * how many it re-enqueued.
     */
    async sweep(at: Date = now()): Promise<number> {
      const lost = await repo.untried(new Date(at.getTime() - SWEEP_AFTER_MS), 1000);
      await enqueue(lost);
      const abandoned = await repo.failAbandoned(
        new Date(at.getTime() - ABANDONED_AFTER_MS),
        (lastError, attempts) =>
          `Delivery stopped after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${lastError ?? 'no answer'}`,
        1000,
      );
      for (const m of abandoned) await settle({ outboxId: m.id, channel: m.channel, status: 'FAILED' });
      return lost.length;
    },

    /** GET /api/outbox/failed: messages and jobs that failed for good, newest first. */
    async failures(limit: number): Promise<FailedDeliveriesResponse> {
      const [messages, jobs] = await Promise.all([repo.failed(limit), jobFailures.latest(limit)]);
      const iso = (d: Date | null) => (d ? d.toISOString() : null);
      return {
        messages: messages.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          attempts: m.attempts,
          last_error: m.lastError,
          provider: m.provider,
          created: m.createdAt.toISOString(),
          last_attempt: iso(m.lastAttemptAt),
        })),
        jobs: jobs.map((j) => ({
          queue: j.queue,
          job_id: j.jobId,
          code: j.code,
          reason: j.reason,
          retryable: j.retryable,
          attempts: j.attempts,
          failed_at: j.failedAt.toISOString(),
        })),
      };
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
