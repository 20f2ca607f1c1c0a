import type { Modules } from '../modules/index';
import type { Jobs } from './queue';

/** Job handlers are thin: each calls one service method. */
export async function startWorkers(
  jobs: Jobs,
  modules: Pick<Modules, 'outbox' | 'auth' | 'notifications'>,
): Promise<void> {
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
  // not hold back the next new alert by 2 s each.
  await jobs.work(
    'notifications.fanout',
    async (job) => {
      await modules.notifications.fanout(job);
    },
    { batchSize: 10, concurrency: 4 },
  );
  await jobs.work('sessions.purge', async () => {
    await modules.auth.purgeIdleSessions();
  });
  await jobs.schedule('sessions.purge', '*/15 * * * *');
}

/**
 * The alert jobs (issue 4), started by the server next to startWorkers: the lifecycle and the
 * announce sweep every minute, and in demo mode the scanner every minute plus its history once at start-up. Kept apart
 * from startWorkers so tests that start workers for other jobs do not move their alerts.
 */
export async function startAlertWorkers(jobs: Jobs, modules: Pick<Modules, 'alertSources'>): Promise<void> {
  const { lifecycle, scanner, announcer } = modules.alertSources;
  await jobs.work('alerts.lifecycle', async () => {
    await lifecycle.run();
  });
  await jobs.schedule('alerts.lifecycle', '* * * * *');
  await jobs.work('alerts.announce', async () => {
    await announcer.sweep();
  });
  await jobs.schedule('alerts.announce', '* * * * *');
  if (!scanner.enabled) {
    await jobs.unschedule('alerts.scanner');
    return;
  }
  await jobs.work('alerts.scanner', async ({ backfill }) => {
    await (backfill ? scanner.backfill() : scanner.run());
  });
  await jobs.schedule('alerts.scanner', '* * * * *');
  await jobs.send('alerts.scanner', { backfill: true });
}
