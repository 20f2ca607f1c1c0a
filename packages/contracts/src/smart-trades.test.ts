import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  advancedTradeBody,
  basicTradeBody,
  cancelByInFuture,
  cancelByInstant,
  conditionRowIssues,
  conditionsEditBody,
  DEMO_ACCOUNT_AFTER_RESET,
  demoAccountSchema,
  demoTradeSchema,
  draftTradeBody,
  liveAdvancedTradeBody,
  liveBasicTradeBody,
  orderEditBody,
  orderIdQuery,
  parseCancelBy,
  rangeEditBody,
  rangeStatusOf,
  resetDemoReplySchema,
  shareFields,
  sharedItemsQuery,
  SMART_TRADES_API,
  smartTradeSchema,
  TRADE_MSG,
  tradeAlertQuery,
  tradeAlertResponseSchema,
  tradeEntriesQuery,
  tradeTemplateBody,
  type ConditionRow,
  type Operation,
} from './index';

/* ---- Helpers ------------------------------------------------------------------------------------- */

type Issue = { path: string; message: string };

function issuesOf(schema: z.ZodType, body: unknown): Issue[] {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The body is refused with `message` on `path` (and nothing else on that path). */
function expectRefused(schema: z.ZodType, body: unknown, path: string, message: string) {
  const issues = issuesOf(schema, body);
  expect(issues).toContainEqual({ path, message });
  expect(issues.filter((i) => i.path === path)).toEqual([{ path, message }]);
}

function expectAccepted(schema: z.ZodType, body: unknown) {
  expect(issuesOf(schema, body)).toEqual([]);
}

const custom = {
  ticker: 'aapl',
  trade_type: 'CUSTOM',
  buy_range_low: 9.8,
  buy_range_high: 10,
  target_range_low: 11,
  target_range_high: 12,
  stop_loss: 9,
  amount_buy_range_low: 50,
  amount_buy_range_high: 50,
  trade_notes: 'Breakout over the 50-day',
  set_trailing_profit: true,
  trailing_profit: 5,
  new_trailing_profit: 2,
  trigger_percent: 10,
  setCancelIfNotFilledBy: true,
  expiryDateTime: '2030-03-7 15:5:0',
  timeZone: 'America/New_York',
};

const alertTrade = {
  ticker: 'TSLA',
  trade_type: 'ALERT',
  alert_id: 42,
  buy_range_low: 180.5,
  buy_range_high: 182,
  target_range_low: 190,
  target_range_high: 200,
  stop_loss: 175,
  amount_buy_range_low: 1,
  amount_buy_range_high: 1,
};

/** A BUY CALL from an alert: premiums as prices, contracts as amounts; unused dates are the draft placeholder. */
const buyCall = {
  ...alertTrade,
  buy_range_low: 2.1,
  buy_range_high: 2.5,
  target_range_low: 3,
  target_range_high: 4,
  stop_loss: 1.5,
  strategy: 'BUY CALL',
  singleStrike: 185,
  singleExpiration: '2030-01-18',
  legOneExpiration: '01-01-2021',
  legTwoExpiration: '01-01-2021',
  legOneStrike: null,
  legTwoStrike: null,
};
const strangle = {
  ...buyCall,
  strategy: 'STRANGLE',
  singleStrike: null,
  singleExpiration: '01-01-2021',
  legOneStrike: 190,
  legTwoStrike: 170,
  legOneExpiration: '2030-01-18',
  legTwoExpiration: '2030-01-18',
  legOneType: 'CALL',
  legTwoType: 'PUT',
};
const straddle = { ...strangle, strategy: 'STRADDLE', legOneStrike: 180, legTwoStrike: 180 };

const priceCondition = {
  uuid: 'c-1',
  conditionType: 'Price',
  rules: { priceType: 'last price', outComeSelected: 'greater_than', technicalParameter: 'SMA', timePeriod: 20 },
};
const buyAction = {
  uuid: 'a-1',
  conditionType: 'ACTION',
  rules: {
    type: 'execute',
    selectedOrder: 'buy_range_2',
    priceType: 'ask price',
    actionSign: 'minus',
    actionSignValue: 0.05,
  },
};

const advancedEquity = {
  account_id: 'VA0001',
  ticker: 'AAPL',
  trade_type: 'ADVANCED',
  stop_loss: 90,
  extra_ranges: [
    { buy_range: 100, buy_range_quantity: 10, target_range: 120, target_range_quantity: 10 },
    { buy_range: 95, buy_range_quantity: 5, target_range: 110, target_range_quantity: 5 },
  ],
  conditions: [[priceCondition, buyAction]],
};

const optionRange = {
  buy_range: 2.5,
  buy_range_quantity: 2,
  target_range: 4,
  target_range_quantity: 2,
  buy_instruction: 'buy_to_open',
  sell_instruction: 'sell_to_close',
  expiration: '2030-01-18',
  strike: 150,
  call_or_put: 'call',
};
const advancedOptions = {
  account_id: 'VA0001',
  ticker: 'AAPL',
  trade_type: 'ADVANCED',
  is_options: true,
  stop_loss: 1,
  extra_ranges: [optionRange, { ...optionRange, call_or_put: 'put', strike: 140, buy_range: 3, target_range: 5 }],
};

const withRange = (i: number, change: Record<string, unknown>) => ({
  ...advancedEquity,
  extra_ranges: advancedEquity.extra_ranges.map((r, j) => (j === i ? { ...r, ...change } : r)),
});

/* ---- The custom and alert-based trade (§5.1, §5.2) ---------------------------------------------- */

describe('a custom or alert-based trade', () => {
  it('a custom trade with trailing profit and a cancel-by time passes, ticker upper-cased', () => {
    const parsed = basicTradeBody.parse(custom);
    expect(parsed).toMatchObject({ ticker: 'AAPL', trigger_percent: 10, extra_ranges: [] });
  });

  it('an alert trade of 1 and 1 share passes, with the drawer defaults', () => {
    const parsed = basicTradeBody.parse(alertTrade);
    expect(parsed).toMatchObject({
      trigger_percent: 40,
      trailing_profit: 0,
      new_trailing_profit: 0,
      set_trailing_profit: false,
      setCancelIfNotFilledBy: false,
      timeZone: 'America/New_York',
      trade_notes: '',
    });
  });

  it('an options BUY CALL passes; the draft placeholder dates read as absent', () => {
    const parsed = basicTradeBody.parse(buyCall);
    expect(parsed).toMatchObject({ strategy: 'BUY CALL', singleStrike: 185, singleExpiration: '2030-01-18' });
    expect(parsed.legOneExpiration).toBeUndefined();
  });

  it('a STRANGLE (call strike above the put strike) passes', () => expectAccepted(basicTradeBody, strangle));
  it('a STRADDLE with equal strikes passes, and with the second strike left out', () => {
    expectAccepted(basicTradeBody, straddle);
    expectAccepted(basicTradeBody, { ...straddle, legTwoStrike: null, legTwoExpiration: null });
  });

  it('a custom trade with an extra range passes', () =>
    expectAccepted(basicTradeBody, {
      ...custom,
      extra_ranges: [{ buy_range: 9.5, buy_range_quantity: 10, target_range: 13, target_range_quantity: 10 }],
    }));

  describe('each buy below its own target (§5.2, §5.3: the rule of create-trade, order-edit and range/edit)', () => {
    it("a buy range above both targets asks to adjust Range 1 and Range 2, on each range's target", () => {
      const issues = issuesOf(basicTradeBody, {
        ...custom,
        buy_range_low: 20,
        buy_range_high: 21,
        target_range_low: 12,
        target_range_high: 13,
        stop_loss: 19,
      });
      expect(issues).toContainEqual({ path: 'target_range_high', message: TRADE_MSG.adjustBuyTarget(1) });
      expect(issues).toContainEqual({ path: 'target_range_low', message: TRADE_MSG.adjustBuyTarget(2) });
    });

    it('range 2 buying at buy range high above target range low is refused on its target alone', () => {
      const issues = issuesOf(basicTradeBody, {
        ...custom,
        buy_range_low: 10,
        buy_range_high: 12.5,
        target_range_low: 12,
        target_range_high: 13,
      });
      expect(issues).toEqual([{ path: 'target_range_low', message: TRADE_MSG.adjustBuyTarget(2) }]);
    });

    it('the live create-trade body says the same', () =>
      expectRefused(
        liveBasicTradeBody,
        { ...custom, account_id: 'VA1', buy_range_low: 12, buy_range_high: 12.5, stop_loss: 11.5 },
        'target_range_low',
        TRADE_MSG.adjustBuyTarget(2),
      ));

    it('an extra range buying at or above its own target asks to adjust it by its number', () =>
      expectRefused(
        basicTradeBody,
        {
          ...custom,
          extra_ranges: [{ buy_range: 13, buy_range_quantity: 10, target_range: 13, target_range_quantity: 10 }],
        },
        'extra_ranges.0.target_range',
        TRADE_MSG.adjustBuyTarget(3),
      ));

    it('an order edit giving a buy above its own target is refused', () =>
      expectRefused(
        orderEditBody,
        { order_id: 'T42', buy_range_low: 9, buy_range_high: 14, target_range_low: 12, target_range_high: 15 },
        'target_range_low',
        TRADE_MSG.adjustBuyTarget(2),
      ));
  });

  it('buy range low not below buy range high says so on both fields', () => {
    const issues = issuesOf(basicTradeBody, { ...custom, buy_range_low: 10 });
    expect(issues).toContainEqual({ path: 'buy_range_low', message: TRADE_MSG.buyLowBelowHigh });
    expect(issues).toContainEqual({ path: 'buy_range_high', message: TRADE_MSG.buyHighAboveLow });
    expect(TRADE_MSG.buyLowBelowHigh).toBe('Buy Range Low must Be Lower Than Buy Range High');
  });

  it('target range low not below target range high says so on both fields', () => {
    const issues = issuesOf(basicTradeBody, { ...custom, target_range_low: 12.5 });
    expect(issues).toContainEqual({
      path: 'target_range_low',
      message: 'Target Range low must Be Lower Than Target Range High',
    });
    expect(issues).toContainEqual({
      path: 'target_range_high',
      message: 'Target Range High must Be Higher Than Target Range Low',
    });
  });

  it('a stop loss at or above buy range low is an invalid stop loss', () =>
    expectRefused(basicTradeBody, { ...custom, stop_loss: 9.8 }, 'stop_loss', 'Invalid stop loss'));

  it('a stop loss of 0 alone is an invalid stop loss', () =>
    expectRefused(basicTradeBody, { ...custom, stop_loss: 0 }, 'stop_loss', 'Invalid stop loss'));

  it('more than one value at 0 or below is a validation error on each', () => {
    const issues = issuesOf(basicTradeBody, { ...custom, stop_loss: 0, amount_buy_range_high: -1 });
    expect(issues).toEqual([
      { path: 'stop_loss', message: 'Validation error' },
      { path: 'amount_buy_range_high', message: 'Validation error' },
    ]);
  });

  it('a missing target says to check the buy ranges, target ranges and stop loss', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, target_range_high: undefined },
      'target_range_high',
      'Check your input for the buy ranges, target ranges and stop loss.',
    ));

  it('a buy range low of 0 alone must be greater than 0', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, buy_range_low: 0 },
      'buy_range_low',
      'Buy Range Low must be greater than 0.',
    ));

  it('a share amount of 0 asks to review the input', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, amount_buy_range_low: 0 },
      'amount_buy_range_low',
      'Please review your input',
    ));

  it('a fraction of a share asks to review the input', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, amount_buy_range_high: 2.5 },
      'amount_buy_range_high',
      'Please review your input',
    ));

  it('an options trade of 0 contracts asks to review the number of contracts', () =>
    expectRefused(
      basicTradeBody,
      { ...buyCall, amount_buy_range_low: 0 },
      'amount_buy_range_low',
      'Please review your input for number of contracts',
    ));

  it('a price with more than 8 decimals is refused', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, buy_range_low: 9.123456789 },
      'buy_range_low',
      'Buy Range Low has more than 8 decimals.',
    ));

  it('trailing profit on at 0% must be greater than 0%', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, trailing_profit: 0 },
      'trailing_profit',
      'Trailing profit must be greater than 0%',
    ));

  it('new trailing profit on at 0% must be greater than 0%', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, new_trailing_profit: 0 },
      'new_trailing_profit',
      'New trailing profit must be greater than 0%',
    ));

  it('a trigger percent not above the trailing profit is refused', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, trigger_percent: 5 },
      'trigger_percent',
      'Trigger percent must be greater than trailing profit',
    ));

  it('a trailing profit under the minimum of 1% is refused', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, trailing_profit: 0.5 },
      'trailing_profit',
      'Trailing profit must be at least 1%.',
    ));

  it('trailing profit off ignores the trailing fields at 0', () =>
    expectAccepted(basicTradeBody, {
      ...custom,
      set_trailing_profit: false,
      trailing_profit: 0,
      new_trailing_profit: 0,
    }));

  it('cancel-by on without a time asks for one', () =>
    expectRefused(basicTradeBody, { ...custom, expiryDateTime: null }, 'expiryDateTime', TRADE_MSG.cancelByRequired));

  it('a cancel-by time not in the YYYY-MM-D HH:m:s form is refused', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, expiryDateTime: '7/3/2030 3pm' },
      'expiryDateTime',
      TRADE_MSG.cancelByFormat,
    ));

  it('a cancel-by time zone other than New York is refused', () =>
    expectRefused(basicTradeBody, { ...custom, timeZone: 'Europe/Paris' }, 'timeZone', TRADE_MSG.timeZoneFixed));

  it('notes over 2000 characters are refused', () =>
    expectRefused(basicTradeBody, { ...custom, trade_notes: 'x'.repeat(2001) }, 'trade_notes', TRADE_MSG.notesTooLong));

  it('an alert trade without its alert is refused', () =>
    expectRefused(basicTradeBody, { ...alertTrade, alert_id: undefined }, 'alert_id', TRADE_MSG.alertIdRequired));

  it('an unknown trade type is refused', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, trade_type: 'SWING' },
      'trade_type',
      'Trade type must be one of: ALERT, DIONE, CUSTOM, SMT TEMPLATE.',
    ));

  it('an extra range missing its buy range is incomplete for Range 3 (after the two buy ranges)', () =>
    expectRefused(
      basicTradeBody,
      { ...custom, extra_ranges: [{ buy_range_quantity: 10, target_range: 13, target_range_quantity: 10 }] },
      'extra_ranges.0.buy_range',
      'Incomplete buy range for Range 3',
    ));

  it('an extra range missing its target quantity is incomplete for Range 4', () =>
    expectRefused(
      basicTradeBody,
      {
        ...custom,
        extra_ranges: [
          { buy_range: 9.5, buy_range_quantity: 10, target_range: 13, target_range_quantity: 10 },
          { buy_range: 9.4, buy_range_quantity: 10, target_range: 13 },
        ],
      },
      'extra_ranges.1.target_range_quantity',
      'Incomplete target range for Range 4',
    ));

  it('a live trade names its brokerage account', () => {
    expectRefused(liveBasicTradeBody, custom, 'account_id', TRADE_MSG.accountRequired);
    expectAccepted(liveBasicTradeBody, { ...custom, account_id: 'VA0001' });
  });

  it('every broken rule is said at once, each on its field', () => {
    const issues = issuesOf(basicTradeBody, { ...custom, ticker: '', buy_range_low: 11, trailing_profit: 0 });
    expect(issues.map((i) => i.path).sort()).toEqual(['buy_range_high', 'buy_range_low', 'ticker', 'trailing_profit']);
  });
});

