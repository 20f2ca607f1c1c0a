import type { Modules } from '../compose';
import { startAdminJobs } from '../modules/admin';
import { startBotJobs } from '../modules/bots';
import { startPaymentsJobs } from '../modules/payments';
import type { Jobs } from './queue';

export { startAlertJobs } from '../modules/alerts';
export { startTradingJobs } from '../modules/trading';

/** Job handlers are thin: each calls one service method. The alert jobs are startAlertJobs'. */
export async function startWorkers(
  jobs: Jobs,
  modules: Pick<Modules, 'outbox' | 'auth' | 'notifications' | 'idempotency' | 'bots' | 'admin' | 'payments'>,
): Promise<void> {
  await startBotJobs(jobs, modules.bots);
  await startPaymentsJobs(jobs, modules.payments);
  await startAdminJobs(jobs, modules.admin);
  // Batches of 20, five at a time: a fan-out to thousands of users must not wait 2 s per message.
  await jobs.work('email.deliver', ({ outboxId }) => modules.outbox.deliverEmail(outboxId), {
    batchSize: 20,
    concurrency: 5,
  });
  await jobs.work('sms.deliver', ({ outboxId }) => modules.outbox.deliverSms(outboxId), {
    batchSize: 20,
    concurrency: 5,
  });
  await jobs.work('outbox.sweep', async () => {
    await modules.outbox.sweep();
  });
  await jobs.schedule('outbox.sweep', '*/5 * * * *');
  // Fan-outs of different alerts and triggers run side by side: a catch-up's many triggers must
  // not hold back the next new alert by 2 s each. pg-boss waits up to its polling interval after
  // each batch, so the interval is short: a backlog of hundreds (the demo history) drains at up to
  // 20 a second, not 5, and late triggers' fan-outs not yet fetched come after the others
  // (LATE_PRIORITY).
  await jobs.work(
    'notifications.fanout',
    async (job) => {
      await modules.notifications.fanout(job);
    },
    { batchSize: 10, concurrency: 4, pollingIntervalSeconds: 0.5 },
  );
  // Someone is waiting for this e-mail: poll often.
  await jobs.work('auth.reset-mail', ({ email }) => modules.auth.sendResetMail(email), { pollingIntervalSeconds: 0.5 });
  await jobs.work('sessions.purge', async () => {
    await modules.auth.purgeIdleSessions();
  });
  await jobs.schedule('sessions.purge', '*/15 * * * *');
  await jobs.work('idempotency.purge', async () => {
    await modules.idempotency.purgeExpired();
  });
  await jobs.schedule('idempotency.purge', '17 * * * *');
}
