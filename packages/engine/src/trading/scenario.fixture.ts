/**
 * A small harness for the engine's scenario tests: a trade, the events a day brings, and what the
 * engine asked for along the way. Quotes, fills and clock ticks are written as a trader reads them.
 */
import { basicRanges, equity, newTrade, type RangeInput, type TradeInput } from './create';
import { step } from './step';
import type { EngineOrder, EngineTrade, Intent, OrderUpdate, TradeEvent, TrailingSpec } from './types';

export const T0 = Date.UTC(2026, 10, 24, 15, 0); // 10:00 in New York
export const MINUTE = 60_000;

export interface Basic {
  buyRangeLow?: string;
  buyRangeHigh?: string;
  targetRangeLow?: string;
  targetRangeHigh?: string;
  amountLow?: string;
  amountHigh?: string;
  stopLoss?: string | null;
  trailing?: TrailingSpec | null;
  cancelUnfilledAt?: number | null;
}

/** The worked example of docs/trading-rules.md: buy 50 at 9.80 and 50 at 10.00, targets 11 and 12, stop 9.00. */
export function basicTrade(p: Basic = {}): EngineTrade {
  return newTrade({
    id: '42',
    ticker: 'ACME',
    ranges: basicRanges(equity('ACME'), {
      buyRangeLow: p.buyRangeLow ?? '9.80',
      buyRangeHigh: p.buyRangeHigh ?? '10.00',
      targetRangeLow: p.targetRangeLow ?? '11.00',
      targetRangeHigh: p.targetRangeHigh ?? '12.00',
      amountLow: p.amountLow ?? '50',
      amountHigh: p.amountHigh ?? '50',
    }),
    stopLoss: p.stopLoss === undefined ? '9.00' : p.stopLoss,
    trailing: p.trailing ?? null,
    cancelUnfilledAt: p.cancelUnfilledAt ?? null,
    at: T0,
  });
}

export function advancedTrade(ranges: RangeInput[], rest: Partial<TradeInput> = {}): EngineTrade {
  return newTrade({
    id: '7',
    ticker: 'ACME',
    ranges,
    stopLoss: '5',
    trailing: null,
    cancelUnfilledAt: null,
    at: T0,
    ...rest,
  });
}

/** A trade driven through events, remembering every intent and log line. */
/** Freezes a value and everything in it (the engine promises never to change its input). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export class Scenario {
  trade: EngineTrade;
  intents: Intent[] = [];
  last: Intent[] = [];
  log: string[] = [];
  refused: string | undefined;
  at = T0;

  constructor(trade: EngineTrade) {
    this.trade = trade;
  }

  /** Steps the trade; the trade given is frozen, so a step that changed its input would throw. */
  send(event: TradeEvent): this {
    this.at = Math.max(this.at, event.at);
    const r = step(deepFreeze(this.trade), event);
    this.trade = r.trade;
    this.last = r.intents;
    this.intents.push(...r.intents);
    this.log.push(...r.log);
    this.refused = r.refused;
    return this;
  }

  /** Time moves on by `minutes` before the next event. */
  later(minutes = 1): this {
    this.at += minutes * MINUTE;
    return this;
  }

  submit(): this {
    return this.send({ type: 'submit', at: this.at });
  }

  /** A quote: bid as given, ask a cent above, last between. */
  quote(bid: string, ask?: string, instrument = 'ACME'): this {
    const a = ask ?? (Number(bid) + 0.01).toFixed(2);
    return this.send({ type: 'quote', instrument, bid, ask: a, last: bid, at: this.at });
  }

  tick(): this {
    return this.send({ type: 'tick', at: this.at });
  }

  order(purpose: string, rangeId: string, attempt = 1): EngineOrder {
    const o = this.trade.orders.find((x) => x.purpose === purpose && x.rangeId === rangeId && x.attempt === attempt);
    if (!o) throw new Error(`no ${purpose} order for ${rangeId} (attempt ${attempt})`);
    return o;
  }

  answer(
    purpose: string,
    rangeId: string,
    status: OrderUpdate['status'],
    filledQty = '0',
    avgFillPrice: string | null = null,
    attempt = 1,
  ): this {
    const o = this.order(purpose, rangeId, attempt);
    return this.send({ type: 'order', clientOrderId: o.clientOrderId, status, filledQty, avgFillPrice, at: this.at });
  }

  accept(purpose: string, rangeId: string, attempt = 1): this {
    return this.answer(
      purpose,
      rangeId,
      'accepted',
      this.order(purpose, rangeId, attempt).filledQty,
      this.order(purpose, rangeId, attempt).avgFillPrice,
      attempt,
    );
  }

  fill(purpose: string, rangeId: string, qty: string, price: string, attempt = 1): this {
    const o = this.order(purpose, rangeId, attempt);
    const full = Number(qty) >= Number(o.qty);
    return this.answer(purpose, rangeId, full ? 'filled' : 'partially_filled', qty, price, attempt);
  }

  cancelled(purpose: string, rangeId: string, attempt = 1): this {
    const o = this.order(purpose, rangeId, attempt);
    return this.answer(purpose, rangeId, 'cancelled', o.filledQty, o.avgFillPrice, attempt);
  }

  /** Every intent so far of a kind, as 'place BUY R1 50 @ 9.8' lines. */
  said(type?: Intent['type']): string[] {
    return this.intents.filter((i) => !type || i.type === type).map(describe);
  }

  lastSaid(): string[] {
    return this.last.map(describe);
  }
}

export function describe(i: Intent): string {
  if (i.type === 'place') {
    const what = i.clientOrderId.split('-')[1];
    return `place ${i.purpose} ${what} ${i.qty} @ ${i.orderType === 'market' ? 'market' : i.limitPrice}`;
  }
  if (i.type === 'modify') return `modify ${i.clientOrderId} @ ${i.limitPrice}`;
  return `cancel ${i.clientOrderId}`;
}
