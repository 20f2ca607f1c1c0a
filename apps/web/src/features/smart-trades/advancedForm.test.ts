import { describe, expect, it } from 'vitest';
import { TRADE_MSG, type SmartTradeDto, type TradeRangeDto } from '@drat/contracts';
import * as F from './advancedForm';
import { newConditionItem } from './conditionRows';

const noTime = () => null;
const at = (text: string) => ({ format: () => text });

/** A range as the drawer reads it (the execution fields of the DTO play no part). */
const rangeOf = (over: Partial<TradeRangeDto> = {}) =>
  ({
    range_id: 1,
    buy_range: 10,
    target_range: 12,
    buy_range_quantity: 5,
    target_range_quantity: 5,
    strike: null,
    ...over,
  }) as TradeRangeDto;

/** A trade as the drawer reads it: the fields of an advanced trade it loads. */
const tradeOf = (over: Partial<SmartTradeDto> = {}) =>
  ({
    id: 7,
    ticker: 'MSFT',
    account_id: 'SIM-3',
    status: 'DRAFT',
    stop_loss: 8,
    set_trailing_profit: false,
    trailing_profit: 0,
    new_trailing_profit: 0,
    trigger_percent: 40,
    trade_notes: 'note',
    conditions: [],
    extra_ranges: [rangeOf()],
    setCancelIfNotFilledBy: false,
    expiryDateTime: null,
    ...over,
  }) as SmartTradeDto;

/** A valid equity trade's values: one range 10 → 12 of 5 shares, stop 8, IF price > SMA THEN buy. */
function values(over: Partial<F.AdvancedValues> = {}): F.AdvancedValues {
  return {
    ...F.valuesOf(null, noTime),
    ticker: 'msft ',
    stop_loss: 8,
    extra_ranges: [{ buy_range: 10, buy_range_quantity: 5, target_range: 12, target_range_quantity: 5 }],
    conditions: [[newConditionItem('Price', 'p'), newConditionItem('ACTION', 'a')]],
    ...over,
  };
}

describe('the values the drawer opens with (§3 "Advanced trade draft", §4, §9)', () => {
  it('a new trade: stop loss 0.1, trigger 40, trailing fields at their minimum 1, no range, one empty row', () => {
    expect(F.valuesOf(null, noTime)).toEqual({
      ticker: '',
      stop_loss: 0.1,
      extra_ranges: [],
      conditions: [[]],
      set_trailing_profit: false,
      trailing_profit: 1,
      new_trailing_profit: 1,
      trigger_percent: 40,
      setCancelIfNotFilledBy: false,
      expiryDateTime: null,
      trade_notes: '',
    });
  });

  it("a trade's fields are loaded, its cancel-by time through the picker", () => {
    const picked = at('2026-02-03 10:00:00');
    const v = F.valuesOf(
      tradeOf({ setCancelIfNotFilledBy: true, expiryDateTime: '2026-2-3 10:0:0', trailing_profit: 5 }),
      (text) => (text === '2026-2-3 10:0:0' ? picked : null),
    );
    expect(v).toMatchObject({ ticker: 'MSFT', stop_loss: 8, trailing_profit: 5, trade_notes: 'note' });
    expect(v.expiryDateTime).toBe(picked);
    expect(v.extra_ranges[0]).toMatchObject({ buy_range: 10, target_range: 12, strike: null });
  });

  it('the Options tab when the first range has a strike', () => {
    expect(F.isOptionsTrade(tradeOf())).toBe(false);
    expect(F.isOptionsTrade(tradeOf({ extra_ranges: [rangeOf({ strike: 150 })] }))).toBe(true);
    expect(F.isOptionsTrade(null)).toBe(false);
  });

  it('a draft opened as a new trade is replaced by it; a retrade makes a new trade', () => {
    expect(F.draftIdOf('new', tradeOf())).toBe(7);
    expect(F.draftIdOf('retrade', tradeOf({ status: 'COMPLETED' }))).toBeUndefined();
    expect(F.draftIdOf('new', tradeOf({ status: 'CANCELLED' }))).toBeUndefined();
    expect(F.draftIdOf('new', null)).toBeUndefined();
  });
});

