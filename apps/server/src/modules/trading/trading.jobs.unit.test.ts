import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Jobs, QueueName, QueuePayloads, SendOptions } from '../../jobs/queue';
import type { TradeRunner } from './runner/runner.service';
import { startTradingJobs, watchedMinute, WATCH_PARTITIONS } from './trading.jobs';

const MINUTE = 60_000;
/** A minute boundary (epoch ms) and its number. */
const M = 29_000_000;
const at = (minute: number, seconds: number) => minute * MINUTE + seconds * 1_000;

interface Sent {
  name: QueueName;
  data: unknown;
  key?: string;
  startAfter?: Date;
}

/**
 * A queue as pg-boss keeps it for these jobs: a key sent again while its job exists adds nothing.
 * Handlers are run by the test, at the time it says.
 */
function fakeJobs() {
  const sent: Sent[] = [];
  const keys = new Set<string>();
  const workers = new Map<QueueName, { handler: (data: never) => Promise<void>; batchSize: number }[]>();
  const jobs: Jobs = {
    async send<N extends QueueName>(name: N, data: QueuePayloads[N], options: SendOptions = {}) {
      if (options.key !== undefined) {
        if (keys.has(`${name}:${options.key}`)) return;
        keys.add(`${name}:${options.key}`);
      }
      sent.push({ name, data, key: options.key, startAfter: options.startAfter });
    },
    async sendMany() {},
    async work(name, handler, options = {}) {
      const list = workers.get(name) ?? [];
      list.push({ handler: handler as (data: never) => Promise<void>, batchSize: options.batchSize ?? 1 });
      workers.set(name, list);
    },
    async schedule() {},
    async unschedule() {},
    async stop() {},
  };
  const run = <N extends QueueName>(name: N, data: QueuePayloads[N]) => workers.get(name)![0]!.handler(data as never);
  /**
   * Whether `late` jobs of a queue, due while `first` ones run, start at once, as pg-boss runs its
   * workers: an idle worker fetches up to its batch, and a busy one fetches again only when its
   * whole batch is done.
   */
  const lateStartAtOnce = (name: QueueName, first: number, late: number) => {
    let due = first;
    let idle = 0;
    for (const w of workers.get(name) ?? []) {
      if (due > 0) due -= Math.min(w.batchSize, due);
      else idle += w.batchSize;
    }
    return due === 0 && idle >= late;
  };
  return { jobs, sent, run, lateStartAtOnce };
}

/** The runner's side: each watcher's follow (partition, until), ended at once or when the test stops it. */
function fakeRunner() {
  const follows: { partition: number; until: number }[] = [];
  let stopAt: number | null = null;
  const runner = {
    sendIntentsAtOnce: () => undefined,
    sendIntent: async () => undefined,
    sweep: async () => 0,
    follow: async (partition: number, _of: number, until: number, stopped: () => boolean) => {
      follows.push({ partition, until });
      // The process is told to stop part-way through the minute.
      if (stopAt !== null) {
        vi.setSystemTime(stopAt);
        expect(stopped()).toBe(true);
      }
    },
  } as unknown as TradeRunner;
  return { runner, follows, stopAt: (ms: number) => void (stopAt = ms) };
}
const { runner } = fakeRunner();

