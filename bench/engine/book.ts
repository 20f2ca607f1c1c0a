/**
 * `npm run bench:engine -w @drat/bench`: the smart-trade engine against a market's worth of quotes,
 * on one core (issue 13's figure: 100,000 active trades, batches of 10,000 quotes on 2,000 tickers,
 * under 100 ms per batch).
 *
 * Each batch: for each quote in turn, the trade book (packages/engine/src/trading/book.ts) names
 * the trades it concerns, those are stepped, and their new watch levels go back into the book.
 * Quotes are noise around each ticker's level, with one in 500 through the stop and one in 500
 * through the targets. The baseline,
 * from the same run, steps every trade of each quoted ticker without the book (measured warm on a
 * slice of a batch and scaled up). The floor, from the same run, is the steps of the trades the
 * quotes cross alone (timed without the book on one more batch, scaled to the batches' steps):
 * what any index must still do, since those steps make the intents. Prints figures; never fails
 * on time.
 *
 * BENCH_TRADES (100000), BENCH_TICKERS (2000), BENCH_QUOTES (10000), BENCH_WARMUP (5), BENCH_BATCHES (20).
 *
 * The first batches are printed apart (warm-up): the JIT is still compiling, and the simulated
 * prices keep making new highs that move every trail (a live market's steady state makes few).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  basicRanges,
  createTradeBook,
  equity,
  newTrade,
  step,
  type EngineTrade,
  type TradeEvent,
} from '../../packages/engine/src/index';

const TRADES = Number(process.env.BENCH_TRADES ?? 100_000);
const TICKERS = Number(process.env.BENCH_TICKERS ?? 2_000);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 10_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const TARGET_MS = 100;
const T0 = Date.UTC(2026, 10, 24, 15, 0);

/** A seeded generator, so every run measures the same market. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const random = rng(42);
const tickers = Array.from({ length: TICKERS }, (_, i) => `T${i.toString(36).toUpperCase()}`);

/** Runs events through the engine. */
function run(trade: EngineTrade, events: TradeEvent[]): EngineTrade {
  return events.reduce((t, e) => step(t, e).trade, trade);
}
const fill = (t: EngineTrade, purpose: string, range: string, qty: string, price: string): TradeEvent => {
  const o = t.orders.find((x) => x.purpose === purpose && x.rangeId === range)!;
  return {
    type: 'order',
    clientOrderId: o.clientOrderId,
    status: 'filled',
    filledQty: qty,
    avgFillPrice: price,
    at: T0,
  };
};

/** One trade in one of four states: pending, half held, all held with targets, held and trailing. */
function makeTrade(i: number): EngineTrade {
  const ticker = tickers[i % TICKERS]!;
  const trailing = i % 4 === 3 ? { percent: '5', newPercent: '2', triggerPercent: '40' } : null;
  let t = newTrade({
    id: String(i),
    ticker,
    ranges: basicRanges(equity(ticker), {
      buyRangeLow: '9.80',
      buyRangeHigh: '10.00',
      targetRangeLow: '11.00',
      targetRangeHigh: '12.00',
      amountLow: '50',
      amountHigh: '50',
    }),
    stopLoss: '9.00',
    trailing,
    cancelUnfilledAt: null,
    at: T0,
  });
  t = step(t, { type: 'submit', at: T0 }).trade;
  const kind = i % 4;
  if (kind >= 1) t = run(t, [fill(t, 'BUY', 'R2', '50', '10.00')]);
  if (kind >= 2) t = run(t, [fill(t, 'BUY', 'R1', '50', '9.80')]);
  if (kind === 3)
    t = step(t, { type: 'quote', instrument: ticker, bid: '10.40', ask: '10.41', last: '10.40', at: T0 }).trade;
  return t;
}

/** A batch of quotes: mostly small moves around 10.3, now and then one through a level. */
function batch(n: number, at: number): Extract<TradeEvent, { type: 'quote' }>[] {
  return Array.from({ length: n }, () => {
    const r = random();
    const bid = r < 0.002 ? 8.9 : r < 0.004 ? 11.2 : 10.05 + random() * 0.5;
    const b = bid.toFixed(2);
    return {
      type: 'quote' as const,
      instrument: tickers[Math.floor(random() * TICKERS)]!,
      bid: b,
      ask: (bid + 0.01).toFixed(2),
      last: b,
      at,
    };
  });
}

