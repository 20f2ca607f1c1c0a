/**
 * The history helper thread (history-pool.ts): makes completed days' bars for the main thread, from
 * the same seed and with the same code, so its bars are the ones the main thread would make.
 */
import { parentPort } from 'node:worker_threads';
import { SimEngine } from './engine';
import { historyOf } from './history';
import type { HistoryAnswer, HistoryAsk } from './history-pool';

const port = parentPort!;
const engines = new Map<string, SimEngine>();

port.on('message', (ask: HistoryAsk) => {
  let answer: HistoryAnswer;
  try {
    const key = `${ask.alwaysOpen}:${ask.seed}`;
    let engine = engines.get(key);
    if (!engine) engines.set(key, (engine = new SimEngine(ask.seed, ask.alwaysOpen)));
    const s = engine.state(ask.symbol);
    answer = { id: ask.id, bars: s ? historyOf(engine, s, ask.n, ask.days) : ask.days.map(() => []) };
  } catch (err) {
    answer = { id: ask.id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(answer);
});
port.postMessage({ ready: true });
