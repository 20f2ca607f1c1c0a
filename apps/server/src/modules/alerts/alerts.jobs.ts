import type { Jobs } from '../../jobs/queue';
import type { Announcer } from './events/announcer.service';
import type { LifecycleService } from './lifecycle/lifecycle.service';
import type { ScannerService } from './scanner/scanner.service';

/**
 * The alert jobs, each a line that calls a service: the lifecycle and the announce sweep every
 * minute, and in demo mode the scanner every minute plus its history once at start-up. Started by
 * jobs/workers.ts beside the others; kept apart so tests that start the other workers do not move
 * their alerts.
 */
export async function startAlertJobs(
  jobs: Jobs,
  area: { lifecycle: LifecycleService; announcer: Pick<Announcer, 'sweep'>; scanner: ScannerService },
): Promise<void> {
  const { lifecycle, scanner, announcer } = area;
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
