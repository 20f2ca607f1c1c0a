/**
 * Building a trade for the engine, and what it shows a trader: the ranges of a basic trade (two
 * buy ranges with mirrored targets), P/L per execution, and the options estimates of 2-trading §9.
 */
import { dec, roundDec, toText, type DecimalInput } from '../money/decimal';
import { gatedBy } from './step';
import type { ConditionRow, DecimalText, EngineTrade, TradeInstrument, RangeState, TrailingSpec } from './types';

export interface RangeInput {
  instrument: TradeInstrument;
  buyPrice: DecimalInput;
  buyQty: DecimalInput;
  targetPrice: DecimalInput;
  /** What the target sells; the buy quantity when not given (an advanced range's sell quantity). */
  sellQty?: DecimalInput;
  label?: string;
}

export interface TradeInput {
  id: string;
  ticker: string;
  ranges: RangeInput[];
  stopLoss: DecimalInput | null;
  trailing: TrailingSpec | null;
  cancelUnfilledAt: number | null;
  conditions?: Omit<ConditionRow, 'done'>[];
  at: number;
}

export const equity = (ticker: string): TradeInstrument => ({ key: ticker, kind: 'equity', multiplier: 1 });

/**
 * The two ranges of a basic trade (2-trading §4 "Amount splitting"): range 1 buys at buy range low
 * and sells at target range high, range 2 buys at buy range high and sells at target range low
 * (the low target sells the high range's shares, the high target the low range's).
 */
export function basicRanges(
  instrument: TradeInstrument,
  p: {
    buyRangeLow: DecimalInput;
    buyRangeHigh: DecimalInput;
    targetRangeLow: DecimalInput;
    targetRangeHigh: DecimalInput;
    amountLow: DecimalInput;
    amountHigh: DecimalInput;
  },
): RangeInput[] {
  return [
    { instrument, buyPrice: p.buyRangeLow, buyQty: p.amountLow, targetPrice: p.targetRangeHigh, label: 'buy_range_1' },
    { instrument, buyPrice: p.buyRangeHigh, buyQty: p.amountHigh, targetPrice: p.targetRangeLow, label: 'buy_range_2' },
  ].filter((r) => dec(r.buyQty).gt(0));
}

/** A new trade, as a DRAFT: its `submit` event starts it. */
export function newTrade(input: TradeInput): EngineTrade {
  const ranges: RangeState[] = input.ranges.map((r, i) => ({
    id: `R${i + 1}`,
    label: r.label ?? `Range ${i + 1}`,
    instrument: r.instrument,
    buyPrice: toText(dec(r.buyPrice)),
    buyQty: toText(dec(r.buyQty)),
    targetPrice: toText(dec(r.targetPrice)),
    sellQty: toText(dec(r.sellQty ?? r.buyQty)),
    gated: false,
    buyCancelled: false,
    targetCancelled: false,
    sellNowAt: null,
    targetReached: false,
    entries: [],
    exits: [],
    boughtQty: '0',
    boughtAmount: '0',
    soldQty: '0',
    soldAmount: '0',
    buyFilled: false,
    sellFilled: false,
    completed: false,
  }));
  const trade: EngineTrade = {
    id: input.id,
    status: 'DRAFT',
    ticker: input.ticker,
    ranges,
    stopLoss: input.stopLoss === null ? null : toText(dec(input.stopLoss)),
    trailing: input.trailing,
    trail: {},
    cancelUnfilledAt: input.cancelUnfilledAt,
    deadlinePassed: false,
    exitReason: null,
    soldAtStopLoss: false,
    conditions: (input.conditions ?? []).map((row) => ({ ...row, done: false })),
    indicators: {},
    quotes: {},
    orders: [],
    failure: null,
    updatedAt: input.at,
  };
  for (const r of trade.ranges) r.gated = gatedBy(trade, r.id);
  return trade;
}

/** One side of an execution for profit_loss_data: when, average price, quantity, amount. */
export interface ExecutionSide {
  date: number | null;
  price: DecimalText | null;
  quantity: DecimalText;
  amount: DecimalText;
}

export interface RangeProfitLoss {
  entry: ExecutionSide;
  exit: ExecutionSide;
  /** Realised: what was sold minus what those shares cost. */
  profit_loss: DecimalText;
  profit_loss_percent: DecimalText | null;
}

function side(qty: DecimalText, amount: DecimalText, multiplier: number, dates: number[]): ExecutionSide {
  const q = dec(qty);
  return {
    date: dates.length ? Math.max(...dates) : null,
    price: q.isZero() ? null : toText(roundDec(dec(amount).div(q.times(multiplier)), 8)),
    quantity: qty,
    amount,
  };
}

/** A range's P/L (2-trading §3 "Profit/loss data"): average entry and exit, realised P/L in dollars and percent. */
export function rangeProfitLoss(r: RangeState): RangeProfitLoss {
  const m = r.instrument.multiplier;
  const entry = side(
    r.boughtQty,
    r.boughtAmount,
    m,
    r.entries.map((e) => e.at),
  );
  const exit = side(
    r.soldQty,
    r.soldAmount,
    m,
    r.exits.map((e) => e.at),
  );
  const bought = dec(r.boughtQty);
  if (bought.isZero() || dec(r.soldQty).isZero()) return { entry, exit, profit_loss: '0', profit_loss_percent: null };
  const costOfSold = dec(r.boughtAmount).div(bought).times(r.soldQty);
  const pl = dec(r.soldAmount).minus(costOfSold);
  return {
    entry,
    exit,
    profit_loss: toText(roundDec(pl, 2)),
    profit_loss_percent: toText(roundDec(pl.div(costOfSold).times(100), 2)),
  };
}

/** 2-trading §9: a premium costs 100 times itself. (The confirmation's fee estimate is contracts' `tradeEstimate`.) */
export const OPTIONS_MULTIPLIER = 100;

/** An advanced trade's value (2-trading §9): the sum of range price × quantity (× 100 for options). */
export function tradeValue(ranges: Pick<RangeInput, 'instrument' | 'buyPrice' | 'buyQty'>[]): DecimalText {
  const v = ranges.reduce((s, r) => s.plus(dec(r.buyPrice).times(r.buyQty).times(r.instrument.multiplier)), dec(0));
  return toText(roundDec(v, 2));
}
