/**
 * Replay (issue 13, "Beyond what the spec asks"): the trade being entered, run through the same
 * engine over past bars, before the trader commits. A simple broker stands in for the real one:
 *
 * - Within a bar the price goes open → low → high → close (for a buyer the pessimistic order, as
 *   the alert lifecycle assumes); each of those four points is a quote with bid = ask = that price.
 * - An order is matched from the point after the one it was placed at (never on a price it did not
 *   see). A limit buy fills when the price is at or under its limit: at the open price when the bar
 *   opened there (a gap), else at the limit (the price came down through it); a limit sell the same
 *   way upwards. Market orders fill at the point's price. Everything fills at once (no volume).
 * - Cancels and price changes take effect at once.
 *
 * It answers the trade at the end, every execution in order, and the P/L so far: a trader reads it
 * as "what these levels would have done", not as a promise.
 */
import { dec, roundDec, toText } from '../money/decimal';
import { watchesOf } from './book';
import { rangeProfitLoss } from './create';
import { step } from './step';
import type { EngineTrade, Intent, OrderUpdate, TradeEvent } from './types';

export interface ReplayBar {
  /** Start of the bar, epoch ms. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface ReplayExecution {
  at: number;
  rangeId: string;
  label: string;
  side: 'buy' | 'sell';
  purpose: string;
  qty: string;
  price: string;
}

export interface ReplayResult {
  trade: EngineTrade;
  executions: ReplayExecution[];
  /** Realised P/L of what was sold, in dollars; and what is still held at the last close. */
  realised: string;
  held: string;
  /** Held shares valued at the last close minus what they cost. */
  unrealised: string;
  log: { at: number; text: string }[];
}

interface Working {
  clientOrderId: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  limit: string | null;
  qty: string;
  /** Index of the point it was placed at: it is matched from the next one. */
  placedAt: number;
}

const ENDED = new Set(['COMPLETED', 'CANCELLED', 'FAIL']);

export interface ReplayOptions {
  /**
   * Pass over quiet bars (the default): a bar whose every price lies strictly between the levels at
   * which the trade or one of its orders would act changes nothing but the last price, so a run of
   * such bars is stepped as its last close and tick. `false` steps every point of every bar (the
   * tests compare both).
   */
  fastForward?: boolean;
  /** Counts the bars passed over (the tests check that fast-forwarding happened). */
  passed?: { bars: number };
}