describe('options rules of a basic trade (§5.2)', () => {
  it('a strategy that is not one of the four is an Invalid Strategy', () =>
    expectRefused(basicTradeBody, { ...buyCall, strategy: 'COVERED CALL' }, 'strategy', 'Invalid Strategy'));

  it('a STRANGLE whose call strike is below the put strike is refused on leg one', () =>
    expectRefused(
      basicTradeBody,
      { ...strangle, legOneStrike: 160 },
      'legOneStrike',
      'LEG ONE STRIKE PRICE must be greater than LEG TWO STRIKE PRICE',
    ));

  it('a STRANGLE with equal strikes is refused on leg two', () =>
    expectRefused(
      basicTradeBody,
      { ...strangle, legOneStrike: 170 },
      'legTwoStrike',
      'Two leg strikes are meant to be unequal for STRANGLE type.',
    ));

  it('a STRADDLE with different strikes is refused on leg two', () =>
    expectRefused(
      basicTradeBody,
      { ...straddle, legTwoStrike: 175 },
      'legTwoStrike',
      'Two leg strikes are meant to be equal for STRADDLE type.',
    ));

  it('a BUY CALL without its strike asks for it', () =>
    expectRefused(basicTradeBody, { ...buyCall, singleStrike: null }, 'singleStrike', TRADE_MSG.strikeRequired));

  it('a BUY PUT without its expiration asks for it', () =>
    expectRefused(
      basicTradeBody,
      { ...buyCall, strategy: 'BUY PUT', singleExpiration: '01-01-2021' },
      'singleExpiration',
      TRADE_MSG.expirationRequired,
    ));

  it('an expiration not in YYYY-MM-DD is refused', () =>
    expectRefused(
      basicTradeBody,
      { ...buyCall, singleExpiration: '2030-1-18' },
      'singleExpiration',
      'Your expiration date must be in the format YYYY-MM-DD',
    ));

  it('February 29 of a common year is an invalid day for February; of a leap year it passes', () => {
    expectRefused(
      basicTradeBody,
      { ...buyCall, singleExpiration: '2031-02-29' },
      'singleExpiration',
      'Invalid day for February',
    );
    expectAccepted(basicTradeBody, { ...buyCall, singleExpiration: '2032-02-29' });
  });

  it('legs expiring on different dates are refused', () =>
    expectRefused(
      basicTradeBody,
      { ...strangle, legTwoExpiration: '2030-02-15' },
      'legTwoExpiration',
      TRADE_MSG.legsSameExpiration,
    ));

  it('leg one is the CALL', () =>
    expectRefused(basicTradeBody, { ...strangle, legOneType: 'PUT' }, 'legOneType', TRADE_MSG.legOneCall));

  it('a strike without a strategy asks for the strategy', () =>
    expectRefused(basicTradeBody, { ...custom, singleStrike: 150 }, 'strategy', TRADE_MSG.optionsNeedStrategy));
});

