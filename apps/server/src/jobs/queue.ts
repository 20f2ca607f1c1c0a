import { createHash } from 'node:crypto';
import cronParser from 'cron-parser';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { errorCodeOf, isRetryable } from '../core/errors';
import type { JobFailuresRepo } from './job-failures.repo';

/** Every queue the product uses, with the payload its handler receives. */
export interface QueuePayloads {
  'email.deliver': { outboxId: number };
  'sms.deliver': { outboxId: number };
  /** Re-enqueues outbox messages whose delivery job was lost (written, never enqueued). */
  'outbox.sweep': Record<string, never>;
  /**
   * Finds the recipients of a new alert or trigger and writes their notifications, in batches.
   * `late`: found long after it happened (a catch-up): trackers only, inbox only.
   */
  'notifications.fanout': { kind: 'NEW_ALERT' | 'TRIGGER' | 'ADMIN'; ref: number; late?: boolean };
  'sessions.purge': Record<string, never>;
  /** Forgets idempotency keys older than a day. */
  'idempotency.purge': Record<string, never>;
  /** A password-reset request, mailed off the request's path so its answer takes as long for every e-mail. */
  'auth.reset-mail': { email: string };
  /** Follows every open alert against the market (every minute). */
  'alerts.lifecycle': Record<string, never>;
  /** Demo mode: the scanner's due slots, or (`backfill`) the demo history at start-up. */
  'alerts.scanner': { backfill?: boolean };
  /** Tells the listeners of new alerts and triggers again what a crash left untold (every minute). */
  'alerts.announce': Record<string, never>;
  /** Sends one intent of the trade engine to the broker (keyed by the intent). */
  'trading.send': { intentId: number };
  /** Every minute: re-queues intents whose job was lost, and starts the minute's watchers. */
  'trading.sweep': Record<string, never>;
  /**
   * For about a minute: quotes, broker orders and deadlines of one partition of the running trades.
   * `minute` (epoch minutes): the minute it watches (absent in jobs queued before this field).
   * `handover`: the rest of the minute of a watcher whose process stopped.
   */
  'trading.watch': { partition: number; of: number; minute?: number; handover?: true };
  /** A published alert's turn with the active money-management bots (keyed by the alert). */
  'bots.alert': { alertId: number };
  /** One bot's turn with an alert again, after it failed with the others (keyed by bot and alert). */
  'bots.turn': { botId: number; alertId: number };
  /** Daily: forgets bot log lines older than BOT_LOG_KEEP_DAYS. */
  'bots.trim-logs': Record<string, never>;
  /** Every 5 minutes: the trade-challenge slots' count-downs take their due deductions. */
  'slots.deduct': Record<string, never>;
  /** Every minute: checkouts past their end given up (places back), local payments not yet acted on. */
  'payments.sweep': Record<string, never>;
}
export type QueueName = keyof QueuePayloads;
/** Every queue, created at start: the compiler refuses a QueuePayloads entry missing here. */
const QUEUES = {
  'email.deliver': true,
  'sms.deliver': true,
  'outbox.sweep': true,
  'notifications.fanout': true,
  'sessions.purge': true,
  'idempotency.purge': true,
  'auth.reset-mail': true,
  'alerts.lifecycle': true,
  'alerts.scanner': true,
  'alerts.announce': true,
  'trading.send': true,
  'trading.sweep': true,
  'trading.watch': true,
  'bots.alert': true,
  'bots.turn': true,
  'bots.trim-logs': true,
  'slots.deduct': true,
  'payments.sweep': true,
} as const satisfies Record<QueueName, true>;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export interface SendOptions {
  /**
   * Makes the job unique: while a job of this queue with the same key exists (queued, active,
   * retrying or recently completed), sending it again adds nothing.
   */
  key?: string;
  /** Not before this time (a successor queued ahead of its turn). */
  startAfter?: Date;
  /**
   * An integer: fetched before the queue's waiting jobs of a lower one (default 0). Stale work found
   * in a catch-up goes below 0, so what a person is waiting for now is not queued behind it.
   */
  priority?: number;
}

