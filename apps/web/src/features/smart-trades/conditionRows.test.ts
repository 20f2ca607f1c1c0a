import { describe, expect, it } from 'vitest';
import {
  TRADE_MSG,
  CONDITION_ROWS_MAX,
  type ConditionItem,
  type ConditionRow,
  type ConditionType,
} from '@drat/contracts';
import * as C from './conditionRows';

const item = (type: ConditionType, uuid: string = type) => C.newConditionItem(type, uuid);
/** An item of `type` with some rules changed from the defaults. */
const withRules = (type: ConditionType, rules: Record<string, unknown>) => {
  const made = item(type);
  return { ...made, rules: { ...made.rules, ...rules } } as ConditionItem;
};
const rowsOf = (change: C.RowsChange) => {
  if ('error' in change) throw new Error(change.error);
  return change.rows;
};
const errorOf = (change: C.RowsChange) => ('error' in change ? change.error : null);

describe('a new condition item takes the contracts defaults (2-trading §3 "Condition", §9)', () => {
  it('a price condition: greater than the SMA of 50 daily bars, on the last price', () => {
    expect(item('Price')).toEqual({
      uuid: 'Price',
      conditionType: 'Price',
      rules: {
        is: true,
        outComeSelected: 'greater_than',
        technicalParameter: 'SMA',
        interval: '1day',
        timePeriod: 50,
        priceType: 'last price',
      },
    });
  });

  it('an indicator comparison defaults to less than, SMA 50 daily on both sides', () => {
    expect(item('TA').rules).toMatchObject({
      outComeSelected: 'less_than',
      technicalParameter: 'SMA',
      technicalParameterRight: 'SMA',
      timePeriodRight: 50,
      intervalRight: '1day',
    });
  });

  it('a filled-order condition names buy_range_1, and an action executes it at the last price plus 0', () => {
    expect(item('Order Filled').rules).toEqual({ is: true, filled: true, selectedOrder: 'buy_range_1' });
    expect(item('ACTION').rules).toEqual({
      type: 'execute',
      selectedOrder: 'buy_range_1',
      priceType: 'last price',
      actionSign: 'plus',
      actionSignValue: 0,
    });
  });
});

describe('IF and AND labels (§4 "Condition rows")', () => {
  it('the first condition shows IF, later ones AND, the action THEN', () => {
    expect(C.itemLabels([item('Price'), item('TA'), item('Order Filled'), item('ACTION')])).toEqual([
      'IF',
      'AND',
      'AND',
      'THEN',
    ]);
  });

  it('an empty row has no labels', () => {
    expect(C.itemLabels([])).toEqual([]);
  });
});

describe('adding items to a row (§4 "Condition rows", §5.3)', () => {
  it('a filled-order condition needs at least one range', () => {
    expect(errorOf(C.addConditionItem([[]], 0, 'Order Filled', 0, 'u'))).toBe(TRADE_MSG.addRangeFirst);
    expect(rowsOf(C.addConditionItem([[]], 0, 'Order Filled', 1, 'u'))[0]).toEqual([item('Order Filled', 'u')]);
  });

  it('price and indicator conditions need no range', () => {
    expect(rowsOf(C.addConditionItem([[]], 0, 'Price', 0, 'u'))[0]).toHaveLength(1);
    expect(rowsOf(C.addConditionItem([[]], 0, 'TA', 0, 'u'))[0]).toHaveLength(1);
  });

  it('an action needs at least one range', () => {
    expect(errorOf(C.addConditionItem([[item('Price')]], 0, 'ACTION', 0, 'u'))).toBe(TRADE_MSG.createRangeFirst);
  });

  it('an action needs a condition before it in its row', () => {
    expect(errorOf(C.addConditionItem([[]], 0, 'ACTION', 2, 'u'))).toBe(TRADE_MSG.conditionBeforeAction);
  });

  it('a row holds at most one action', () => {
    const rows = rowsOf(C.addConditionItem([[item('Price')]], 0, 'ACTION', 1, 'a1'));
    expect(rows[0]!.map((i) => i.conditionType)).toEqual(['Price', 'ACTION']);
    expect(errorOf(C.addConditionItem(rows, 0, 'ACTION', 1, 'a2'))).toBe(TRADE_MSG.oneActionPerRow);
  });

  it('a condition added after the action goes before it: the action stays last', () => {
    const rows = [[item('Price'), item('ACTION')]];
    const next = rowsOf(C.addConditionItem(rows, 0, 'TA', 1, 't'));
    expect(next[0]!.map((i) => i.conditionType)).toEqual(['Price', 'TA', 'ACTION']);
    expect(C.itemLabels(next[0]!)).toEqual(['IF', 'AND', 'THEN']);
  });

  it('adds to the row named and leaves the input rows unchanged', () => {
    const rows: ConditionRow[] = [[item('Price')], []];
    const next = rowsOf(C.addConditionItem(rows, 1, 'TA', 0, 't'));
    expect(next[0]).toBe(rows[0]);
    expect(next[1]).toEqual([item('TA', 't')]);
    expect(rows[1]).toEqual([]);
  });
});

