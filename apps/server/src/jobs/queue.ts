import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** Every queue the product uses, with the payload its handler receives. */
export interface QueuePayloads {
  'email.deliver': { outboxId: number };
  'sessions.purge': Record<string, never>;
}
export type QueueName = keyof QueuePayloads;
export const QUEUE_NAMES: QueueName[] = ['email.deliver', 'sessions.purge'];

export interface JobQueue {
  send<N extends QueueName>(name: N, data: QueuePayloads[N]): Promise<void>;
}

export interface Jobs extends JobQueue {
  work<N extends QueueName>(name: N, handler: (data: QueuePayloads[N]) => Promise<void>): Promise<void>;
  /** Runs `name` on a cron schedule; one schedule per queue across every node. */
  schedule(name: QueueName, cron: string): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss on the product's own database: the one queue every node shares. */
export async function startJobs(databaseUrl: string, log: Logger): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, application_name: 'drat-jobs' });
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  await boss.start();
  for (const name of QUEUE_NAMES) {
    if (!(await boss.getQueue(name))) {
      await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 10, retryBackoff: true });
    }
  }
  return {
    async send(name, data) {
      await boss.send(name, data);
    },
    async work(name, handler) {
      await boss.work<QueuePayloads[typeof name]>(name, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {});
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