export interface JobQueue {
  send<N extends QueueName>(name: N, data: QueuePayloads[N], options?: SendOptions): Promise<void>;
  /** Many jobs of one queue in one statement. */
  sendMany<N extends QueueName>(name: N, jobs: { data: QueuePayloads[N]; key?: string }[]): Promise<void>;
}

export interface WorkOptions {
  /** Jobs fetched per poll (default 1); each is handled, and fails or succeeds, on its own. */
  batchSize?: number;
  /** How many jobs of a fetched batch run at once (default 1). */
  concurrency?: number;
  /** Seconds between polls for new jobs (pg-boss's 2 by default; 0.5 at least) for a queue a person waits on. */
  pollingIntervalSeconds?: number;
}

export interface Jobs extends JobQueue {
  work<N extends QueueName>(
    name: N,
    handler: (data: QueuePayloads[N]) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Runs `name` on a cron schedule; one schedule per queue across every node. */
  schedule(name: QueueName, cron: string): Promise<void>;
  /** Removes the schedule of `name`, if any. */
  unschedule(name: QueueName): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  /** Seconds before the first retry of a failed job (10, doubling, by default; tests shorten it). */
  retryDelaySeconds?: number;
  /** Where jobs that failed for good are recorded (job_failures). */
  failures?: Pick<JobFailuresRepo, 'record'>;
  /**
   * Whether this process keeps the queue (pg-boss's maintenance: expiring jobs a dead process held,
   * archiving; and the schedules: see `schedule`). Off in a process without workers (WORKERS=0),
   * which only sends jobs; the worker processes keep it. Default on.
   */
  keeper?: boolean;
}

/** How often a keeper looks whether a scheduled job is due (pg-boss's own cron looked every 30 s). */
const SCHEDULE_TICK_MS = 5_000;
/** A cron slot is queued within this long of its time, as pg-boss did: after a longer outage it is skipped. */
const SCHEDULE_WINDOW_MS = 60_000;

/** The latest time `cron` (UTC) names at or before `now`. */
export function cronSlot(cron: string, now: number): number {
  return cronParser
    .parseExpression(cron, { currentDate: new Date(now + 1), tz: 'UTC' })
    .prev()
    .getTime();
}

/** A stable job id (a UUID) for `key` in queue `name`, so pg-boss refuses a second copy. */
export function jobIdFor(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50; // version 5 (name-based)
  h[8] = (h[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** pg-boss on the product's own database: the one queue every node shares. */
export async function startJobs(databaseUrl: string, log: Logger, options: JobsOptions = {}): Promise<Jobs> {
  const keeper = options.keeper ?? true;
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    application_name: 'drat-jobs',
    supervise: keeper,
    // The schedules are queued by this module (below), not by pg-boss's cron.
    schedule: false,
  });
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  await boss.start();
  for (const name of QUEUE_NAMES) {
    if (!(await boss.getQueue(name))) {
      await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 10, retryBackoff: true });
    }
  }
  const retry =
    options.retryDelaySeconds === undefined ? {} : { retryDelay: options.retryDelaySeconds, retryBackoff: false };