describe('the body sent from the values', () => {
  it('an equity trade: the ticker upper-cased, the ranges without options fields, empty rows left out', () => {
    const v = values({ conditions: [[], ...values().conditions] });
    v.extra_ranges[0]!.strike = 150; // left from the Options tab
    const { body, formIndex } = F.advancedBodyOf(v, false, { accountId: 'SIM-3' });
    expect(body).toMatchObject({
      ticker: 'MSFT',
      trade_type: 'ADVANCED',
      account_id: 'SIM-3',
      is_options: false,
      stop_loss: 8,
      set_trailing_profit: false,
      timeZone: 'America/New_York',
    });
    expect(body.extra_ranges).toEqual([
      { buy_range: 10, buy_range_quantity: 5, target_range: 12, target_range_quantity: 5 },
    ]);
    expect(body.conditions).toHaveLength(1);
    expect(formIndex).toEqual([1]);
    expect(body.expiryDateTime).toBeUndefined();
    expect(body.draft_id).toBeUndefined();
    expect('trailing_profit' in body).toBe(false);
  });

  it('an options trade keeps the options fields; a cleared number is sent as absent', () => {
    const option = {
      buy_range: 1.2,
      buy_range_quantity: 2,
      target_range_quantity: 2,
      buy_instruction: 'buy_to_open',
      sell_instruction: 'sell_to_close',
      expiration: '2026-06-19',
      strike: 150,
      call_or_put: 'call',
    } as const;
    const { body } = F.advancedBodyOf(values({ extra_ranges: [{ ...option, target_range: null }] }), true, {});
    expect(body.is_options).toBe(true);
    expect(body.extra_ranges[0]).toEqual({ ...option, target_range: undefined });
  });

  it('trailing and cancel-by are sent when switched on, with the draft replaced', () => {
    const v = values({
      set_trailing_profit: true,
      trailing_profit: 5,
      new_trailing_profit: 3,
      trigger_percent: 40,
      setCancelIfNotFilledBy: true,
      expiryDateTime: at('2026-3-7 15:5:0'),
    });
    const { body } = F.advancedBodyOf(v, false, { accountId: 'SIM-3', draftId: 7 });
    expect(body).toMatchObject({
      trailing_profit: 5,
      new_trailing_profit: 3,
      trigger_percent: 40,
      expiryDateTime: '2026-3-7 15:5:0',
      draft_id: 7,
    });
  });

  it('the conditions edit sends the trade id and the rows holding something', () => {
    const row = [newConditionItem('Price', 'p'), newConditionItem('ACTION', 'a')];
    expect(F.conditionsBodyOf(7, [[], row])).toEqual({ body: { trade_id: 7, conditions: [row] }, formIndex: [1] });
  });
});

describe('checking with the contracts schema and placing the issues (§5.3)', () => {
  const check = (v: F.AdvancedValues, options = false, account: { accountId?: string } = { accountId: 'SIM-3' }) => {
    const { body, formIndex } = F.advancedBodyOf(v, options, account);
    return F.placeIssues(F.advancedIssues(body, false), v, options, formIndex);
  };

  it('a complete trade passes', () => {
    expect(check(values())).toEqual({ fields: [], general: [] });
  });

  it('a trade without ranges asks for one, on the ranges list', () => {
    const placed = check(values({ extra_ranges: [], conditions: [[]] }));
    expect(placed.fields).toContainEqual({ name: ['extra_ranges'], errors: [TRADE_MSG.addExtraRange] });
  });

  it("a range's missing price lands on its field, named by its number", () => {
    const v = values();
    v.extra_ranges.push({ buy_range_quantity: 1, target_range: 13, target_range_quantity: 1 });
    expect(check(v).fields).toContainEqual({
      name: ['extra_ranges', 1, 'buy_range'],
      errors: [TRADE_MSG.incompleteBuyRange(2)],
    });
  });

  it('on the Options tab every options field is required', () => {
    const names = check(values(), true).fields.map((f) => f.name.join('.'));
    expect(names).toEqual(
      expect.arrayContaining([
        'extra_ranges.0.buy_instruction',
        'extra_ranges.0.expiration',
        'extra_ranges.0.strike',
        'extra_ranges.0.call_or_put',
        'extra_ranges.0.sell_instruction',
      ]),
    );
  });

  it('a stop loss at or above a range is refused on the stop loss', () => {
    expect(check(values({ stop_loss: 10 })).fields).toContainEqual({
      name: ['stop_loss'],
      errors: [TRADE_MSG.stopLossBelowRanges],
    });
  });

  it('a row without its action is refused on that row of the form, counting the empty rows', () => {
    const placed = check(values({ conditions: [[], [newConditionItem('Price', 'p')]] }));
    expect(placed.fields).toContainEqual({ name: ['conditions', 1], errors: [TRADE_MSG.assignAction] });
  });

  it('an order past the last range lands on the rule naming it', () => {
    const v = values();
    const action = v.conditions[0]![1]!;
    if (action.conditionType !== 'ACTION') throw new Error('ACTION');
    action.rules.selectedOrder = 'sell_range_3';
    expect(check(v).fields).toContainEqual({
      name: ['conditions', 0, 1, 'rules', 'selectedOrder'],
      errors: [TRADE_MSG.unknownRange(3)],
    });
  });

  it('a missing account is said apart from the fields; a draft needs none', () => {
    expect(check(values(), false, {}).general).toEqual([TRADE_MSG.accountRequired]);
    const { body } = F.advancedBodyOf(values(), false, {});
    expect(F.advancedIssues(body, true)).toEqual([]);
  });

  it('the conditions edit checks the orders against the trade ranges', () => {
    const { body } = F.conditionsBodyOf(7, values().conditions);
    expect(F.conditionsIssues(body, 1)).toEqual([]);
    expect(F.conditionsIssues(body, 0).map((i) => i.message)).toEqual([TRADE_MSG.createRangeFirst]);
  });
});
