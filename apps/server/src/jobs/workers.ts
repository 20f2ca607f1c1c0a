import type { Modules } from '../modules/index';
import type { Jobs } from './queue';

/** Job handlers are thin: each calls one service method. */
export async function startWorkers(jobs: Jobs, modules: Pick<Modules, 'outbox' | 'auth'>): Promise<void> {
  await jobs.work('email.deliver', ({ outboxId }) => modules.outbox.deliverEmail(outboxId));
  await jobs.work('sessions.purge', async () => {
    await modules.auth.purgeIdleSessions();
  });
  await jobs.schedule('sessions.purge', '*/15 * * * *');
}
