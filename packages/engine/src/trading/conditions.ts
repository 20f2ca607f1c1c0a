/**
 * Condition rows of advanced trades (2-trading §3 "Condition", docs/trading-rules.md
 * "Conditions"): IF … AND … then one action. Values come from the trade's last quotes and the
 * indicator values the runner delivered as events; a condition on a value not known yet is false.
 */
import { dec, roundDec, toText, type Dec } from '../money/decimal';
import type {
  Comparison,
  Condition,
  ConditionAction,
  EngineTrade,
  IndicatorKey,
  Operand,
  PriceType,
  RangeState,
} from './types';

/** The key an indicator value travels under: 'SMA:50:1day', 'EMA:20:1hr'. */
export function indicatorKey(parameter: 'SMA' | 'EMA', timePeriod: number, interval: string): string {
  return `${parameter}:${timePeriod}:${interval}`;
}

/** An indicator key's parts, or null for a key `indicatorKey` did not make. */
export function parseIndicatorKey(
  key: string,
): { parameter: 'SMA' | 'EMA'; timePeriod: number; interval: string } | null {
  const m = /^(SMA|EMA):([1-9]\d*):(\w+)$/.exec(key);
  return m ? { parameter: m[1] as 'SMA' | 'EMA', timePeriod: Number(m[2]), interval: m[3]! } : null;
}

/** The indicators the trade's pending condition rows read (the runner delivers their values as events). */
export function indicatorsWanted(trade: Pick<EngineTrade, 'conditions'>): IndicatorKey[] {
  const keys = new Set<IndicatorKey>();
  for (const row of trade.conditions) {
    if (row.done) continue;
    for (const c of row.conditions) {
      if (c.kind === 'ta') keys.add(c.left).add(c.right);
      if (c.kind === 'price' && c.right.kind === 'indicator') keys.add(c.right.key);
    }
  }
  return [...keys];
}

/** Prices are compared to the cent for 'equal_to' (a price is seldom equal to an average to 8 decimals). */
function compare(left: Dec, is: Comparison, right: Dec): boolean {
  if (is === 'greater_than') return left.gt(right);
  if (is === 'less_than') return left.lt(right);
  return roundDec(left, 2).eq(roundDec(right, 2));
}

function quoted(trade: EngineTrade, instrument: string, priceType: PriceType): Dec | null {
  const q = trade.quotes[instrument];
  return q ? dec(q[priceType]) : null;
}

function operand(trade: EngineTrade, o: Operand): Dec | null {
  if (o.kind === 'value') return dec(o.value);
  const v = trade.indicators[o.key];
  return v === undefined ? null : dec(v);
}

const rangeOf = (trade: EngineTrade, id: string): RangeState | undefined => trade.ranges.find((r) => r.id === id);

/** Whether one condition holds now. */
export function conditionHolds(trade: EngineTrade, c: Condition): boolean {
  if (c.kind === 'filled') {
    const r = rangeOf(trade, c.rangeId);
    const filled = r !== undefined && (c.side === 'buy' ? r.buyFilled : r.sellFilled);
    return filled === c.is;
  }
  const left =
    c.kind === 'price' ? quoted(trade, c.instrument, c.priceType) : operand(trade, { kind: 'indicator', key: c.left });
  const right = c.kind === 'price' ? operand(trade, c.right) : operand(trade, { kind: 'indicator', key: c.right });
  if (left === null || right === null) return false;
  return compare(left, c.is, right) !== (c.not === true);
}

/**
 * The price an action trades at: the range instrument's last, ask or bid (or the custom price),
 * plus or minus the offset; null while the instrument has no quote.
 */
export function actionPrice(trade: EngineTrade, action: ConditionAction): string | null {
  const r = rangeOf(trade, action.rangeId);
  if (!r) return null;
  const base =
    action.priceType === 'custom'
      ? action.customPrice === null
        ? null
        : dec(action.customPrice)
      : quoted(trade, r.instrument.key, action.priceType);
  if (base === null) return null;
  const price = action.sign === '+' ? base.plus(action.offset) : base.minus(action.offset);
  return price.gt(0) ? toText(price) : null;
}
