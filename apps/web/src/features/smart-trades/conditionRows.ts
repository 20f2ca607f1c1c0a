/**
 * The condition-row builder of the advanced drawer (2-trading §3 "Condition", §4 "Condition rows"),
 * as pure functions over the rows: what a new item holds, the IF / AND / THEN labels, and the rules
 * of adding and deleting items. A row is IF … AND … and its one ACTION, kept last.
 */
import {
  ACTION_TYPES,
  CONDITION_ITEMS_MAX,
  CONDITION_ROWS_MAX,
  conditionItemSchema,
  TRADE_MSG,
  type ConditionItem,
  type ConditionRow,
  TA_TIME_PERIOD_MAX,
  type ConditionType,
  type Interval,
  type TaParameter,
} from '@drat/contracts';

export type ItemLabel = 'IF' | 'AND' | 'THEN';

/** The rows after a change, or why the change is refused (a toast). */
export type RowsChange = { rows: ConditionRow[] } | { error: string };

const isAction = (item: ConditionItem) => item.conditionType === 'ACTION';

/** A new item of `type` with the contracts' defaults (a new action executes). */
export function newConditionItem(type: ConditionType, uuid: string): ConditionItem {
  return conditionItemSchema.parse({
    uuid,
    conditionType: type,
    rules: type === 'ACTION' ? { type: ACTION_TYPES[0] } : {},
  });
}

/** The label of each item of a row: the first condition IF, the later ones AND, the action THEN. */
export function itemLabels(row: readonly ConditionItem[]): ItemLabel[] {
  let conditions = 0;
  return row.map((item) => (isAction(item) ? 'THEN' : conditions++ === 0 ? 'IF' : 'AND'));
}

/**
 * Adds an item of `type` to row `rowIndex`. A filled-order condition needs a range; an action needs
 * a range and a condition in its row, and a row has one action. Conditions go before the action.
 */
export function addConditionItem(
  rows: readonly ConditionRow[],
  rowIndex: number,
  type: ConditionType,
  rangeCount: number,
  uuid: string,
): RowsChange {
  const row = rows[rowIndex] ?? [];
  if (type === 'Order Filled' && rangeCount === 0) return { error: TRADE_MSG.addRangeFirst };
  if (type === 'ACTION') {
    if (rangeCount === 0) return { error: TRADE_MSG.createRangeFirst };
    if (row.some(isAction)) return { error: TRADE_MSG.oneActionPerRow };
    if (row.length === 0) return { error: TRADE_MSG.conditionBeforeAction };
  }
  if (row.length >= CONDITION_ITEMS_MAX) return { error: TRADE_MSG.tooManyConditions };
  const item = newConditionItem(type, uuid);
  const actionAt = row.findIndex(isAction);
  const next = type === 'ACTION' || actionAt < 0 ? [...row, item] : row.toSpliced(actionAt, 0, item);
  return { rows: rows.with(rowIndex, next) };
}

/** Deletes one item; a row left with its action only is left empty. */
export function deleteConditionItem(
  rows: readonly ConditionRow[],
  rowIndex: number,
  itemIndex: number,
): ConditionRow[] {
  const row = (rows[rowIndex] ?? []).toSpliced(itemIndex, 1);
  return rows.with(rowIndex, row.every(isAction) ? [] : row);
}

/** 'Add row': an empty row at the end. */
export function addConditionRow(rows: readonly ConditionRow[]): RowsChange {
  if (rows.length >= CONDITION_ROWS_MAX) return { error: TRADE_MSG.tooManyConditions };
  return { rows: [...rows, []] };
}

/**
 * The rows a trade is sent with: empty rows (nothing entered yet) are left out. `formIndex[i]` is
 * the form's row of sent row i, to put the server's or the schema's issues on it.
 */
export function rowsToSend(rows: readonly ConditionRow[]): { rows: ConditionRow[]; formIndex: number[] } {
  const formIndex = rows.flatMap((row, i) => (row.length > 0 ? [i] : []));
  return { rows: formIndex.map((i) => rows[i]!), formIndex };
}

