import type { Jobs } from '../../jobs/queue';
import type { TradeRunner } from './runner/runner.service';

/** How many watchers share the running trades (trade id modulo this); each server process may take some. */
export const WATCH_PARTITIONS = 2;
/** A watcher follows the market for a little under a minute (then the next minute's takes over). */
const WATCH_FOR_MS = 55_000;

/**
 * The trade runner's jobs (docs/trading-rules.md): 'trading.send' carries one intent to the broker,
 * queued after the step that made it (the fallback of the send at once, below); the first watcher sends, every 5 s, the intents a process
 * left unsent when it ended (its lease run out, or never begun); 'trading.sweep' (every minute)
 * sends what is still PENDING past its lease (orders by hand whose answer was lost are looked for by their tag), and starts the minute's watchers, one job per partition of the trades, keyed by minute so a
 * sweep run twice starts each once; each watcher follows its trades' quotes for the minute, and
 * the first also the brokers' open orders (every 200 ms; at Tradier and Alpaca an account every 2 s,
 * or at once after one of our orders on it changed; while its broker's stream is up, at once when
 * the stream tells and otherwise every 30 s: poller.ts) and the cancel-if-not-filled deadlines.
 * Intents are sent at once by the process that made them, while their jobs are queued.
 */
export async function startTradingJobs(jobs: Jobs, runner: TradeRunner, now: () => Date): Promise<() => void> {
  // The watchers end their loop when the process stops (the queue then waits for no one).
  let stopped = false;
  // This process sends each intent as soon as its step is committed; the send job is the fallback.
  runner.sendIntentsAtOnce(true);
  await jobs.work('trading.send', async ({ intentId }) => void (await runner.sendIntent(intentId)), {
    pollingIntervalSeconds: 0.5,
    batchSize: 10,
    concurrency: 5,
  });
  await jobs.work('trading.sweep', async () => {
    // First: the minute's watchers are queued whatever a broker answers below (a stop is watched
    // even while a broker is down).
    const minute = Math.floor(now().getTime() / 60_000);
    for (let partition = 0; partition < WATCH_PARTITIONS; partition++) {
      await jobs.send('trading.watch', { partition, of: WATCH_PARTITIONS }, { key: `watch:${partition}:${minute}` });
    }
    await runner.sweep();
  });
  await jobs.schedule('trading.sweep', '* * * * *');
  await jobs.work(
    'trading.watch',
    async ({ partition, of }) => {
      const started = Date.now();
      const until = started + WATCH_FOR_MS;
      // The next minute's watcher is queued by this one too (the same key as the sweep's, so it
      // starts once): a late sweep leaves no gap between minutes.
      const minute = Math.floor(now().getTime() / 60_000);
      await jobs.send(
        'trading.watch',
        { partition, of },
        { key: `watch:${partition}:${minute + 1}`, startAfter: new Date(until - 1_000) },
      );
      await runner.follow(partition, of, until, () => stopped);
    },
    { pollingIntervalSeconds: 0.5, batchSize: WATCH_PARTITIONS, concurrency: WATCH_PARTITIONS },
  );
  // Start watching now rather than at the next minute.
  await jobs.send('trading.sweep', {});
  return () => {
    stopped = true;
    runner.sendIntentsAtOnce(false);
  };
}