/* ---- The clock: cancel-by in the future --------------------------------------------------------- */

describe('the cancel-by time', () => {
  const now = new Date('2030-03-07T19:00:00Z'); // 14:00 in New York (EST)

  it('is read as New York time, winter and summer', () => {
    expect(cancelByInstant('2030-01-15 9:30:0')?.toISOString()).toBe('2030-01-15T14:30:00.000Z');
    expect(cancelByInstant('2030-07-15 09:30:00')?.toISOString()).toBe('2030-07-15T13:30:00.000Z');
  });

  it('a time later than now passes', () => expect(cancelByInFuture(basicTradeBody.parse(custom), now)).toBeNull());

  it('a time not later than now must be greater than the current time', () => {
    const body = basicTradeBody.parse({ ...custom, expiryDateTime: '2030-03-7 14:0:0' });
    expect(cancelByInFuture(body, now)).toEqual({
      path: ['expiryDateTime'],
      message: 'Your date and time selection must be greater than the current time',
    });
  });

  it('is not checked when cancel-by is off', () =>
    expect(cancelByInFuture({ setCancelIfNotFilledBy: false, expiryDateTime: '2000-01-1 0:0:0' }, now)).toBeNull());

  it('a day that does not exist is no time', () => expect(parseCancelBy('2030-02-30 10:0:0')).toBeNull());
});

