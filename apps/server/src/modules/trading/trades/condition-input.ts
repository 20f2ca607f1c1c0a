/**
 * Condition rows as the trader enters them (2-trading §3 "Condition", the contracts'
 * conditionRowsField) turned into the engine's rows (docs/trading-rules.md "Conditions"):
 *
 * - Price: the ticker's last, ask or bid price compared with a fixed value (VALUE) or with an
 *   indicator ('SMA:50:1day'); `is: false` negates the comparison.
 * - TA: an indicator compared with another; VALUE on one side is the ticker's price, so such a row
 *   becomes a price comparison (turned around when the price is on the right).
 * - Order Filled: range N's buy (buy_range_N) or target sell (sell_range_N) is filled, or not.
 * - ACTION: execute or cancel range N's buy or sell at a price ± an offset.
 *
 * The indicator values reach the trade as events from the runner; the engine never fetches them.
 */
import { TRADE_MSG, orderKeyOf, type ConditionRow as ConditionRowInput, type ConditionItem } from '@drat/contracts';
import {
  indicatorKey,
  toText,
  dec,
  type Comparison,
  type Condition,
  type ConditionRow,
  type PriceType,
} from '@drat/engine';
import { DomainError } from '../../../core/errors';

type Rules<T extends ConditionItem['conditionType']> = Extract<ConditionItem, { conditionType: T }>['rules'];

const PRICE_TYPE: Record<string, PriceType> = { 'last price': 'last', 'ask price': 'ask', 'bid price': 'bid' };
const TURNED: Record<Comparison, Comparison> = {
  greater_than: 'less_than',
  less_than: 'greater_than',
  equal_to: 'equal_to',
};

/** The engine's id of range N (1-based, in the order the trade's ranges were given). */
function rangeIdOf(
  rangeIds: readonly string[],
  key: string,
  path: (string | number)[],
): { id: string; side: 'buy' | 'sell' } {
  const k = orderKeyOf(key);
  const id = k ? rangeIds[k.range - 1] : undefined;
  if (!k || !id) throw DomainError.field(String(path[0]), TRADE_MSG.unknownRange(k?.range ?? 0));
  return { id, side: k.side };
}

function taCondition(ticker: string, r: Rules<'TA'>, path: string): Condition {
  const not = !r.is;
  const left = r.technicalParameter === 'VALUE' ? null : indicatorKey(r.technicalParameter, r.timePeriod, r.interval);
  const right =
    r.technicalParameterRight === 'VALUE'
      ? null
      : indicatorKey(r.technicalParameterRight, r.timePeriodRight, r.intervalRight);
  const priceType = PRICE_TYPE[r.priceType]!;
  if (left !== null && right !== null) return { kind: 'ta', left, is: r.outComeSelected, right, not };
  if (left === null && right !== null) {
    return {
      kind: 'price',
      instrument: ticker,
      priceType,
      is: r.outComeSelected,
      right: { kind: 'indicator', key: right },
      not,
    };
  }
  if (left !== null) {
    const is = TURNED[r.outComeSelected];
    return { kind: 'price', instrument: ticker, priceType, is, right: { kind: 'indicator', key: left }, not };
  }
  throw DomainError.field(path, TRADE_MSG.taNeedsIndicator);
}

function conditionOf(
  ticker: string,
  item: ConditionItem,
  rangeIds: readonly string[],
  path: (string | number)[],
): Condition {
  switch (item.conditionType) {
    case 'Price': {
      const r = item.rules;
      const right =
        r.technicalParameter === 'VALUE'
          ? { kind: 'value' as const, value: toText(dec(r.value!)) }
          : { kind: 'indicator' as const, key: indicatorKey(r.technicalParameter, r.timePeriod, r.interval) };
      const priceType = PRICE_TYPE[r.priceType]!;
      return { kind: 'price', instrument: ticker, priceType, is: r.outComeSelected, right, not: !r.is };
    }
    case 'TA':
      return taCondition(ticker, item.rules, String(path[0]));
    case 'Order Filled': {
      const { id, side } = rangeIdOf(rangeIds, item.rules.selectedOrder, [...path, 'rules', 'selectedOrder']);
      // Holds when the order's filled state is `filled`, or (with is: false) when it is not.
      return { kind: 'filled', rangeId: id, side, is: item.rules.filled === item.rules.is };
    }
    case 'ACTION':
      throw new Error('An action is not a condition');
  }
}

/**
 * The engine's condition rows of a trade whose ranges have the engine ids `rangeIds` (range N is
 * rangeIds[N-1]); prices are the trade's ticker's. The contracts checked each row has conditions
 * and one action; an order past the last range is refused on its field.
 */
export function engineConditions(
  ticker: string,
  rows: readonly ConditionRowInput[],
  rangeIds: readonly string[],
): Omit<ConditionRow, 'done'>[] {
  return rows.map((row, i) => {
    const action = row.find((it) => it.conditionType === 'ACTION');
    const a = action!.rules as Rules<'ACTION'>;
    const j = row.indexOf(action!);
    const target = rangeIdOf(rangeIds, a.selectedOrder, ['conditions', i, j, 'rules', 'selectedOrder']);
    const custom = a.priceType === 'custom price';
    return {
      id: row[0]!.uuid,
      conditions: row.flatMap((it, k) =>
        it.conditionType === 'ACTION' ? [] : [conditionOf(ticker, it, rangeIds, ['conditions', i, k])],
      ),
      action: {
        type: a.type,
        rangeId: target.id,
        side: target.side,
        priceType: custom ? 'custom' : PRICE_TYPE[a.priceType]!,
        customPrice: custom ? toText(dec(a.customPrice!)) : null,
        sign: a.actionSign === 'minus' ? '-' : '+',
        offset: toText(dec(a.actionSignValue)),
      },
    };
  });
}