describe("the trade watchers' minutes", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a watcher that starts a moment before its minute queues the next minute’s watcher, not its own again', async () => {
    vi.setSystemTime(at(M, 3));
    const { jobs, sent, run } = fakeJobs();
    await startTradingJobs(jobs, runner, () => new Date());
    await run('trading.sweep', {});
    const watchers = () => sent.filter((s) => s.name === 'trading.watch');
    expect(watchers().map((s) => s.key)).toEqual(Array.from({ length: WATCH_PARTITIONS }, (_, p) => `watch:${p}:${M}`));
    // Minute M's watcher of partition 0 runs and queues minute M+1's, to start a second before
    // the clock reaches M+1.
    await run('trading.watch', { partition: 0, of: WATCH_PARTITIONS, minute: M });
    const next = watchers().at(-1)!;
    expect(next.key).toBe(`watch:0:${M + 1}`);
    expect(next.startAfter!.getTime()).toBe(at(M + 1, -1));
    // It starts there; its own successor is minute M+2's, whatever the clock says.
    vi.setSystemTime(at(M + 1, -0.5));
    await run('trading.watch', next.data as QueuePayloads['trading.watch']);
    expect(watchers().at(-1)!.key).toBe(`watch:0:${M + 2}`);
    expect(watchers().at(-1)!.startAfter!.getTime()).toBe(at(M + 2, -1));
    // The sweep of minute M+1 finds partition 0's watcher already there.
    vi.setSystemTime(at(M + 1, 2));
    const before = watchers().length;
    await run('trading.sweep', {});
    expect(
      watchers()
        .slice(before)
        .map((s) => s.key),
    ).toEqual(Array.from({ length: WATCH_PARTITIONS - 1 }, (_, p) => `watch:${p + 1}:${M + 1}`));
  });

  it('a chain of watchers, each started a moment before its minute, watches every minute and keeps to the clock', async () => {
    vi.setSystemTime(at(M, 4));
    const { jobs, sent, run } = fakeJobs();
    await startTradingJobs(jobs, runner, () => new Date());
    await run('trading.sweep', {});
    let job = sent.find((s) => s.key === `watch:0:${M}`)!;
    let swept = M;
    const ran: { key: string; minute: number }[] = [];
    for (let i = 0; i < 60; i++) {
      ran.push({ key: job.key!, minute: Math.floor(Date.now() / MINUTE) });
      const before = sent.length;
      await run('trading.watch', job.data as QueuePayloads['trading.watch']);
      const successor = sent.slice(before).find((s) => s.name === 'trading.watch' && s.key?.startsWith('watch:0:'));
      expect(successor, `the watcher of ${job.key} queued none`).toBeDefined();
      job = successor!;
      // The queue starts it half a second after its time; each minute's sweep comes after the turn.
      vi.setSystemTime(job.startAfter!.getTime() + 500);
      if (Math.floor(Date.now() / MINUTE) > swept) {
        swept = Math.floor(Date.now() / MINUTE);
        await run('trading.sweep', {});
      }
    }
    // One watcher for each minute, in turn, none ahead of the clock by more than its last second.
    expect(ran.map((r) => r.key)).toEqual(Array.from({ length: 60 }, (_, i) => `watch:0:${M + i}`));
    expect(ran.every((r, i) => r.minute === M + i || r.minute === M + i - 1)).toBe(true);
    expect(Date.now()).toBeLessThan(at(M + 60, 0));
  });

  it('a watcher that starts late, in a later minute, follows the clock’s minute', () => {
    expect(watchedMinute(M, at(M + 3, 10))).toBe(M + 3);
    expect(watchedMinute(M, at(M - 1, 59.2))).toBe(M);
    expect(watchedMinute(M, at(M, 5))).toBe(M);
  });

  it('a watcher queued before jobs named their minute follows the clock’s, or the next one when it starts just before it', () => {
    expect(watchedMinute(undefined, at(M, 5))).toBe(M);
    // Its successors started up to about 6 s before their minute: that minute is theirs.
    expect(watchedMinute(undefined, at(M + 1, -4))).toBe(M + 1);
  });

  it('a watcher watches to the end of its minute, one started a second early included', async () => {
    vi.setSystemTime(at(M, 3));
    const { jobs, run } = fakeJobs();
    const { runner: counted, follows } = fakeRunner();
    await startTradingJobs(jobs, counted, () => new Date());
    await run('trading.watch', { partition: 1, of: WATCH_PARTITIONS, minute: M });
    vi.setSystemTime(at(M + 1, -0.6));
    await run('trading.watch', { partition: 1, of: WATCH_PARTITIONS, minute: M + 1 });
    expect(follows).toEqual([
      { partition: 1, until: at(M + 1, 0) },
      { partition: 1, until: at(M + 2, 0) },
    ]);
  });

  it('a watcher whose process stops within its minute hands the rest of it over; a hand-over that starts after its minute does nothing', async () => {
    vi.setSystemTime(at(M, 3));
    const { jobs, sent, run } = fakeJobs();
    const { runner: stopping, follows, stopAt } = fakeRunner();
    const stop = await startTradingJobs(jobs, stopping, () => new Date());
    stopAt(at(M, 20));
    stop();
    await run('trading.watch', { partition: 0, of: WATCH_PARTITIONS, minute: M });
    const handover = sent.at(-1)!;
    expect(handover).toMatchObject({
      name: 'trading.watch',
      data: { partition: 0, of: WATCH_PARTITIONS, minute: M, handover: true },
    });
    expect(handover.key).toMatch(new RegExp(`^watch:0:${M}:handover:`));
    // A second watcher of the partition in this process (one that started late, beside the
    // minute's own) hands over nothing more.
    await run('trading.watch', { partition: 0, of: WATCH_PARTITIONS, minute: M - 2 });
    expect(sent.filter((s) => (s.data as { handover?: true }).handover)).toHaveLength(1);
    // The next process takes it within the minute: it watches to the minute's end (its successor,
    // queued by the watcher that stopped, is there already).
    const { jobs: nextJobs, sent: nextSent, run: nextRun } = fakeJobs();
    const { runner: next, follows: nextFollows } = fakeRunner();
    await startTradingJobs(nextJobs, next, () => new Date());
    vi.setSystemTime(at(M, 30));
    await nextRun('trading.watch', handover.data as QueuePayloads['trading.watch']);
    expect(nextFollows).toEqual([{ partition: 0, until: at(M + 1, 0) }]);
    expect(nextSent.filter((s) => s.name === 'trading.watch').at(-1)!.key).toBe(`watch:0:${M + 1}`);
    // Another process's stop in the same minute hands over again, under its own key.
    const { runner: secondStopping, stopAt: secondStopAt } = fakeRunner();
    const { jobs: thirdJobs, sent: thirdSent, run: thirdRun } = fakeJobs();
    const stopSecond = await startTradingJobs(thirdJobs, secondStopping, () => new Date());
    secondStopAt(at(M, 40));
    stopSecond();
    await thirdRun('trading.watch', handover.data as QueuePayloads['trading.watch']);
    const again = thirdSent.at(-1)!;
    expect(again.data).toEqual(handover.data);
    expect(again.key).toMatch(new RegExp(`^watch:0:${M}:handover:`));
    expect(again.key).not.toBe(handover.key);
    // Taken after its minute, it does nothing: the next minute's watcher watches.
    vi.setSystemTime(at(M + 1, 5));
    const before = nextSent.length;
    await nextRun('trading.watch', handover.data as QueuePayloads['trading.watch']);
    expect(nextFollows).toHaveLength(1);
    expect(nextSent.length).toBe(before);
    // The stopping process's two watchers both watched till the stop.
    expect(follows.map((f) => f.until)).toEqual([at(M + 1, 0), at(M + 1, 0)]);
  });

  it('a watcher stopped in its minute’s last second hands nothing over: its successor is starting', async () => {
    vi.setSystemTime(at(M, 3));
    const { jobs, sent, run } = fakeJobs();
    const { runner: stopping, stopAt } = fakeRunner();
    const stop = await startTradingJobs(jobs, stopping, () => new Date());
    stopAt(at(M + 1, -0.5));
    stop();
    await run('trading.watch', { partition: 0, of: WATCH_PARTITIONS, minute: M });
    expect(sent.at(-1)!.key).toBe(`watch:0:${M + 1}`);
  });

  it('a retried watcher or a hand-over due while the minute’s two run starts at once', async () => {
    vi.setSystemTime(at(M, 3));
    const { jobs, lateStartAtOnce } = fakeJobs();
    await startTradingJobs(jobs, runner, () => new Date());
    expect(lateStartAtOnce('trading.watch', WATCH_PARTITIONS, 1)).toBe(true);
  });
});
