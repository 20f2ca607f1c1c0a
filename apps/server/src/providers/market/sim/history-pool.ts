/**
 * The simulated market's history helper: a worker thread that makes completed days' bars beside
 * the main thread. A year of hourly bars is a year of minute paths to compute (a bot replayed over
 * 365 days on ten tickers asks for 3,650 of them); the helper and this thread take chunks of the
 * missing days from either end of one queue, so each does what it can and the bars are ready in
 * about half the time on two cores. The thread is started with the market (`eager`: it takes a
 * moment to load) or the first time a long history is asked for; this thread makes chunks while
 * it loads, and if it fails, every day itself. Both make the same bars from the same seed
 * (history.ts): which thread made a day changes nothing.
 */
import { Worker } from 'node:worker_threads';
import type { Bar } from '@drat/contracts';
import { keepHistory } from './bars';
import type { SimEngine, TickerState } from './engine';
import { historyOf } from './history';

/** Days per chunk: small enough to share a year evenly, big enough that messages cost little. */
const CHUNK_DAYS = 8;
/** Fewer missing days than this are made by this thread alone. */
export const HELPED_FROM_DAYS = 2 * CHUNK_DAYS;

export interface HistoryAsk {
  id: number;
  seed: string;
  alwaysOpen: boolean;
  symbol: string;
  n: number;
  days: number[];
}
export type HistoryAnswer = { id: number; bars: Bar[][] } | { id: number; error: string };

export interface HistoryHelper {
  /** Makes and keeps the bars of n minutes of `days` (completed, not kept yet), with the helper's help. */
  fill(engine: SimEngine, s: TickerState, n: number, days: readonly number[]): Promise<void>;
  /** Days the helper thread made (the rest were made here). */
  readonly helped: number;
  /** Resolves once the helper thread is ready, false when it could not start. */
  readonly ready: Promise<boolean>;
  close(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function startHistoryHelper(seed: string, alwaysOpen: boolean, eager = true): HistoryHelper {
  const pending = new Map<number, { resolve: (bars: Bar[][]) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let up = false;
  let broken = false;
  let helped = 0;
  let markReady: (ok: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => (markReady = resolve));
  let worker: Worker | null = null;

  const fail = (err: Error) => {
    broken = true;
    markReady(false);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker?.unref();
  };
  /** The thread, started the first time a long history is asked for (it takes a moment to load). */
  function started(): Worker {
    if (worker) return worker;
    const w = (worker = new Worker(new URL('./history-thread.mjs', import.meta.url)));
    w.unref();
    w.on('message', (m: HistoryAnswer | { ready: true }) => {
      if ('ready' in m) {
        up = true;
        markReady(true);
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (pending.size === 0) w.unref();
      if ('error' in m) p.reject(new Error(m.error));
      else p.resolve(m.bars);
    });
    w.on('error', (err) => fail(err));
    w.on('exit', () => fail(new Error('the history helper thread stopped')));
    return w;
  }

  function ask(symbol: string, n: number, days: number[]): Promise<Bar[][]> {
    const id = nextId++;
    return new Promise<Bar[][]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      // Held while it works for us (the process waits for its answer), let go when idle.
      const w = started();
      w.ref();
      w.postMessage({ id, seed, alwaysOpen, symbol, n, days } satisfies HistoryAsk);
    });
  }

  if (eager) started();
  return {
    get ready() {
      if (!broken) started();
      return ready;
    },
    get helped() {
      return helped;
    },
    async fill(engine, s, n, days) {
      const chunks: number[][] = [];
      for (let i = 0; i < days.length; i += CHUNK_DAYS) chunks.push(days.slice(i, i + CHUNK_DAYS));
      const keep = (chunk: number[], bars: Bar[][]) => chunk.forEach((day, k) => keepHistory(s, n, day, bars[k]!));
      let mainDone: () => void = () => {};
      const mainFinished = new Promise<void>((resolve) => (mainDone = resolve));
      // The helper takes the oldest chunks, this thread the newest, until none is left. Two of the
      // helper's chunks are asked at once, so it starts the next while this thread takes the last.
      const lane = async () => {
        while (up && !broken && chunks.length > 0) {
          const chunk = chunks.shift()!;
          try {
            keep(chunk, await ask(s.model.ticker.symbol, n, chunk));
            helped += chunk.length;
          } catch {
            chunks.push(chunk); // made here instead
            return;
          }
        }
      };
      if (!broken) started();
      const helper = (async () => {
        if (!up) await Promise.race([ready, mainFinished]);
        await Promise.all([lane(), lane()]);
      })();
      while (chunks.length > 0) {
        const chunk = chunks.pop()!;
        keep(chunk, historyOf(engine, s, n, chunk));
        await nextTurn(); // the helper's answers come in between chunks
      }
      mainDone();
      await helper;
      // What the helper handed back when it failed.
      while (chunks.length > 0) {
        const chunk = chunks.pop()!;
        keep(chunk, historyOf(engine, s, n, chunk));
      }
    },
    async close() {
      if (worker) await worker.terminate();
      else fail(new Error('the history helper was closed'));
    },
  };
}
