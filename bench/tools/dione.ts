/**
 * `npm run bench:tools -w @drat/bench` (or `node --import tsx bench/tools/dione.ts`): Dione
 * analyses per second for one ticker from cached daily bars, on one core. Prints figures only; it
 * never fails on time.
 *
 * - engine: `dioneAnalysis` (short and long term) over the ticker's ~2 years of daily bars;
 * - service path: what GET /stock/dione computes before it writes: the tools market reader (cache
 *   hit on the daily bars, a fresh quote) plus the analysis (target: 500 or more per second);
 * - Range Radar: `rangeRadar` (both terms) over the same bars, for comparison;
 * - the cold read of the daily history that the cache saves.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { dioneAnalysis, rangeRadar } from '@drat/engine';
import { createSimMarket } from '../../apps/server/src/providers/market/sim/index';
import { createToolsMarket } from '../../apps/server/src/modules/tools/tools.market';

export interface DioneBenchFigures {
  ticker: string;
  bars: number;
  coldHistoryMs: number;
  enginePerSecond: number;
  servicePathPerSecond: number;
  rangeRadarPerSecond: number;
}

const FROZEN = Date.parse('2026-03-04T15:30:00Z'); // a Wednesday, 10:30 in New York

/** Calls `step` until about `ms` milliseconds passed; returns calls per second. */
async function rate(ms: number, step: () => unknown): Promise<number> {
  let n = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let k = 0; k < 20; k++) await step();
    n += 20;
    elapsed = performance.now() - t0;
  }
  return (n / elapsed) * 1000;
}

export async function runDioneBench(seconds = 1, ticker = 'AAPL'): Promise<DioneBenchFigures> {
  const provider = createSimMarket({ seed: 'bench', speed: 1, alwaysOpen: false, wallClock: () => FROZEN });
  const tools = createToolsMarket(provider);
  const t0 = performance.now();
  const daily = await tools.dailyHistory(ticker);
  const coldHistoryMs = performance.now() - t0;
  const price = (await tools.snapshot(ticker)).price;
  let sink = 0;
  for (let i = 0; i < 300; i++) sink += dioneAnalysis(daily, price).short.barsUsed + rangeRadar(daily, price).length; // JIT warm-up
  const enginePerSecond = await rate(seconds * 1000, () => {
    const a = dioneAnalysis(daily, price);
    sink += a.long.found ? a.long.buyLow : 0;
  });
  const servicePathPerSecond = await rate(seconds * 1000, async () => {
    const snap = await tools.snapshot(ticker);
    const a = dioneAnalysis(snap.daily, snap.price);
    sink += a.short.found ? a.short.target2 : 0;
  });
  const rangeRadarPerSecond = await rate(seconds * 1000, () => {
    sink += rangeRadar(daily, price).length;
  });
  if (Number.isNaN(sink)) console.log('unreachable');
  return { ticker, bars: daily.length, coldHistoryMs, enginePerSecond, servicePathPerSecond, rangeRadarPerSecond };
}

export function printDioneBench(f: DioneBenchFigures): void {
  const int = (x: number) => Math.round(x).toLocaleString('en-US');
  const cpu = os.cpus();
  console.log(`Dione (one core) — machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, node ${process.version}`);
  console.log(
    `  ticker ${f.ticker}, ${f.bars} cached daily bars (cold read ${f.coldHistoryMs.toFixed(0)} ms, saved by the cache)`,
  );
  console.log(`  Dione analyses per second, engine only      ${int(f.enginePerSecond).padStart(9)}`);
  console.log(
    `  Dione analyses per second, service path     ${int(f.servicePathPerSecond).padStart(9)}   (target >= 500)`,
  );
  console.log(`  Range Radar analyses per second             ${int(f.rangeRadarPerSecond).padStart(9)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printDioneBench(await runDioneBench(Number(process.env.BENCH_SECONDS ?? 1)));
}