/* ---- The advanced trade (§5.3) ------------------------------------------------------------------- */

describe('an advanced trade', () => {
  it('an equity trade with two ranges and a condition row passes, with the condition defaults', () => {
    const parsed = liveAdvancedTradeBody.parse(advancedEquity);
    expect(parsed.conditions[0]?.[0]).toEqual({
      uuid: 'c-1',
      conditionType: 'Price',
      rules: {
        is: true,
        priceType: 'last price',
        outComeSelected: 'greater_than',
        technicalParameter: 'SMA',
        interval: '1day',
        timePeriod: 20,
      },
    });
    expect(parsed.trigger_percent).toBe(40);
  });

  it('an options trade with a call range and a put range passes', () =>
    expectAccepted(liveAdvancedTradeBody, advancedOptions));

  it('a trade without ranges asks for an extra range', () => {
    expectRefused(
      advancedTradeBody,
      { ...advancedEquity, extra_ranges: [], conditions: [] },
      'extra_ranges',
      TRADE_MSG.addExtraRange,
    );
    expect(TRADE_MSG.addExtraRange).toBe('Please add at least one extra range for this trade!');
  });

  it.each([
    ['buy_range', 'Incomplete Buy Range for Range 2'],
    ['buy_range_quantity', 'Incomplete Buy Quantity for Range 2'],
    ['target_range', 'Incomplete Target Range for Range 2'],
    ['target_range_quantity', 'Incomplete Sell Quantity for Range 2'],
  ])('an equity range without %s says %s', (field, message) =>
    expectRefused(advancedTradeBody, withRange(1, { [field]: undefined }), `extra_ranges.1.${field}`, message),
  );

  it('a buy quantity of 0 is incomplete', () =>
    expectRefused(
      advancedTradeBody,
      withRange(0, { buy_range_quantity: 0 }),
      'extra_ranges.0.buy_range_quantity',
      'Incomplete Buy Quantity for Range 1',
    ));

  it.each([
    ['buy_instruction', 'Set buy instruction for Range 1'],
    ['expiration', 'Incomplete Expiration Date for Range 1'],
    ['strike', 'Set Strike for Range 1'],
    ['call_or_put', 'Set Call or Put for Range 1'],
    ['sell_instruction', 'Set sell instruction for Range 1'],
  ])('an options range without %s says %s', (field, message) =>
    expectRefused(
      advancedTradeBody,
      { ...advancedOptions, extra_ranges: [{ ...optionRange, [field]: null }] },
      `extra_ranges.0.${field}`,
      message,
    ),
  );

  it('an options expiration not in YYYY-MM-DD, or on February 30, is refused', () => {
    const withExpiration = (expiration: string) => ({
      ...advancedOptions,
      extra_ranges: [{ ...optionRange, expiration }],
    });
    expectRefused(
      advancedTradeBody,
      withExpiration('18/01/2030'),
      'extra_ranges.0.expiration',
      TRADE_MSG.expirationFormat,
    );
    expectRefused(
      advancedTradeBody,
      withExpiration('2030-13-01'),
      'extra_ranges.0.expiration',
      TRADE_MSG.expirationFormat,
    );
    expectRefused(
      advancedTradeBody,
      withExpiration('2030-02-30'),
      'extra_ranges.0.expiration',
      'Invalid day for February',
    );
  });

  it('a strike under 1 is refused', () =>
    expectRefused(
      advancedTradeBody,
      { ...advancedOptions, extra_ranges: [{ ...optionRange, strike: 0.5 }] },
      'extra_ranges.0.strike',
      'Strike must be at least 1.',
    ));

  it('a stop loss at or above a range is refused', () =>
    expectRefused(advancedTradeBody, { ...advancedEquity, stop_loss: 95 }, 'stop_loss', TRADE_MSG.stopLossBelowRanges));

  it('a stop loss of 0 may not be', () =>
    expectRefused(advancedTradeBody, { ...advancedEquity, stop_loss: 0 }, 'stop_loss', 'Stop loss may not be zero.'));

  it('a buy range at or above its own target asks to adjust that range', () =>
    expectRefused(
      advancedTradeBody,
      withRange(1, { buy_range: 110 }),
      'extra_ranges.1.target_range',
      'Please adjust buy range and target range for Range 2',
    ));

  it('a buy range at or above another range’s target says to check the ranges', () =>
    expectRefused(
      advancedTradeBody,
      withRange(0, { buy_range: 112, target_range: 130 }),
      'extra_ranges.0.buy_range',
      'Please check your ranges',
    ));

  it('selling more than a range buys says to check the ranges', () =>
    expectRefused(
      advancedTradeBody,
      withRange(0, { target_range_quantity: 11 }),
      'extra_ranges.0.target_range_quantity',
      'Please check your ranges',
    ));

  it('a condition row without an action asks to assign one', () =>
    expectRefused(
      advancedTradeBody,
      { ...advancedEquity, conditions: [[priceCondition, buyAction], [{ ...priceCondition, uuid: 'c-2' }]] },
      'conditions.1',
      'Please assign an action to all defined conditions.',
    ));

  it('a row with two actions is refused on the second', () =>
    expectRefused(
      advancedTradeBody,
      { ...advancedEquity, conditions: [[priceCondition, buyAction, { ...buyAction, uuid: 'a-2' }]] },
      'conditions.0.2',
      TRADE_MSG.oneActionPerRow,
    ));

  it('a row with only an action asks for a condition', () =>
    expectRefused(
      advancedTradeBody,
      { ...advancedEquity, conditions: [[buyAction]] },
      'conditions.0',
      TRADE_MSG.conditionBeforeAction,
    ));

  it('an action on a range the trade does not have is refused', () =>
    expectRefused(
      advancedTradeBody,
      {
        ...advancedEquity,
        conditions: [[priceCondition, { ...buyAction, rules: { ...buyAction.rules, selectedOrder: 'sell_range_3' } }]],
      },
      'conditions.0.1.rules.selectedOrder',
      TRADE_MSG.unknownRange(3),
    ));

  it('a TA comparison and an Order Filled condition take their defaults', () => {
    const parsed = advancedTradeBody.parse({
      ...advancedEquity,
      conditions: [
        [
          { uuid: 't-1', conditionType: 'TA', rules: { technicalParameter: 'EMA', timePeriod: 20, interval: '1hr' } },
          { uuid: 'f-1', conditionType: 'Order Filled', rules: {} },
          buyAction,
        ],
      ],
    });
    expect(parsed.conditions[0]?.[0]?.rules).toMatchObject({
      outComeSelected: 'less_than',
      technicalParameterRight: 'SMA',
      intervalRight: '1day',
      timePeriodRight: 50,
    });
    expect(parsed.conditions[0]?.[1]?.rules).toEqual({ is: true, filled: true, selectedOrder: 'buy_range_1' });
  });

  it('a price compared with a VALUE needs the value; a custom action price needs the price', () => {
    const valueRow = [{ ...priceCondition, rules: { technicalParameter: 'VALUE' } }, buyAction];
    expectRefused(
      advancedTradeBody,
      { ...advancedEquity, conditions: [valueRow] },
      'conditions.0.0.rules.value',
      TRADE_MSG.valueRequired,
    );
    const customRow = [priceCondition, { ...buyAction, rules: { type: 'cancel', priceType: 'custom price' } }];
    expectRefused(
      advancedTradeBody,
      { ...advancedEquity, conditions: [customRow] },
      'conditions.0.1.rules.customPrice',
      TRADE_MSG.customPriceRequired,
    );
  });

  it('conditions naming orders of a trade without ranges ask for a range first', () => {
    const rows = advancedTradeBody.parse({
      ...advancedEquity,
      conditions: [[{ uuid: 'f-1', conditionType: 'Order Filled', rules: {} }, buyAction]],
    }).conditions as ConditionRow[];
    expect(conditionRowIssues(rows, 0)).toEqual([
      {
        path: ['conditions', 0, 0, 'rules', 'selectedOrder'],
        message: 'Please add at least one range before proceeding',
      },
      {
        path: ['conditions', 0, 1, 'rules', 'selectedOrder'],
        message: 'Please create at least one range before proceeding with this action',
      },
    ]);
  });

  it('trailing and cancel-by rules apply as in the custom trade', () => {
    const issues = issuesOf(advancedTradeBody, {
      ...advancedEquity,
      set_trailing_profit: true,
      trailing_profit: 5,
      new_trailing_profit: 2,
      trigger_percent: 3,
      setCancelIfNotFilledBy: true,
    });
    expect(issues).toEqual([
      { path: 'trigger_percent', message: TRADE_MSG.triggerAboveTrailing },
      { path: 'expiryDateTime', message: TRADE_MSG.cancelByRequired },
    ]);
  });
});