function main() {
  const t0 = performance.now();
  const trades = new Map<string, EngineTrade>();
  const byTicker = new Map<string, string[]>();
  for (let i = 0; i < TRADES; i++) {
    const t = makeTrade(i);
    trades.set(t.id, t);
    const list = byTicker.get(t.ticker) ?? [];
    list.push(t.id);
    byTicker.set(t.ticker, list);
  }
  const book = createTradeBook();
  for (const t of trades.values()) book.put(t);
  const setupMs = performance.now() - t0;

  // Baseline: every trade of each quoted ticker stepped, no book (a slice, scaled to a batch).
  // Stepping is pure and nothing is kept, so the slice is stepped once untimed first: the baseline
  // is timed warm, as the batches after the warm-up are.
  const slice = batch(Math.max(1, Math.floor(QUOTES / 50)), T0 + 1_000);
  const everyTrade = () => {
    let steps = 0;
    for (const q of slice) {
      for (const id of byTicker.get(q.instrument) ?? []) {
        step(trades.get(id)!, q);
        steps++;
      }
    }
    return steps;
  };
  everyTrade();
  const b0 = performance.now();
  const baselineSteps = everyTrade();
  const baselineMs = ((performance.now() - b0) * QUOTES) / slice.length;

  const times: number[] = [];
  let stepped = 0;
  let intents = 0;
  const warmup: number[] = [];
  for (let b = 0; b < WARMUP + BATCHES; b++) {
    const quotes = batch(QUOTES, T0 + (b + 2) * 1_000);
    const start = performance.now();
    // As the runner does: each quote in turn, stepping the trades it concerns.
    for (const q of quotes) {
      for (const id of book.due([q])) {
        const r = step(trades.get(id)!, q);
        trades.set(id, r.trade);
        book.put(r.trade);
        stepped++;
        intents += r.intents.length;
      }
    }
    (b < WARMUP ? warmup : times).push(performance.now() - start);
    if (b === WARMUP - 1) {
      stepped = 0;
      intents = 0;
    }
  }
  // The least any index can take on this market: the steps of the trades the quotes cross. One more
  // batch records each trade the book names with its state before the quote; those steps are then
  // timed alone, without the book (steps are pure: the same states give the same work; fastest
  // of 5), and the time a step is scaled to the timed batches' steps.
  const named: { trade: EngineTrade; quote: TradeEvent }[] = [];
  for (const q of batch(QUOTES, T0 + (WARMUP + BATCHES + 2) * 1_000)) {
    for (const id of book.due([q])) {
      const before = trades.get(id)!;
      named.push({ trade: before, quote: q });
      const r = step(before, q);
      trades.set(id, r.trade);
      book.put(r.trade);
    }
  }
  let stepsOnlyMs = Infinity;
  for (let k = 0; k < 5; k++) {
    const s0 = performance.now();
    for (const n of named) step(n.trade, n.quote);
    stepsOnlyMs = Math.min(stepsOnlyMs, performance.now() - s0);
  }

  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  const p90 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.9) - 1)]!;
  const max = times.at(-1)!;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`bench/engine on ${cpu}, Node ${process.version}, one core`);
  console.log(
    `setup: ${TRADES.toLocaleString('en-US')} trades on ${TICKERS} tickers built and booked in ${setupMs.toFixed(0)} ms`,
  );
  console.log('');
  console.log(
    `warm-up: ${WARMUP} batches of ${QUOTES.toLocaleString('en-US')} quotes took ${warmup.map((t) => t.toFixed(0)).join(', ')} ms (the first sets every trail's peak)`,
  );
  console.log(`batches of ${QUOTES.toLocaleString('en-US')} quotes after the warm-up (${BATCHES} batches):`);
  console.log(
    `  per batch   p50 ${p50.toFixed(1)} ms   p90 ${p90.toFixed(1)} ms   max ${max.toFixed(1)} ms   target < ${TARGET_MS} ms per batch: ${max < TARGET_MS ? 'meets' : p50 < TARGET_MS ? 'meets at p50, not every batch' : 'misses'}`,
  );
  console.log(
    `  stepped     ${(stepped / BATCHES).toFixed(0)} trades per batch, ${(intents / BATCHES).toFixed(0)} intents per batch`,
  );
  console.log(
    `  baseline    every trade of each quoted ticker stepped without the book: ${baselineMs.toFixed(0)} ms per batch (${baselineSteps} steps on ${slice.length} quotes, scaled)`,
  );
  console.log(`  ratio       the book's batch takes ${((p50 / baselineMs) * 100).toFixed(2)} % of the baseline's`);
  const perStep = stepsOnlyMs / named.length;
  const floorMs = perStep * (stepped / BATCHES);
  if (named.length === 0) console.log('  floor       not measured: the extra batch crossed no trade');
  else
    console.log(
      `  floor       ${(stepped / BATCHES).toFixed(0)} steps per batch × ${(perStep * 1000).toFixed(1)} µs a step (the named trades' steps alone, no book, timed on one more batch's ${named.length}) = ${floorMs.toFixed(1)} ms, ${((floorMs / baselineMs) * 100).toFixed(2)} % of the baseline's: what any index must still do on this market, since those steps make the intents; the book's own part of a batch is the rest`,
    );
}

main();
