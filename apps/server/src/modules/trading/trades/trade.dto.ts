/**
 * A trade row as the API answers it (2-trading §3 "Live trade", contracts' smartTradeSchema): the
 * engine's state gives prices, fills, P/L and flags; the body the trader sent (kept as `input`)
 * gives what the engine does not hold (strategy, strikes, notes, the cancel-by text, conditions).
 */
import {
  LEG_TYPES,
  TRADE_TIME_ZONE,
  type DemoTradeDto,
  type RangeExecution,
  type SmartTradeDto,
  type TradeRangeDto,
} from '@drat/contracts';
import { dec, rangeProfitLoss, toNumber, type EngineTrade, type RangeState } from '@drat/engine';
import type { TradeRow } from './trades.repo';

/** A decimal text as a number for the API, or null. */
export const numberOf = (v: string | null | undefined): number | null =>
  v === null || v === undefined ? null : toNumber(v);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Entry and exit of a range: dates, average prices, quantities and amounts, and its realised P/L. */
function executionOf(r: RangeState): RangeExecution {
  const pl = rangeProfitLoss(r);
  return {
    entry_date: iso(pl.entry.date),
    entry_price: numberOf(pl.entry.price),
    entry_quantity: toNumber(pl.entry.quantity),
    entry_cost: toNumber(pl.entry.amount),
    exit_date: iso(pl.exit.date),
    exit_price: numberOf(pl.exit.price),
    exit_quantity: toNumber(pl.exit.quantity),
    exit_cost: toNumber(pl.exit.amount),
    profit_loss: toNumber(pl.profit_loss),
    profit_loss_percent: numberOf(pl.profit_loss_percent),
  };
}

/** An extra range as the trader entered it (its option: expiration, strike, call or put). */
type EnteredRange = { expiration?: unknown; strike?: unknown; call_or_put?: unknown };

function rangeDto(r: RangeState, index: number, entered: EnteredRange | undefined): TradeRangeDto {
  const { profit_loss: _pl, profit_loss_percent: _pct, ...execution } = executionOf(r);
  const option = r.instrument.kind === 'option' ? entered : undefined;
  return {
    range_id: index + 1,
    buy_range: toNumber(r.buyPrice),
    target_range: toNumber(r.targetPrice),
    buy_range_quantity: toNumber(r.buyQty),
    target_range_quantity: toNumber(r.sellQty),
    ...execution,
    completed: r.completed,
    buy_filled: r.buyFilled,
    sell_filled: r.sellFilled,
    buy_instruction: r.instrument.kind === 'equity' ? null : 'buy_to_open',
    sell_instruction: r.instrument.kind === 'equity' ? null : 'sell_to_close',
    expiration: typeof option?.expiration === 'string' ? option.expiration : null,
    strike: typeof option?.strike === 'number' ? option.strike : null,
    call_or_put: option?.call_or_put === 'call' || option?.call_or_put === 'put' ? option.call_or_put : null,
  };
}

type Input = Record<string, unknown>;
const text = (input: Input, key: string): string | null =>
  typeof input[key] === 'string' ? (input[key] as string) : null;
const number = (input: Input, key: string): number | null =>
  typeof input[key] === 'number' ? (input[key] as number) : null;