describe('a draft', () => {
  it('takes a basic or an advanced trade by its trade type', () => {
    expect(draftTradeBody.parse(custom).trade_type).toBe('CUSTOM');
    expect(draftTradeBody.parse(advancedEquity).trade_type).toBe('ADVANCED');
  });

  it('keeps the rules of its kind', () =>
    expectRefused(draftTradeBody, { ...advancedEquity, stop_loss: 200 }, 'stop_loss', TRADE_MSG.stopLossBelowRanges));

  it('refuses a trade type it does not know', () =>
    expectRefused(
      draftTradeBody,
      { ...custom, trade_type: 'MB' },
      'trade_type',
      'Trade type must be one of: ALERT, DIONE, CUSTOM, SMT TEMPLATE, ADVANCED.',
    ));
});

/* ---- Changes to a placed trade (§5.5) ----------------------------------------------------------- */

describe('changing a placed trade', () => {
  it('an order edit of a few fields passes', () =>
    expectAccepted(orderEditBody, {
      order_id: 'T42',
      stop_loss: 9.25,
      trailing_profit: 3,
      trigger_percent: 12,
      trade_notes: null,
    }));

  it('an order edit keeps the order of the prices it gives', () => {
    const issues = issuesOf(orderEditBody, {
      order_id: 'T42',
      buy_range_low: 10.5,
      buy_range_high: 10.2,
      stop_loss: 11,
    });
    expect(issues).toContainEqual({ path: 'buy_range_low', message: TRADE_MSG.buyLowBelowHigh });
    expect(issues).toContainEqual({ path: 'stop_loss', message: TRADE_MSG.invalidStopLoss });
  });

  it('an order edit takes trailing fields of at least 1', () =>
    expectRefused(
      orderEditBody,
      { order_id: 'T42', new_trailing_profit: 0.5 },
      'new_trailing_profit',
      'New trailing profit must be at least 1%.',
    ));

  it('a range edit without its buy range says Please Input Buy Range!', () =>
    expectRefused(
      rangeEditBody,
      { trade_id: 7, range: { range_id: 2, target_range: 12 } },
      'range.buy_range',
      'Please Input Buy Range!',
    ));

  it('a range edit with the buy at its target asks to adjust the range', () =>
    expectRefused(
      rangeEditBody,
      { trade_id: 7, range: { range_id: 2, buy_range: 12, target_range: 12 } },
      'range.target_range',
      'Please adjust buy range and target range for Range 2',
    ));

  it('a conditions edit passes with complete rows, and an empty list removes them', () => {
    expectAccepted(conditionsEditBody, { trade_id: 7, conditions: [[priceCondition, buyAction]] });
    expectAccepted(conditionsEditBody, { trade_id: 7, conditions: [] });
  });

  it('a conditions edit with a row lacking its action asks to assign one', () =>
    expectRefused(
      conditionsEditBody,
      { trade_id: 7, conditions: [[priceCondition]] },
      'conditions.0',
      TRADE_MSG.assignAction,
    ));
});