describe('deleting items and rows', () => {
  it('deleting the last condition leaves none: the lone action goes too', () => {
    const rows = [[item('Price'), item('ACTION')]];
    expect(C.deleteConditionItem(rows, 0, 0)).toEqual([[]]);
  });

  it('deleting one of two conditions keeps the other and the action', () => {
    const rows = [[item('Price'), item('TA'), item('ACTION')]];
    expect(C.deleteConditionItem(rows, 0, 0)[0]!.map((i) => i.conditionType)).toEqual(['TA', 'ACTION']);
  });

  it('deleting the action keeps the conditions', () => {
    const rows = [[item('Price'), item('ACTION')]];
    expect(C.deleteConditionItem(rows, 0, 1)).toEqual([[item('Price')]]);
  });

  it('Add row adds an empty row, up to the contracts limit', () => {
    expect(rowsOf(C.addConditionRow([[item('Price')]]))).toEqual([[item('Price')], []]);
    const full = Array.from({ length: CONDITION_ROWS_MAX }, () => []);
    expect(errorOf(C.addConditionRow(full))).toBe(TRADE_MSG.tooManyConditions);
  });
});

describe('what is sent', () => {
  it('empty rows are left out, and each sent row knows its row on the form', () => {
    const a = [item('Price'), item('ACTION')];
    const b = [item('TA'), item('ACTION')];
    expect(C.rowsToSend([[], a, [], b])).toEqual({ rows: [a, b], formIndex: [1, 3] });
  });

  it('conditions name each range buy and sell', () => {
    expect(C.orderChoices(2).map((o) => o.value)).toEqual([
      'buy_range_1',
      'sell_range_1',
      'buy_range_2',
      'sell_range_2',
    ]);
    expect(C.orderChoices(0)).toEqual([]);
  });
});

describe('indicator look-ups (§4 "Live price fields": one per distinct indicator)', () => {
  it('an indicator compared in several places is looked up once; VALUE is no indicator', () => {
    const ta = withRules('TA', { technicalParameterRight: 'EMA', timePeriodRight: 20, intervalRight: '1hr' });
    const fixed = withRules('Price', { technicalParameter: 'VALUE' });
    const rows = [
      [item('Price'), ta],
      [fixed, item('Order Filled')],
    ];
    expect(C.distinctIndicators(rows).map(C.indicatorKey)).toEqual(['SMA:50:1day', 'EMA:20:1hr']);
  });

  it('a cleared time period names no indicator yet', () => {
    expect(C.distinctIndicators([[withRules('Price', { timePeriod: null })]])).toEqual([]);
  });
});

describe('which rules the builder shows', () => {
  const shown = (it: ConditionItem, keys: string[]) => keys.map((k) => C.ruleFieldShown(it, k));

  it('a price condition shows a value against VALUE, else the indicator period and interval', () => {
    expect(shown(item('Price'), ['value', 'timePeriod', 'interval'])).toEqual([false, true, true]);
    expect(shown(withRules('Price', { technicalParameter: 'VALUE' }), ['value', 'timePeriod', 'interval'])).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('an action shows the custom price only for custom price; unknown rules are not shown', () => {
    expect(shown(item('ACTION'), ['customPrice', 'actionSignValue', 'uuid'])).toEqual([false, true, false]);
    expect(shown(withRules('ACTION', { priceType: 'custom price' }), ['customPrice'])).toEqual([true]);
  });

  it('constants read as words', () => {
    expect(C.wordsOf('greater_than')).toBe('Greater than');
    expect(C.wordsOf('buy_to_open')).toBe('Buy to open');
  });
});
