import type { Jobs } from '../../jobs/queue';
import type { TradeRunner } from './runner/runner.service';

/** How many watchers share the running trades (trade id modulo this); each server process may take some. */
export const WATCH_PARTITIONS = 2;
/** A watcher looks at the market this often, for a little under a minute (then the next minute's takes over). */
const WATCH_EVERY_MS = 1_000;
const WATCH_FOR_MS = 55_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The trade runner's jobs (docs/trading-rules.md): 'trading.send' carries one intent to the broker,
 * at once after the step that made it; 'trading.sweep' (every minute) queues again what a crash
 * lost and starts the minute's watchers, one job per partition of the trades, keyed by minute so a
 * sweep run twice starts each once; each watcher follows its trades' quotes for the minute, and
 * the first also the brokers' open orders and the cancel-if-not-filled deadlines.
 */
export async function startTradingJobs(jobs: Jobs, runner: TradeRunner, now: () => Date): Promise<() => void> {
  // The watchers end their loop when the process stops (the queue then waits for no one).
  let stopped = false;
  await jobs.work('trading.send', ({ intentId }) => runner.sendIntent(intentId), {
    pollingIntervalSeconds: 0.5,
    batchSize: 10,
    concurrency: 5,
  });
  await jobs.work('trading.sweep', async () => {
    await runner.sweep();
    const minute = Math.floor(now().getTime() / 60_000);
    for (let partition = 0; partition < WATCH_PARTITIONS; partition++) {
      await jobs.send('trading.watch', { partition, of: WATCH_PARTITIONS }, { key: `watch:${partition}:${minute}` });
    }
  });
  await jobs.schedule('trading.sweep', '* * * * *');
  await jobs.work(
    'trading.watch',
    async ({ partition, of }) => {
      const until = Date.now() + WATCH_FOR_MS;
      while (!stopped && Date.now() < until) {
        await runner.watch(partition, of);
        if (partition === 0) {
          await runner.pollOrders();
          await runner.tickDeadlines();
        }
        await sleep(WATCH_EVERY_MS);
      }
    },
    { pollingIntervalSeconds: 0.5, batchSize: WATCH_PARTITIONS, concurrency: WATCH_PARTITIONS },
  );
  // Start watching now rather than at the next minute.
  await jobs.send('trading.sweep', {});
  return () => {
    stopped = true;
  };
}