/* ---- Templates (§5.6) ---------------------------------------------------------------------------- */

const templateFields = [
  { entry_name: 'BUY RANGE LOW', percentage: 3, percentage_type: 'LESS', based_on: 'Ask Price' },
  { entry_name: 'BUY RANGE HIGH', percentage: 1.5, percentage_type: 'LESS', based_on: 'Ask Price' },
  { entry_name: 'TARGET RANGE LOW', percentage: 10, percentage_type: 'EXCEED', based_on: 'Last Price' },
  { entry_name: 'TARGET RANGE HIGH', percentage: 450, based_on: 'Last Price' },
  { entry_name: 'STOP LOSS', percentage: 100, percentage_type: 'LESS', based_on: 'Bid Price' },
];
const template = { name: 'Swing 3/10', trade_template_parameters_fields: templateFields };
const withEntry = (i: number, change: Record<string, unknown>) => ({
  ...template,
  trade_template_parameters_fields: templateFields.map((p, j) => (j === i ? { ...p, ...change } : p)),
});

describe('a trade template', () => {
  it('a template of the five entries passes (targets up to 500%)', () => expectAccepted(tradeTemplateBody, template));

  it('a buy range percentage over 100 is refused', () =>
    expectRefused(
      tradeTemplateBody,
      withEntry(0, { percentage: 101 }),
      'trade_template_parameters_fields.0.percentage',
      'The Buy Range Low percentage must be from 0 to 100.',
    ));

  it('a target percentage over 500 is refused', () =>
    expectRefused(
      tradeTemplateBody,
      withEntry(3, { percentage: 501 }),
      'trade_template_parameters_fields.3.percentage',
      'The Target Range High percentage must be from 0 to 500.',
    ));

  it('a template needs a name', () =>
    expectRefused(tradeTemplateBody, { ...template, name: '  ' }, 'name', TRADE_MSG.templateNameRequired));

  it('a template missing an entry, or naming one twice, is refused', () => {
    expectRefused(
      tradeTemplateBody,
      { ...template, trade_template_parameters_fields: templateFields.slice(0, 4) },
      'trade_template_parameters_fields',
      'Give the Stop Loss percentage.',
    );
    expectRefused(
      tradeTemplateBody,
      withEntry(1, { entry_name: 'BUY RANGE LOW' }),
      'trade_template_parameters_fields.1.entry_name',
      TRADE_MSG.templateEntryTwice('Buy Range Low'),
    );
  });

  it('a target with the LESS percentage type is refused', () =>
    expectRefused(
      tradeTemplateBody,
      withEntry(2, { percentage_type: 'LESS' }),
      'trade_template_parameters_fields.2.percentage_type',
      TRADE_MSG.templatePercentType('Target Range Low', 'EXCEED'),
    ));
});

/* ---- Sharing (§5.4) ------------------------------------------------------------------------------ */