/** The orders conditions may name: each range's buy (buy_range_N) and its target sell (sell_range_N). */
export function orderChoices(rangeCount: number): { value: string; label: string }[] {
  return Array.from({ length: rangeCount }, (_, i) => [
    { value: `buy_range_${i + 1}`, label: `Range ${i + 1} buy` },
    { value: `sell_range_${i + 1}`, label: `Range ${i + 1} sell` },
  ]).flat();
}

export interface Indicator {
  parameter: Exclude<TaParameter, 'VALUE'>;
  timePeriod: number;
  interval: Interval;
}

export const indicatorKey = (i: Indicator) => `${i.parameter}:${i.timePeriod}:${i.interval}`;

/** The indicators an item compares (VALUE is a price, not an indicator). */
function indicatorsOf(item: ConditionItem): Indicator[] {
  const out: Indicator[] = [];
  const push = (parameter: TaParameter, timePeriod: number, interval: Interval) => {
    // A cleared time period (null in the form) names no indicator yet.
    if (parameter !== 'VALUE' && Number.isInteger(timePeriod) && timePeriod > 0 && timePeriod <= TA_TIME_PERIOD_MAX) {
      out.push({ parameter, timePeriod, interval });
    }
  };
  if (item.conditionType === 'Price' || item.conditionType === 'TA') {
    const r = item.rules;
    push(r.technicalParameter, r.timePeriod, r.interval);
    if (item.conditionType === 'TA') {
      push(item.rules.technicalParameterRight, item.rules.timePeriodRight, item.rules.intervalRight);
    }
  }
  return out;
}

/** Each indicator the rows compare, once (§4: one value fetched per distinct indicator). */
export function distinctIndicators(rows: readonly ConditionRow[]): Indicator[] {
  const seen = new Map<string, Indicator>();
  for (const indicator of rows.flat().flatMap(indicatorsOf)) {
    if (!seen.has(indicatorKey(indicator))) seen.set(indicatorKey(indicator), indicator);
  }
  return [...seen.values()];
}

/**
 * Whether the builder shows rule `key` of `item` (the other rules keep their values): a fixed value
 * only against VALUE, an indicator's period and interval only for SMA and EMA, the price type of a
 * TA row only where a side is VALUE (the price), a custom price only for 'custom price'.
 */
export function ruleFieldShown(item: ConditionItem, key: string): boolean {
  switch (item.conditionType) {
    case 'Price': {
      const value = item.rules.technicalParameter === 'VALUE';
      if (key === 'value') return value;
      if (key === 'timePeriod' || key === 'interval') return !value;
      return PRICE_RULES.includes(key);
    }
    case 'TA': {
      const left = item.rules.technicalParameter === 'VALUE';
      const right = item.rules.technicalParameterRight === 'VALUE';
      if (key === 'timePeriod' || key === 'interval') return !left;
      if (key === 'timePeriodRight' || key === 'intervalRight') return !right;
      if (key === 'priceType') return left || right;
      return TA_RULES.includes(key);
    }
    case 'Order Filled':
      return FILLED_RULES.includes(key);
    case 'ACTION':
      if (key === 'customPrice') return item.rules.priceType === 'custom price';
      return ACTION_RULES.includes(key);
  }
}
const PRICE_RULES = ['priceType', 'is', 'outComeSelected', 'technicalParameter'];
const TA_RULES = ['technicalParameter', 'is', 'outComeSelected', 'technicalParameterRight'];
const FILLED_RULES = ['selectedOrder', 'is', 'filled'];
const ACTION_RULES = ['type', 'selectedOrder', 'priceType', 'actionSign', 'actionSignValue'];

/** A constant in words: 'greater_than' → 'Greater than', 'buy_to_open' → 'Buy to open'. */
export const wordsOf = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
