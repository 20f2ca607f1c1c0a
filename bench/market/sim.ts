/**
 * `npm run bench:market -w @drat/bench` (or `node --import tsx bench/market/sim.ts`): throughput of
 * the simulated market on one core. Prints figures only; it never fails on time.
 *
 * - live prices per second (the cheap path: a ticker's price at an instant, interpolated inside its
 *   minute, plus bid/ask) and full Quote objects per second, over a rotating set of tickers at
 *   advancing instants (target: 1,000,000 or more);
 * - the time to generate one year of 1-minute bars for one ticker from a cold engine, in NYSE hours
 *   and in always-open mode (target: under 1 s).
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Quote } from '@drat/contracts';
import { simBars } from '../../apps/server/src/providers/market/sim/bars';
import { SimEngine } from '../../apps/server/src/providers/market/sim/engine';

export interface SimBenchFigures {
  pricesPerSecond: number;
  quotesPerSecond: number;
  yearOfMinuteBarsMs: { nyse: number; alwaysOpen: number };
  yearOfMinuteBarsCount: { nyse: number; alwaysOpen: number };
}

const TICKERS = [
  'AAPL',
  'MSFT',
  'NVDA',
  'SPY',
  'QQQ',
  'TSLA',
  'AMZN',
  'META',
  'JPM',
  'XOM',
  'KO',
  'PLTR',
  'F',
  'AMD',
  'IWM',
  'AABB',
];
const START = Date.UTC(2026, 2, 10, 14, 30); // a Tuesday, 10:30 ET

/** Runs `step` in batches for about `ms` milliseconds; returns calls per second. */
function rate(ms: number, step: (n: number) => void): number {
  const batch = 100_000;
  let n = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    step(n);
    n += batch;
    elapsed = performance.now() - t0;
  }
  return (n / elapsed) * 1000;
}

function yearOfMinuteBars(alwaysOpen: boolean): { ms: number; count: number } {
  const engine = new SimEngine('bench', alwaysOpen); // cold: nothing cached
  const s = engine.state('AAPL')!;
  const from = Date.UTC(2025, 0, 1);
  const to = Date.UTC(2026, 0, 1);
  const t0 = performance.now();
  const bars = simBars(engine, s, '1min', from, to, to);
  return { ms: performance.now() - t0, count: bars.length };
}

export function runSimBench(seconds = 1): SimBenchFigures {
  const engine = new SimEngine('bench', false);
  const states = TICKERS.map((t) => engine.state(t)!);
  let sink = 0;
  // Live ticks: each call moves 7 ms of simulated time forward on the next ticker.
  const pricesPerSecond = rate(seconds * 1000, (n) => {
    for (let k = 0; k < 100_000; k++) {
      const s = states[k & 15]!;
      const ms = START + (n + k) * 7;
      sink += engine.price(s, ms);
      const minute = Math.floor(ms / 60_000);
      const path = engine.dayPath(s, Math.floor(minute / 1440));
      sink += engine.bidAsk(s, path, minute % 1440, minute, 100).bid;
    }
  });
  const at = new Date(START).toISOString();
  const kept: Quote[] = new Array<Quote>(1024); // kept, so the objects are really built
  const quotesPerSecond = rate(seconds * 1000, (n) => {
    for (let k = 0; k < 100_000; k++) kept[k & 1023] = engine.quote(states[k & 15]!, START + (n + k) * 7, at);
    sink += kept[0]!.last;
  });
  if (Number.isNaN(sink)) console.log('unreachable');
  const nyse = yearOfMinuteBars(false);
  const open = yearOfMinuteBars(true);
  return {
    pricesPerSecond,
    quotesPerSecond,
    yearOfMinuteBarsMs: { nyse: nyse.ms, alwaysOpen: open.ms },
    yearOfMinuteBarsCount: { nyse: nyse.count, alwaysOpen: open.count },
  };
}

export function printSimBench(f: SimBenchFigures): void {
  const int = (x: number) => Math.round(x).toLocaleString('en-US');
  const cpu = os.cpus();
  console.log(
    `Simulated market (one core) — machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, node ${process.version}`,
  );
  console.log(`  live prices + bid/ask per second   ${int(f.pricesPerSecond).padStart(12)}   (target >= 1,000,000)`);
  console.log(`  full Quote objects per second      ${int(f.quotesPerSecond).padStart(12)}`);
  console.log(
    `  1 year of 1-minute bars, NYSE hours   ${f.yearOfMinuteBarsMs.nyse.toFixed(0).padStart(6)} ms  (${int(f.yearOfMinuteBarsCount.nyse)} bars; target < 1000 ms)`,
  );
  console.log(
    `  1 year of 1-minute bars, always open  ${f.yearOfMinuteBarsMs.alwaysOpen.toFixed(0).padStart(6)} ms  (${int(f.yearOfMinuteBarsCount.alwaysOpen)} bars; target < 1000 ms)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printSimBench(runSimBench(Number(process.env.BENCH_SECONDS ?? 1)));
}