describe('sharing', () => {
  it('a trade shared with one user, as multipart text fields, passes', () =>
    expect(shareFields.parse({ sharing_type: 'single', user: ' Ann@Example.com ', live_trade_order_id: '12' })).toEqual(
      {
        sharing_type: 'single',
        user: 'ann@example.com',
        live_trade_order_id: 12,
      },
    ));

  it('a trade shared with several users (a JSON list) passes', () =>
    expect(
      shareFields.parse({
        sharing_type: 'multiple',
        users: '[{"email":"a@example.com"},{"email":"b@example.com"}]',
        live_trade_order_id: '12',
      }).users,
    ).toEqual([{ email: 'a@example.com' }, { email: 'b@example.com' }]));

  it('a bot shared with the users on a plan passes', () =>
    expectAccepted(shareFields, { sharing_type: 'users-on-plan', plan: '3', money_mgt_bot_id: '7' }));

  it('a trade shared with all users passes', () =>
    expectAccepted(shareFields, { sharing_type: 'all', live_trade_order_id: 12 }));

  it("single mode without an e-mail asks for the user's email", () =>
    expectRefused(
      shareFields,
      { sharing_type: 'single', user: '', live_trade_order_id: '12' },
      'user',
      "Please provide the user's email.",
    ));

  it('multiple mode without users asks for them', () =>
    expectRefused(
      shareFields,
      { sharing_type: 'multiple', users: '[]', live_trade_order_id: '12' },
      'users',
      'Please provide the users to send to',
    ));

  it('plan mode without a plan says Select a plan.', () =>
    expectRefused(shareFields, { sharing_type: 'users-on-plan', live_trade_order_id: '12' }, 'plan', 'Select a plan.'));

  it('a share of nothing, or of a trade and a bot at once, is refused', () => {
    expectRefused(shareFields, { sharing_type: 'all' }, 'live_trade_order_id', TRADE_MSG.shareTargetRequired);
    expectRefused(
      shareFields,
      { sharing_type: 'all', live_trade_order_id: '1', money_mgt_bot_id: '2' },
      'money_mgt_bot_id',
      TRADE_MSG.shareTargetBoth,
    );
  });

  it('users that are not JSON are refused, never thrown', () =>
    expectRefused(
      shareFields,
      { sharing_type: 'multiple', users: '[{', live_trade_order_id: '12' },
      'users',
      TRADE_MSG.shareUsersRequired,
    ));
});

/* ---- Queries ------------------------------------------------------------------------------------- */

describe('queries', () => {
  it('read ids and tickers from text', () => {
    expect(orderIdQuery.parse({ order_id: 'T42' })).toEqual({ order_id: 'T42' });
    expect(tradeAlertQuery.parse({ id: '42', type: 'DIONE' })).toEqual({ id: 42, type: 'DIONE' });
    expect(tradeEntriesQuery.parse({ ticker: 'msft', template: '3', token: 'x' })).toMatchObject({
      ticker: 'MSFT',
      template: 3,
    });
    expect(sharedItemsQuery.parse({})).toEqual({ type: 'TRADE' });
  });

  it('refuse an order id that is not one', () =>
    expectRefused(orderIdQuery, { order_id: '../1' }, 'order_id', TRADE_MSG.orderIdInvalid));
});

/* ---- Answers --------------------------------------------------------------------------------------- */

const execution = {
  entry_date: '2030-01-02T15:00:00.000Z',
  entry_price: 9.8,
  entry_quantity: 50,
  entry_cost: 490,
  exit_date: null,
  exit_price: null,
  exit_quantity: 0,
  exit_cost: 0,
};
const trade = {
  id: 42,
  order_id: 'T42',
  created: '2030-01-02T14:30:00.000Z',
  ticker: 'AAPL',
  account_id: 'VA0001',
  status: 'OPEN',
  trade_type: 'CUSTOM',
  stock_type: 'STOCKS',
  archived: false,
  completed: false,
  alert_id: null,
  buy_range_1: 9.8,
  buy_range_2: 10,
  buy_range_1_stocks: 50,
  buy_range_2_stocks: 50,
  target_range_low: 11,
  target_range_high: 12,
  stop_loss: 9,
  set_trailing_profit: false,
  trailing_profit: 0,
  new_trailing_profit: 0,
  trigger_percent: 40,
  trade_notes: '',
  strategy: null,
  singleStrike: null,
  legOneStrike: null,
  legTwoStrike: null,
  singleExpiration: null,
  legOneExpiration: null,
  legTwoExpiration: null,
  legOneType: null,
  legTwoType: null,
  conditions: [
    [
      advancedTradeBody.parse(advancedEquity).conditions[0]![0],
      advancedTradeBody.parse(advancedEquity).conditions[0]![1],
    ],
  ],
  extra_ranges: [
    {
      range_id: 3,
      buy_range: 9.5,
      target_range: 13,
      buy_range_quantity: 10,
      target_range_quantity: 10,
      ...execution,
      completed: false,
      buy_filled: true,
      sell_filled: false,
      buy_instruction: null,
      sell_instruction: null,
      expiration: null,
      strike: null,
      call_or_put: null,
    },
  ],
  profit_loss_data: {
    buy_range_one_execution: { ...execution, profit_loss: 0, profit_loss_percent: null },
    buy_range_two_execution: null,
  },
  setCancelIfNotFilledBy: false,
  expiryDateTime: null,
  timeZone: 'America/New_York',
  sold_at_stop_loss: false,
  fail_reason: null,
  is_new_trailing_profit_processed: false,
  order_one_carried_out: true,
  order_two_carried_out: false,
};

/** What the server's answer check does: the answer parses and is exactly what its schema describes. */
function expectExactAnswer(schema: z.ZodType, answer: unknown) {
  const parsed = schema.safeParse(answer);
  expect(parsed.success).toBe(true);
  expect(isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), answer)).toBe(true);
}

describe('answers', () => {
  it('a live trade and a demo trade row are exactly their schemas', () => {
    expectExactAnswer(smartTradeSchema, trade);
    expectExactAnswer(demoTradeSchema, { ...trade, net_liquidity: 495.5 });
  });

  it('the trade-alert answer is found: false, or the alert', () => {
    expectExactAnswer(tradeAlertResponseSchema, { found: false });
    expect(tradeAlertResponseSchema.safeParse({ found: true }).success).toBe(false);
  });

  it('a reset demo account holds 100000 in cash and no equities', () => {
    expectExactAnswer(demoAccountSchema, DEMO_ACCOUNT_AFTER_RESET);
    expectExactAnswer(resetDemoReplySchema, { ...DEMO_ACCOUNT_AFTER_RESET, message: TRADE_MSG.demoReset });
    expect(DEMO_ACCOUNT_AFTER_RESET).toMatchObject({ buying_power: 100000, account_value: 100000, equities_value: 0 });
  });

  it('a range is Open, Completed or Cancelled (§4)', () => {
    expect(rangeStatusOf({ completed: false, buy_filled: true })).toBe('Open');
    expect(rangeStatusOf({ completed: true, buy_filled: true })).toBe('Completed');
    expect(rangeStatusOf({ completed: true, buy_filled: false })).toBe('Cancelled');
  });
});

