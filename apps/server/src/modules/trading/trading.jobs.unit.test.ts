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
  const handlers = new Map<QueueName, (data: never) => Promise<void>>();
  const jobs: Jobs = {
    async send<N extends QueueName>(name: N, data: QueuePayloads[N], options: SendOptions = {}) {
      if (options.key !== undefined) {
        if (keys.has(`${name}:${options.key}`)) return;
        keys.add(`${name}:${options.key}`);
      }
      sent.push({ name, data, key: options.key, startAfter: options.startAfter });
    },
    async sendMany() {},
    async work(name, handler) {
      handlers.set(name, handler as (data: never) => Promise<void>);
    },
    async schedule() {},
    async unschedule() {},
    async stop() {},
  };
  const run = <N extends QueueName>(name: N, data: QueuePayloads[N]) => handlers.get(name)!(data as never);
  return { jobs, sent, run };
}

const runner = {
  sendIntentsAtOnce: () => undefined,
  sendIntent: async () => undefined,
  sweep: async () => 0,
  follow: async () => undefined,
} as unknown as TradeRunner;

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

  it('a watcher queued by a version that did not name its minute follows the clock’s', () => {
    expect(watchedMinute(undefined, at(M, 5))).toBe(M);
  });
});
