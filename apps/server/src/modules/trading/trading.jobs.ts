import { randomUUID } from 'node:crypto';
import type { Jobs, QueuePayloads } from '../../jobs/queue';
import type { TradeRunner } from './runner/runner.service';

/** How many watchers share the running trades (trade id modulo this); each server process may take some. */
export const WATCH_PARTITIONS = 2;
/** Watchers a process runs at once: one per partition, and one for a retried or late job beside them. */
const WATCH_SLOTS = WATCH_PARTITIONS + 1;
/**
 * A job queued before watchers named their minute started up to about 6 s before its minute's
 * turn (55 s after the one before it started): one that starts this close to a turn is the next minute's.
 */
const UNNAMED_EARLY_MS = 10_000;

const minuteOf = (ms: number) => Math.floor(ms / 60_000);

/**
 * The minute a watcher of `minute` (its job's, when named) follows, started at `now`: its own, or
 * the clock's when it started later than that (a queue that was behind). One that starts a moment
 * before its minute (it is queued to take over from the last at the minute's turn) follows its own.
 */
export function watchedMinute(minute: number | undefined, now: number): number {
  return Math.max(minute ?? minuteOf(now + UNNAMED_EARLY_MS), minuteOf(now));
}

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
  // This process among those that run watchers (its hand-overs' key).
  const processKey = randomUUID();
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
    const minute = minuteOf(now().getTime());
    for (let partition = 0; partition < WATCH_PARTITIONS; partition++) {
      await jobs.send(
        'trading.watch',
        { partition, of: WATCH_PARTITIONS, minute },
        { key: `watch:${partition}:${minute}` },
      );
    }
    await runner.sweep();
  });
  await jobs.schedule('trading.sweep', '* * * * *');
  const watchHandler = async ({ partition, of, minute, handover }: QueuePayloads['trading.watch']) => {
    // A hand-over that starts after its minute has nothing left to watch: that minute's successor
    // (queued by the watcher that handed over) watches now.
    if (handover && minute !== undefined && minuteOf(now().getTime()) > minute) return;
    // It follows the market to its minute's end. The next minute's watcher is queued by this
    // one, to start a second before (the same key as the sweep's, so it starts once): a late
    // sweep leaves no gap between minutes, and each minute's watcher keeps to its minute.
    const watched = watchedMinute(minute, now().getTime());
    const until = (watched + 1) * 60_000;
    await jobs.send(
      'trading.watch',
      { partition, of, minute: watched + 1 },
      { key: `watch:${partition}:${watched + 1}`, startAfter: new Date(until - 1_000) },
    );
    await runner.follow(partition, of, until, () => stopped);
    // The process stops within the minute (a deploy, a restart): the rest of the minute is handed
    // to the next process that takes the job (a restart's start-up sweep finds its minute's key
    // taken). Keyed by this process: two of its watchers of the partition (one late beside the
    // minute's own) hand over once, and another process's stop in the same minute hands over again.
    if (stopped && now().getTime() < until - 1_000)
      await jobs.send(
        'trading.watch',
        { partition, of, minute: watched, handover: true },
        { key: `watch:${partition}:${watched}:handover:${processKey}` },
      );
  };
  // Each watcher in a fetch of its own: a worker fetches again only when its whole batch is done,
  // and a minute's watcher must not wait behind a retried or late one for the minute's end.
  for (let slot = 0; slot < WATCH_SLOTS; slot++)
    await jobs.work('trading.watch', watchHandler, { pollingIntervalSeconds: 0.5, batchSize: 1 });
  // Start watching now rather than at the next minute.
  await jobs.send('trading.sweep', {});
  return () => {
    stopped = true;
    runner.sendIntentsAtOnce(false);
  };
}