/* ---- Operations ------------------------------------------------------------------------------------ */

describe('the operations', () => {
  // endpoints.tsv, with {id} written as :id (the server's route syntax).
  const expected: [keyof typeof SMART_TRADES_API, string, string][] = [
    ['trades', 'GET', '/livetrading/trades'],
    ['archivedTrades', 'GET', '/livetrading/archived-trades'],
    ['demoTrades', 'GET', '/demo-trading/trades'],
    ['draftTrade', 'POST', '/livetrading/draft-trade/'],
    ['createTrade', 'POST', '/livetrading/create-trade/'],
    ['createAdvancedTrade', 'POST', '/livetrading/create-advanced-trade/'],
    ['createDemoTrade', 'POST', '/demo-trading/create-demo-trade/'],
    ['deleteDraft', 'GET', '/livetrading/delete-draft'],
    ['orderDetail', 'GET', '/livetrading/order-detail'],
    ['tradeLogs', 'GET', '/logs/live-trades'],
    ['archiveTrade', 'POST', '/livetrading/archive-live-trade/'],
    ['unarchiveTrade', 'POST', '/livetrading/unarchive-live-trade/'],
    ['cancelTrade', 'POST', '/livetrading/cancel-live-trade/'],
    ['cancelDemoTrade', 'POST', '/demo-trading/cancel-demo-trade/'],
    ['orderEdit', 'POST', '/livetrading/order-edit/'],
    ['rangeEdit', 'POST', '/livetrading/trades/range/edit/'],
    ['conditionsEdit', 'POST', '/livetrading/trades/conditions/edit/'],
    ['tradeAlert', 'GET', '/livetrading/trade-alert'],
    ['demoTradeAlert', 'GET', '/demo-trading/trade-alert'],
    ['templates', 'GET', '/livetrading/trade-templates'],
    ['createTemplate', 'POST', '/livetrading/trade-templates'],
    ['updateTemplate', 'PATCH', '/livetrading/trade-templates/:id'],
    ['deleteTemplate', 'DELETE', '/livetrading/trade-templates/:id'],
    ['tradeEntries', 'GET', '/livetrading/trade-entries-parameter'],
    ['sharedReceived', 'GET', '/livetrading/smart-trade-share/received'],
    ['sharedSent', 'GET', '/livetrading/smart-trade-share/sent'],
    ['share', 'POST', '/livetrading/smart-trade-share/create/'],
    ['shareableUsers', 'GET', '/management/user-list'],
    ['planGroups', 'GET', '/payments/plans'],
    ['demoAccount', 'GET', '/demo-trading'],
    ['resetDemoAccount', 'POST', '/demo-trading/reset-demo-account/'],
    // 1-core §7's brokerage accounts (the simulated one until a broker is authorized).
    ['accounts', 'GET', '/livetrading/accounts'],
    // Not in the spec: the Replay button of the trade drawers (issue 13, beyond the spec).
    ['replayTrade', 'POST', '/livetrading/replay-trade/'],
  ];

  it('has each call of the spec with its method and path, and no other', () => {
    expect(Object.keys(SMART_TRADES_API).sort()).toEqual(expected.map(([key]) => key).sort());
    for (const [key, method, path] of expected)
      expect([SMART_TRADES_API[key].method, SMART_TRADES_API[key].path]).toEqual([method, path]);
  });

  it('has unique operation ids and the area tags', () => {
    const ops = Object.values(SMART_TRADES_API);
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length);
    for (const op of ops) expect(['smart-trades', 'demo-trading']).toContain(op.tag);
  });

  it('documents every request and answer as JSON Schema', () => {
    const ops: Operation[] = Object.values(SMART_TRADES_API);
    for (const op of ops) {
      for (const schema of [op.body, op.query, op.params]) {
        if (schema) expect(() => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })).not.toThrow();
      }
      const response = op.response;
      if (response instanceof z.ZodType) {
        expect(() => z.toJSONSchema(response, { io: 'output', unrepresentable: 'any' })).not.toThrow();
      }
    }
  });
});

describe('hostile input', () => {
  const hostile: unknown[] = [
    null,
    undefined,
    0,
    -1,
    1e308,
    Number.NaN,
    '',
    ' ',
    'x'.repeat(5000),
    '[{',
    true,
    [],
    [null],
    {},
    [[null]],
    [[{}]],
  ];
  const goodBodies: [z.ZodType, Record<string, unknown>][] = [
    [
      basicTradeBody,
      {
        ...custom,
        extra_ranges: [{ buy_range: 9.5, buy_range_quantity: 1, target_range: 13, target_range_quantity: 1 }],
      },
    ],
    [basicTradeBody, strangle],
    [liveAdvancedTradeBody, advancedEquity],
    [liveAdvancedTradeBody, advancedOptions],
    [draftTradeBody, advancedEquity],
    [orderEditBody, { order_id: 'T1', stop_loss: 1 }],
    [rangeEditBody, { trade_id: 1, range: { range_id: 1, buy_range: 1, target_range: 2 } }],
    [conditionsEditBody, { trade_id: 1, conditions: [[priceCondition, buyAction]] }],
    [tradeTemplateBody, template],
    [shareFields, { sharing_type: 'multiple', users: '[]', live_trade_order_id: '1' }],
  ];

  it('every schema of every call refuses, never throws, on hostile values of each field', () => {
    const ops: Operation[] = Object.values(SMART_TRADES_API);
    for (const op of ops) {
      for (const schema of [op.body, op.query, op.params]) {
        for (const value of hostile) expect(() => schema?.safeParse(value)).not.toThrow();
      }
    }
    for (const [schema, body] of goodBodies) {
      for (const key of Object.keys(body)) {
        for (const value of hostile) expect(() => schema.safeParse({ ...body, [key]: value })).not.toThrow();
      }
    }
  });
});