/** Runs a DRAFT trade over `bars` (oldest first), on the trade's first instrument. */
export function replay(
  draft: EngineTrade,
  bars: readonly ReplayBar[],
  { fastForward = true, passed: counted }: ReplayOptions = {},
): ReplayResult {
  let trade = draft;
  const working = new Map<string, Working>();
  const log: { at: number; text: string }[] = [];
  const executions: ReplayExecution[] = [];
  let point = 0;

  const feed = (event: TradeEvent) => {
    const r = step(trade, event);
    trade = r.trade;
    for (const text of r.log) log.push({ at: event.at, text });
    for (const intent of r.intents) take(intent, event.at);
  };
  const answer = (
    clientOrderId: string,
    status: OrderUpdate['status'],
    filledQty: string,
    price: string | null,
    at: number,
  ) => feed({ type: 'order', clientOrderId, status, filledQty, avgFillPrice: price, at });

  function take(intent: Intent, at: number): void {
    if (intent.type === 'place') {
      working.set(intent.clientOrderId, {
        clientOrderId: intent.clientOrderId,
        side: intent.side,
        type: intent.orderType,
        limit: intent.limitPrice,
        qty: intent.qty,
        placedAt: point,
      });
      answer(intent.clientOrderId, 'accepted', '0', null, at);
    } else if (intent.type === 'modify') {
      const w = working.get(intent.clientOrderId);
      if (w) w.limit = intent.limitPrice;
    } else if (working.delete(intent.clientOrderId)) {
      answer(intent.clientOrderId, 'cancelled', '0', null, at);
    }
  }

  const first = bars[0];
  if (!first || draft.ranges.length === 0) {
    return { trade, executions: [], realised: '0', held: '0', unrealised: '0', log };
  }
  const instrument = draft.ranges[0]!.instrument.key;
  feed({ type: 'submit', at: first.time });

  /**
   * The band a bar must stay strictly inside to change nothing (null: every bar counts): the
   * trade's own levels on this instrument (docs/trading-rules.md, the book's watches: stop, trail,
   * a target while its buy works) narrowed by every working limit; none with a market order
   * working, a condition pending or a cancel-if-not-filled time still to come within the bar.
   */
  let band: { of: EngineTrade; down: number; up: number } | null = null;
  const quietBand = (): { down: number; up: number } | null => {
    if (band?.of === trade) return band;
    band = null;
    if (trade.conditions.some((row) => !row.done)) return null;
    const watches = watchesOf(trade);
    if (watches.length !== 1 || watches[0]!.instrument !== instrument) return null;
    let { down, up } = watches[0]!;
    for (const w of working.values()) {
      if (w.type === 'market') return null;
      if (w.side === 'buy') down = Math.max(down, Number(w.limit) * (1 + 1e-9));
      else up = Math.min(up, Number(w.limit) * (1 - 1e-9));
    }
    band = { of: trade, down, up };
    return band;
  };
  const quiet = (bar: ReplayBar): boolean => {
    const b = quietBand();
    // Every price of the bar, whatever its feed says its low and high are.
    const low = Math.min(bar.open, bar.low, bar.high, bar.close);
    const high = Math.max(bar.open, bar.low, bar.high, bar.close);
    if (b === null || !(low > b.down && high < b.up)) return false;
    const deadline = trade.cancelUnfilledAt;
    return deadline === null || trade.deadlinePassed || bar.time + 59_999 < deadline;
  };
  /** The last quiet bar passed over: its close and tick are stepped before the next bar that counts. */
  let passed: ReplayBar | null = null;
  const catchUp = () => {
    if (passed === null) return;
    const text = toText(dec(passed.close));
    feed({ type: 'quote', instrument, bid: text, ask: text, last: text, at: passed.time + 3 });
    feed({ type: 'tick', at: passed.time + 59_999 });
    passed = null;
  };

  for (const bar of bars) {
    if (fastForward && quiet(bar)) {
      point += 4;
      passed = bar;
      if (counted) counted.bars++;
      continue;
    }
    catchUp();
    const points = [bar.open, bar.low, bar.high, bar.close];
    for (let i = 0; i < points.length; i++) {
      point++;
      const p = dec(points[i]!);
      const at = bar.time + i;
      for (const w of [...working.values()]) {
        if (w.placedAt >= point) continue;
        const crossed = w.type === 'market' ? true : w.side === 'buy' ? p.lte(w.limit!) : p.gte(w.limit!);
        if (!crossed) continue;
        // At the bar's open the price gapped there; later points were reached through the limit.
        const price = w.type === 'market' || i === 0 ? p : dec(w.limit!);
        working.delete(w.clientOrderId);
        const order = trade.orders.find((o) => o.clientOrderId === w.clientOrderId)!;
        const range = trade.ranges.find((r) => r.id === order.rangeId)!;
        executions.push({
          at,
          rangeId: range.id,
          label: range.label,
          side: w.side,
          purpose: order.purpose,
          qty: w.qty,
          price: toText(price),
        });
        answer(w.clientOrderId, 'filled', w.qty, toText(price), at);
      }
      const text = toText(p);
      feed({ type: 'quote', instrument, bid: text, ask: text, last: text, at });
    }
    feed({ type: 'tick', at: bar.time + 59_999 });
    // Once the trade has ended and no order works, the bars left can change nothing.
    if (ENDED.has(trade.status) && working.size === 0) break;
  }
  catchUp();

  const last = dec(bars.at(-1)!.close);
  let realised = dec(0);
  let held = dec(0);
  let unrealised = dec(0);
  for (const r of trade.ranges) {
    realised = realised.plus(rangeProfitLoss(r).profit_loss);
    const h = dec(r.boughtQty).minus(r.soldQty);
    if (h.gt(0)) {
      const avg = dec(r.boughtAmount).div(dec(r.boughtQty).times(r.instrument.multiplier));
      held = held.plus(h);
      unrealised = unrealised.plus(last.minus(avg).times(h).times(r.instrument.multiplier));
    }
  }
  return {
    trade,
    executions,
    realised: toText(roundDec(realised, 2)),
    held: toText(held),
    unrealised: toText(roundDec(unrealised, 2)),
    log,
  };
}
