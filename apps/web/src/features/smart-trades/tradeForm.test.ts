import { describe, expect, it } from 'vitest';
import { basicTradeBody, type AlertDto, type SmartTradeDto } from '@drat/contracts';
import { bodyOf, estimateOf, formFieldOf, initialValues, tradeTypeOf } from './tradeForm';

/** Shares, not options: no strategy, strikes or expirations. */
const SHARES = {
  strategy: null,
  singleStrike: null,
  singleExpiration: null,
  legOneStrike: null,
  legTwoStrike: null,
  legOneExpiration: null,
};

const alert = {
  id: 7,
  ticker: 'ACME',
  ...SHARES,
  buy_range_low: 9.5,
  buy_range_high: 10,
  target_range_low: 11,
  target_range_high: 12,
  stop_loss: 9,
} as unknown as AlertDto;

const trade = (patch: Partial<SmartTradeDto> = {}) =>
  ({
    id: 42,
    ticker: 'ACME',
    trade_type: 'CUSTOM',
    alert_id: null,
    ...SHARES,
    buy_range_1: 9.5,
    buy_range_2: 10,
    buy_range_1_stocks: 30,
    buy_range_2_stocks: 20,
    target_range_low: 11,
    target_range_high: 12,
    stop_loss: 9,
    set_trailing_profit: true,
    trailing_profit: 5,
    new_trailing_profit: 2,
    trigger_percent: 40,
    expiryDateTime: '2030-1-2 10:30:0',
    trade_notes: 'again',
    ...patch,
  }) as SmartTradeDto;

describe('the basic trade drawer form', () => {
  it('an alert starts from its levels with 2 shares split 1/1 and sends an ALERT trade of the alert', () => {
    const source = { kind: 'alert', alert } as const;
    const v = initialValues(source);
    expect(v).toMatchObject({ ticker: 'ACME', buy_range_low: 9.5, total: 2, amount_buy_range_low: 1 });
    const body = bodyOf(source, v);
    expect(body).toMatchObject({ trade_type: 'ALERT', alert_id: 7, ticker: 'ACME' });
    expect(basicTradeBody.safeParse(body).success).toBe(true);
  });

  it('a custom trade starts empty with 100 shares split 50/50; with a template it is an SMT TEMPLATE trade', () => {
    const v = initialValues({ kind: 'custom' });
    expect(v).toMatchObject({ ticker: '', buy_range_low: null, total: 100, amount_buy_range_high: 50 });
    expect(tradeTypeOf({ kind: 'custom' }, false)).toBe('CUSTOM');
    expect(tradeTypeOf({ kind: 'custom' }, true)).toBe('SMT TEMPLATE');
  });

  it('a custom trade with nothing entered fails the contracts schema on its fields', () => {
    const body = bodyOf({ kind: 'custom' }, initialValues({ kind: 'custom' }));
    const r = basicTradeBody.safeParse(body);
    expect(r.success).toBe(false);
    const fields = new Set(r.error!.issues.map((i) => formFieldOf(String(i.path[0]))));
    expect(fields.has('ticker')).toBe(true);
    expect(fields.has('buy_range_low')).toBe(true);
  });

  it('a draft is traded with its id, its amounts, trailing and cancel-by time', () => {
    const source = { kind: 'trade', trade: trade(), as: 'draft' } as const;
    const v = initialValues(source);
    expect(v).toMatchObject({
      total: 50,
      amount_buy_range_low: 30,
      set_trailing_profit: true,
      setCancelIfNotFilledBy: true,
    });
    expect(v.cancelBy?.format('YYYY-MM-DD HH:mm')).toBe('2030-01-02 10:30');
    expect(bodyOf(source, v)).toMatchObject({
      draft_id: 42,
      trade_type: 'CUSTOM',
      expiryDateTime: '2030-01-2 10:30:0',
    });
  });

  it('a retrade starts without a cancel-by time and without the draft id; a bot trade traded by hand is CUSTOM', () => {
    const source = { kind: 'trade', trade: trade({ trade_type: 'MB' }), as: 'retrade' } as const;
    const v = initialValues(source);
    expect(v.setCancelIfNotFilledBy).toBe(false);
    const body = bodyOf(source, v);
    expect(body).not.toHaveProperty('draft_id');
    expect(body.trade_type).toBe('CUSTOM');
  });

  it('a straddle sends one strike and one expiration for both legs', () => {
    const source = { kind: 'custom' } as const;
    const v = {
      ...initialValues(source),
      ticker: 'acme',
      strategy: 'STRADDLE' as const,
      legOneStrike: 10,
      legsExpiration: '2030-01-18',
    };
    expect(bodyOf(source, v)).toMatchObject({
      ticker: 'ACME',
      strategy: 'STRADDLE',
      legOneStrike: 10,
      legTwoStrike: 10,
      legOneExpiration: '2030-01-18',
      legTwoExpiration: '2030-01-18',
    });
    expect(formFieldOf('legTwoExpiration')).toBe('legsExpiration');
  });

  it('estimates: shares cost price × amount with no commission; options × 100 with 0.60 a contract + 0.40', () => {
    const base = {
      ticker: 'ACME',
      trade_type: 'CUSTOM',
      buy_range_low: 1.25,
      buy_range_high: 1.5,
      amount_buy_range_low: 2,
      amount_buy_range_high: 1,
      target_range_low: 2,
      target_range_high: 3,
      stop_loss: 1,
    } as const;
    expect(estimateOf(base)).toEqual({ value: 4, fees: 0, total: 4 });
    expect(estimateOf({ ...base, strategy: 'BUY CALL' as const })).toEqual({ value: 400, fees: 2.2, total: 402.2 });
    // 3 strangles are 6 contracts (a call and a put each): 0.6 × 6 + 0.4.
    expect(estimateOf({ ...base, strategy: 'STRANGLE' as const })).toEqual({ value: 400, fees: 4, total: 404 });
  });
});