  /**
   * A job that threw: a retryable error is failed back to pg-boss, which tries it again until its
   * retry limit; a non-retryable one (a bad row, a refused request) is not tried again. Both, when
   * final, are recorded in job_failures with their reason.
   */
  async function settleFailure(name: QueueName, job: PgBoss.JobWithMetadata<unknown>, err: unknown): Promise<void> {
    const retryable = isRetryable(err);
    const reason = err instanceof Error ? err.message : String(err);
    const final = !retryable || job.retryCount >= job.retryLimit;
    if (final) {
      log.error({ err, queue: name, jobId: job.id, retryable }, `job ${name} failed for good`);
      await options.failures
        ?.record({
          queue: name,
          jobId: job.id,
          data: job.data,
          code: errorCodeOf(err),
          reason,
          retryable,
          attempts: job.retryCount + 1,
        })
        .catch((e: unknown) => log.error({ err: e }, 'a job failure could not be recorded'));
    } else {
      log.warn({ err, queue: name, jobId: job.id, attempt: job.retryCount + 1 }, `job ${name} failed; it is retried`);
    }
    if (retryable) await boss.fail(name, job.id, { message: reason });
    else await boss.complete(name, job.id, { failed: { code: errorCodeOf(err), reason } });
  }
  /**
   * The schedules, queued by the keepers' own clocks: each cron slot is one job whose id is the
   * queue's and the slot's (jobIdFor), so however many processes send it, and however often one
   * sends it again after an answer lost in an outage, it is queued once. pg-boss's cron queued a
   * slot through a job of its own, and could queue it twice when the database went away between
   * the two (issue 29: the minute's alert lifecycle twice in a minute, in two-processes.test.ts).
   */
  const schedules = new Map<QueueName, { cron: string; sent: number }>();
  let ticking: NodeJS.Timeout | undefined;
  let failing = false;
  let queueing: Promise<void> | null = null;
  async function queueDue(): Promise<void> {
    const now = Date.now();
    for (const [name, due] of schedules) {
      const slot = cronSlot(due.cron, now);
      if (due.sent === slot || now - slot >= SCHEDULE_WINDOW_MS) continue;
      try {
        await boss.send(name, {}, { ...retry, id: jobIdFor(name, `schedule:${new Date(slot).toISOString()}`) });
        due.sent = slot;
        failing = false;
      } catch (err) {
        // The database is away: the next look tries again, and the slot's id keeps it to one job.
        if (!failing) log.warn({ err, queue: name }, 'a scheduled job could not be queued; it is tried again');
        failing = true;
        return;
      }
    }
  }
  const queueDueOnce = () => (queueing ??= queueDue().finally(() => (queueing = null)));

  return {
    async send(name, data, sendOptions = {}) {
      await boss.send(name, data, {
        ...retry,
        ...(sendOptions.key ? { id: jobIdFor(name, sendOptions.key) } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.priority ? { priority: sendOptions.priority } : {}),
      });
    },
    async sendMany(name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((j) => ({ name, data: j.data, ...retry, ...(j.key ? { id: jobIdFor(name, j.key) } : {}) })),
      );
    },
    async work(name, handler, workOptions = {}) {
      const batchSize = Math.max(1, workOptions.batchSize ?? 1);
      const concurrency = Math.max(1, workOptions.concurrency ?? 1);
      const polling =
        workOptions.pollingIntervalSeconds === undefined
          ? {}
          : { pollingIntervalSeconds: workOptions.pollingIntervalSeconds };
      await boss.work<QueuePayloads[typeof name]>(
        name,
        { batchSize, includeMetadata: true, ...polling },
        async (jobs) => {
          // Each job of a fetched batch succeeds or fails on its own: pg-boss completes the batch's
          // jobs still active when this resolves, so the failed ones are settled here one by one.
          let next = 0;
          const lane = async () => {
            while (next < jobs.length) {
              const job = jobs[next++]!;
              try {
                await handler(job.data);
              } catch (err) {
                await settleFailure(name, job, err);
              }
            }
          };
          await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
        },
      );
    },
    async unschedule(name) {
      schedules.delete(name);
      await boss.unschedule(name);
    },
    async schedule(name, cron) {
      cronSlot(cron, Date.now()); // a cron it cannot read throws here, at start
      // A schedule pg-boss kept from before (its cron is off) is dropped.
      await boss.unschedule(name);
      if (!keeper) return;
      schedules.set(name, { cron, sent: 0 });
      if (!ticking) {
        ticking = setInterval(() => void queueDueOnce(), SCHEDULE_TICK_MS);
        ticking.unref();
      }
      await queueDueOnce();
    },
    async stop() {
      clearInterval(ticking);
      ticking = undefined;
      await queueing;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