export function tradeDto(row: TradeRow): SmartTradeDto {
  const s: EngineTrade = row.state;
  const input = row.input;
  const basic = row.tradeType !== 'ADVANCED';
  // A basic trade's two ranges by name: a range of 0 shares is not made, so the other may be first.
  const named = (label: string) => (basic ? s.ranges.find((r) => r.label === label) : undefined);
  const [r1, r2] = [named('buy_range_1'), named('buy_range_2')];
  const entered = Array.isArray(input.extra_ranges) ? (input.extra_ranges as EnteredRange[]) : [];
  const extras = s.ranges.filter((r) => r !== r1 && r !== r2);
  const strategy = text(input, 'strategy') as SmartTradeDto['strategy'];
  const twoLegs = strategy === 'STRANGLE' || strategy === 'STRADDLE';
  const tightened = Object.values(s.trail).some((t) => t.tightened);
  return {
    id: row.id,
    order_id: String(row.id),
    created: row.createdAt.toISOString(),
    ticker: row.ticker,
    account_id: row.accountId,
    status: row.status,
    trade_type: row.tradeType as SmartTradeDto['trade_type'],
    stock_type: row.stockType,
    archived: row.archived,
    completed: row.status === 'COMPLETED',
    alert_id: row.alertId,
    buy_range_1: numberOf(r1?.buyPrice),
    buy_range_2: numberOf(r2?.buyPrice),
    buy_range_1_stocks: numberOf(r1?.buyQty),
    buy_range_2_stocks: numberOf(r2?.buyQty),
    target_range_low: numberOf(r2?.targetPrice),
    target_range_high: numberOf(r1?.targetPrice),
    stop_loss: numberOf(s.stopLoss),
    set_trailing_profit: s.trailing !== null,
    trailing_profit: numberOf(s.trailing?.percent) ?? number(input, 'trailing_profit') ?? 0,
    new_trailing_profit: numberOf(s.trailing?.newPercent) ?? number(input, 'new_trailing_profit') ?? 0,
    trigger_percent: numberOf(s.trailing?.triggerPercent) ?? number(input, 'trigger_percent') ?? 40,
    trade_notes: row.notes,
    strategy,
    singleStrike: number(input, 'singleStrike'),
    legOneStrike: number(input, 'legOneStrike'),
    legTwoStrike: number(input, 'legTwoStrike') ?? (strategy === 'STRADDLE' ? number(input, 'legOneStrike') : null),
    singleExpiration: text(input, 'singleExpiration'),
    legOneExpiration: text(input, 'legOneExpiration'),
    legTwoExpiration: text(input, 'legTwoExpiration') ?? (twoLegs ? text(input, 'legOneExpiration') : null),
    legOneType: twoLegs ? LEG_TYPES.legOne : null,
    legTwoType: twoLegs ? LEG_TYPES.legTwo : null,
    conditions: Array.isArray(input.conditions) ? (input.conditions as SmartTradeDto['conditions']) : [],
    extra_ranges: extras.map((r, i) => rangeDto(r, s.ranges.indexOf(r), entered[i])),
    profit_loss_data: basic
      ? {
          buy_range_one_execution: r1 ? executionOf(r1) : null,
          buy_range_two_execution: r2 ? executionOf(r2) : null,
        }
      : null,
    setCancelIfNotFilledBy: s.cancelUnfilledAt !== null,
    expiryDateTime: s.cancelUnfilledAt !== null ? text(input, 'expiryDateTime') : null,
    timeZone: text(input, 'timeZone') ?? TRADE_TIME_ZONE,
    sold_at_stop_loss: s.soldAtStopLoss,
    fail_reason: row.status === 'FAIL' ? (s.failure ?? null) : null,
    is_new_trailing_profit_processed: tightened,
    order_one_carried_out: r1?.buyFilled ?? false,
    order_two_carried_out: r2?.buyFilled ?? false,
  };
}

/**
 * A demo trade with its net liquidity (2-trading §2.2): what it sold plus what it holds at the bid
 * (`marks`: the market's now, by instrument; else the last the engine saw; else at cost), minus
 * what it paid. Null before any fill.
 */
export function demoTradeDto(row: TradeRow, marks: ReadonlyMap<string, number> = new Map()): DemoTradeDto {
  const s = row.state;
  let bought = dec(0);
  let net = dec(0);
  for (const r of s.ranges) {
    if (dec(r.boughtQty).isZero()) continue;
    bought = bought.plus(r.boughtQty);
    const held = dec(r.boughtQty).minus(r.soldQty);
    const avg = dec(r.boughtAmount).div(dec(r.boughtQty).times(r.instrument.multiplier));
    const now = marks.get(r.instrument.key);
    const mark = now !== undefined ? dec(now) : (s.quotes[r.instrument.key]?.bid ?? avg);
    net = net.plus(r.soldAmount).plus(held.times(mark).times(r.instrument.multiplier)).minus(r.boughtAmount);
  }
  return { ...tradeDto(row), net_liquidity: bought.isZero() ? null : toNumber(net.toDecimalPlaces(2)) };
}
