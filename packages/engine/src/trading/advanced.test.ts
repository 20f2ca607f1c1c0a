import { describe, expect, it } from 'vitest';
import { occSymbol } from '../options/occ';
import { conditionHolds, indicatorKey, indicatorsWanted, parseIndicatorKey } from './conditions';
import { equity, rangeProfitLoss, tradeValue, type RangeInput } from './create';
import { advancedTrade, basicTrade, MINUTE, Scenario, T0 } from './scenario.fixture';
import type { ConditionAction, ConditionRow, TradeInstrument } from './types';

const started = () => new Scenario(basicTrade()).submit().accept('BUY', 'R1').accept('BUY', 'R2');
const edit = (s: Scenario, e: Parameters<typeof editEvent>[0]) => s.send(editEvent(e, s.at));
function editEvent(edit: import('./types').TradeEdit, at: number) {
  return { type: 'edit' as const, edit, at };
}

describe('editing a running trade (2-trading §4 locks)', () => {
  it('a-new-buy-price-modifies-the-working-buy', () => {
    const s = edit(started(), { ranges: [{ id: 'R1', buyPrice: '9.70' }] });
    expect(s.lastSaid()).toEqual(['modify T42-R1-L0-BUY-1 @ 9.7']);
    expect(s.trade.ranges[0]!.buyPrice).toBe('9.7');
  });

  it('the-buy-price-of-a-filled-range-is-locked', () => {
    const s = edit(started().fill('BUY', 'R2', '10', '10'), { ranges: [{ id: 'R2', buyPrice: '9.95' }] });
    expect(s.refused).toBe("buy_range_2's buy is filled: its buy price is locked");
    expect(s.trade.ranges[1]!.buyPrice).toBe('10');
  });

  it('a-new-target-modifies-the-working-target', () => {
    const s = edit(started().fill('BUY', 'R2', '50', '10'), { ranges: [{ id: 'R2', targetPrice: '11.50' }] });
    expect(s.lastSaid()).toEqual(['modify T42-R2-L0-TARGET-1 @ 11.5']);
  });

  it('a-completed-range-cannot-be-edited', () => {
    const s = started().fill('BUY', 'R2', '50', '10').fill('TARGET', 'R2', '50', '11');
    edit(s, { ranges: [{ id: 'R2', targetPrice: '12' }] });
    expect(s.refused).toBe('buy_range_2 is completed');
  });

  it('a-new-stop-loss-counts-from-the-next-quote', () => {
    const s = edit(started().fill('BUY', 'R2', '50', '10'), { stopLoss: '9.50' });
    expect(s.last).toEqual([]);
    s.later().quote('9.49');
    expect(s.trade.exitReason).toBe('STOP_LOSS');
  });

  it('trailing-can-be-turned-on-while-open', () => {
    const s = edit(started().fill('BUY', 'R2', '50', '10'), {
      trailing: { percent: '5', newPercent: '2', triggerPercent: '40' },
    });
    s.quote('10.60');
    expect(s.trade.trail.ACME!.stop).toBe('10.07');
  });

  it('a-finished-trade-cannot-be-edited', () => {
    const s = started().send({ type: 'cancel', at: T0 }).cancelled('BUY', 'R1').cancelled('BUY', 'R2');
    edit(s, { stopLoss: '8' });
    expect(s.refused).toBe('A CANCELLED trade cannot be edited');
  });

  it('a-trade-that-is-selling-out-cannot-be-edited', () => {
    const s = edit(started().fill('BUY', 'R2', '50', '10').quote('8.90'), { stopLoss: '8' });
    expect(s.refused).toMatch(/selling what it holds/);
  });

  it('an-unknown-range-is-refused', () => {
    expect(edit(started(), { ranges: [{ id: 'R9', buyPrice: '1' }] }).refused).toBe('There is no range R9');
  });
});

/* ---- Advanced trades: any number of ranges, condition rows ------------------------------ */

const ACME = equity('ACME');
const range = (buy: string, qty: string, target: string, instrument: TradeInstrument = ACME): RangeInput => ({
  instrument,
  buyPrice: buy,
  buyQty: qty,
  targetPrice: target,
});
const act = (a: Partial<ConditionAction> & Pick<ConditionAction, 'rangeId'>): ConditionAction => ({
  type: 'execute',
  side: 'buy',
  priceType: 'ask',
  customPrice: null,
  sign: '+',
  offset: '0',
  ...a,
});
const row = (id: string, conditions: ConditionRow['conditions'], action: ConditionAction) => ({
  id,
  conditions,
  action,
});
const SMA50 = indicatorKey('SMA', 50, '1day');
const EMA20 = indicatorKey('EMA', 20, '1hr');

describe('advanced trades', () => {
  it('three-ranges-each-buy-and-sell-their-own-quantities', () => {
    const s = new Scenario(
      advancedTrade([
        range('10', '30', '12'),
        range('9.5', '20', '11'),
        { ...range('9', '10', '10.5'), sellQty: '10' },
      ]),
    ).submit();
    expect(s.said()).toEqual(['place BUY R1 30 @ 10', 'place BUY R2 20 @ 9.5', 'place BUY R3 10 @ 9']);
    s.fill('BUY', 'R3', '10', '9');
    expect(s.lastSaid()).toEqual(['place TARGET R3 10 @ 10.5']);
    expect(s.trade.ranges[2]!.label).toBe('Range 3');
  });

  it('a-range-whose-buy-waits-for-a-condition-is-not-placed-at-submit', () => {
    const t = advancedTrade([range('10', '10', '12'), range('9', '10', '11')], {
      conditions: [
        row(
          'c1',
          [
            {
              kind: 'price',
              instrument: 'ACME',
              priceType: 'last',
              is: 'greater_than',
              right: { kind: 'value', value: '10.5' },
            },
          ],
          act({ rangeId: 'R2' }),
        ),
      ],
    });
    const s = new Scenario(t).submit();
    expect(s.said()).toEqual(['place BUY R1 10 @ 10']);
    expect(s.trade.ranges[1]!.gated).toBe(true);
  });

  it('price-condition-met-buys-at-the-ask-plus-the-offset', () => {
    const t = advancedTrade([range('10', '10', '12')], {
      conditions: [
        row(
          'c1',
          [
            {
              kind: 'price',
              instrument: 'ACME',
              priceType: 'last',
              is: 'greater_than',
              right: { kind: 'value', value: '10.5' },
            },
          ],
          act({ rangeId: 'R1', priceType: 'ask', sign: '+', offset: '0.05' }),
        ),
      ],
    });
    const s = new Scenario(t).submit().quote('10.40');
    expect(s.said()).toEqual([]);
    s.later().send({ type: 'quote', instrument: 'ACME', last: '10.60', bid: '10.58', ask: '10.62', at: s.at });
    expect(s.lastSaid()).toEqual(['place BUY R1 10 @ 10.67']);
    expect(s.trade.conditions[0]!.done).toBe(true);
  });

  it('if-and-needs-every-condition-of-the-row', () => {
    const t = advancedTrade([range('10', '10', '12')], {
      conditions: [
        row(
          'c1',
          [
            {
              kind: 'price',
              instrument: 'ACME',
              priceType: 'bid',
              is: 'greater_than',
              right: { kind: 'indicator', key: SMA50 },
            },
            { kind: 'ta', left: EMA20, is: 'greater_than', right: SMA50 },
          ],
          act({ rangeId: 'R1', priceType: 'bid' }),
        ),
      ],
    });
    const s = new Scenario(t).submit().quote('10.00');
    s.send({ type: 'indicator', key: SMA50, value: '9.50', at: s.at });
    expect(s.said()).toEqual([]); // EMA20 unknown yet: the AND is false
    s.send({ type: 'indicator', key: EMA20, value: '9.40', at: s.at });
    expect(s.said()).toEqual([]); // EMA20 under SMA50
    s.send({ type: 'indicator', key: EMA20, value: '9.60', at: s.at });
    expect(s.lastSaid()).toEqual(['place BUY R1 10 @ 10']);
  });

  it('a-filled-condition-buys-the-next-range-when-the-first-fills', () => {
    const t = advancedTrade([range('10', '10', '12'), range('9', '10', '11')], {
      conditions: [
        row(
          'c1',
          [{ kind: 'filled', rangeId: 'R1', side: 'buy', is: true }],
          act({ rangeId: 'R2', priceType: 'custom', customPrice: '9.20' }),
        ),
      ],
    });
    const s = new Scenario(t).submit().accept('BUY', 'R1').fill('BUY', 'R1', '10', '10');
    expect(s.lastSaid()).toEqual(['place TARGET R1 10 @ 12', 'place BUY R2 10 @ 9.2']);
  });

  it('a-cancel-action-cancels-a-working-buy', () => {
    const t = advancedTrade([range('10', '10', '12'), range('9', '10', '11')], {
      conditions: [
        row('c1', [{ kind: 'filled', rangeId: 'R1', side: 'buy', is: true }], act({ rangeId: 'R2', type: 'cancel' })),
      ],
    });
    const s = new Scenario(t).submit().fill('BUY', 'R1', '10', '10');
    expect(s.lastSaid()).toContain('cancel T7-R2-L0-BUY-1');
    s.cancelled('BUY', 'R2');
    expect(s.trade.ranges[1]).toMatchObject({ completed: true, buyFilled: false });
  });

  it('an-execute-sell-sells-what-is-held-at-the-action-price-instead-of-the-target', () => {
    const t = advancedTrade([range('10', '10', '12')], {
      conditions: [
        row(
          'c1',
          [{ kind: 'ta', left: EMA20, is: 'less_than', right: SMA50 }],
          act({ rangeId: 'R1', side: 'sell', priceType: 'bid', sign: '-', offset: '0.02' }),
        ),
      ],
    });
    const s = new Scenario(t).submit().fill('BUY', 'R1', '10', '10').accept('TARGET', 'R1').quote('10.80');
    s.send({ type: 'indicator', key: SMA50, value: '10.5', at: s.at }).send({
      type: 'indicator',
      key: EMA20,
      value: '10.4',
      at: s.at,
    });
    expect(s.lastSaid()).toEqual(['cancel T7-R1-L0-TARGET-1']);
    s.cancelled('TARGET', 'R1');
    expect(s.lastSaid()).toEqual(['place EXIT R1 10 @ 10.78']);
  });

  it('a-cancel-sell-action-keeps-the-shares-under-the-stop-only', () => {
    const t = advancedTrade([range('10', '10', '12')], {
      conditions: [
        row(
          'c1',
          [{ kind: 'filled', rangeId: 'R1', side: 'buy', is: true }],
          act({ rangeId: 'R1', side: 'sell', type: 'cancel' }),
        ),
      ],
    });
    const s = new Scenario(t).submit().fill('BUY', 'R1', '10', '10');
    expect(s.said().filter((l) => l.includes('TARGET'))).toEqual([]);
    s.quote('4.99');
    expect(s.lastSaid()).toEqual(['place EXIT R1 10 @ market']);
  });

  it('a-row-acts-once', () => {
    const t = advancedTrade([range('10', '10', '12')], {
      conditions: [
        row(
          'c1',
          [
            {
              kind: 'price',
              instrument: 'ACME',
              priceType: 'last',
              is: 'less_than',
              right: { kind: 'value', value: '11' },
            },
          ],
          act({ rangeId: 'R1' }),
        ),
      ],
    });
    const s = new Scenario(t).submit().quote('10.50').answer('BUY', 'R1', 'cancelled').later().quote('10.40');
    expect(s.said('place')).toEqual(['place BUY R1 10 @ 10.51']);
  });

  it('an-action-priced-on-a-quote-waits-for-one', () => {
    const t = advancedTrade([range('10', '10', '12'), range('9', '5', '11')], {
      conditions: [
        row(
          'c1',
          [{ kind: 'filled', rangeId: 'R1', side: 'buy', is: true }],
          act({ rangeId: 'R2', priceType: 'last' }),
        ),
      ],
    });
    const s = new Scenario(t).submit().fill('BUY', 'R1', '10', '10');
    expect(s.trade.conditions[0]!.done).toBe(false);
    s.quote('9.90');
    expect(s.lastSaid()).toEqual(['place BUY R2 5 @ 9.9']);
  });

  it('equal-to-compares-prices-to-the-cent', () => {
    const t = advancedTrade([range('10', '10', '12')]);
    t.quotes.ACME = { last: '10.004', bid: '10', ask: '10.01', at: T0 };
    const at = (value: string) =>
      conditionHolds(t, {
        kind: 'price',
        instrument: 'ACME',
        priceType: 'last',
        is: 'equal_to',
        right: { kind: 'value', value },
      });
    expect(at('10.00')).toBe(true);
    expect(at('10.01')).toBe(false);
  });

  it('is-not-negates-a-price-comparison-but-stays-false-without-a-quote', () => {
    const t = advancedTrade([range('10', '10', '12')]);
    const notAbove = (value: string) =>
      conditionHolds(t, {
        kind: 'price',
        instrument: 'ACME',
        priceType: 'last',
        is: 'greater_than',
        right: { kind: 'value', value },
        not: true,
      });
    expect(notAbove('10')).toBe(false); // no quote yet: nothing is known, so nothing holds
    t.quotes.ACME = { last: '10', bid: '9.99', ask: '10.01', at: T0 };
    expect(notAbove('10')).toBe(true); // 10 is not greater than 10
    expect(notAbove('9.99')).toBe(false);
  });

  it('the-indicators-a-trade-waits-for-are-those-of-its-pending-rows', () => {
    const t = advancedTrade([range('10', '10', '12')], {
      conditions: [
        row('c1', [{ kind: 'ta', left: SMA50, is: 'greater_than', right: EMA20 }], act({ rangeId: 'R1' })),
        row(
          'c2',
          [
            {
              kind: 'price',
              instrument: 'ACME',
              priceType: 'last',
              is: 'less_than',
              right: { kind: 'indicator', key: SMA50 },
            },
          ],
          act({ rangeId: 'R1', type: 'cancel' }),
        ),
      ],
    });
    expect(indicatorsWanted(t)).toEqual([SMA50, EMA20]);
    t.conditions[0]!.done = true;
    expect(indicatorsWanted(t)).toEqual([SMA50]);
    expect(parseIndicatorKey(EMA20)).toEqual({ parameter: 'EMA', timePeriod: 20, interval: '1hr' });
    expect(parseIndicatorKey('RSI:14:1day')).toBeNull();
  });

  it('editing-the-conditions-gates-a-range-not-yet-bought', () => {
    const t = advancedTrade([range('10', '10', '12'), range('9', '10', '11')]);
    const s = new Scenario(t).submit();
    s.send({
      type: 'edit',
      edit: {
        conditions: [
          {
            ...row('c1', [{ kind: 'filled', rangeId: 'R1', side: 'buy', is: true }], act({ rangeId: 'R2' })),
            done: false,
          },
        ],
      },
      at: s.at,
    });
    // R2's buy is already placed: the row cannot hold it back any more, so it is not gated.
    expect(s.trade.ranges[1]!.gated).toBe(false);
  });

  it('the-deadline-cancels-a-range-still-waiting-for-its-condition', () => {
    const t = advancedTrade([range('10', '10', '12'), range('9', '10', '11')], {
      cancelUnfilledAt: T0 + 10 * MINUTE,
      conditions: [row('c1', [{ kind: 'filled', rangeId: 'R1', side: 'buy', is: true }], act({ rangeId: 'R2' }))],
    });
    const s = new Scenario(t).submit().later(10).tick().cancelled('BUY', 'R1');
    expect(s.trade.status).toBe('CANCELLED');
  });
});

describe('options', () => {
  const call = occSymbol('ACME', '2026-12-18', 'call', 10);
  const option: TradeInstrument = { key: call, kind: 'option', multiplier: 100, legs: [{ symbol: call, ratio: 1 }] };

  it('an-option-range-counts-premiums-times-100', () => {
    const s = new Scenario(advancedTrade([range('1.20', '3', '1.80', option)], { stopLoss: '0.60' }))
      .submit()
      .fill('BUY', 'R1', '3', '1.20');
    expect(s.lastSaid()).toEqual(['place TARGET R1 3 @ 1.8']);
    s.fill('TARGET', 'R1', '3', '1.80');
    expect(rangeProfitLoss(s.trade.ranges[0]!)).toMatchObject({ profit_loss: '180', profit_loss_percent: '50' });
    expect(s.trade.ranges[0]!.boughtAmount).toBe('360');
  });

  it('an-option-stop-reads-the-option-bid', () => {
    const s = new Scenario(advancedTrade([range('1.20', '3', '1.80', option)], { stopLoss: '0.60' }))
      .submit()
      .fill('BUY', 'R1', '3', '1.20')
      .accept('TARGET', 'R1')
      .quote('0.55', '0.60', 'ACME');
    expect(s.trade.exitReason).toBeNull();
    s.quote('0.55', '0.60', call);
    expect(s.trade.exitReason).toBe('STOP_LOSS');
  });

  it('a-straddle-is-one-multileg-order-carrying-both-legs', () => {
    const put = occSymbol('ACME', '2026-12-18', 'put', 10);
    const straddle: TradeInstrument = {
      key: `${call}+${put}`,
      kind: 'multileg',
      multiplier: 100,
      legs: [
        { symbol: call, ratio: 1 },
        { symbol: put, ratio: 1 },
      ],
    };
    const s = new Scenario(advancedTrade([range('2.40', '1', '3.50', straddle)], { stopLoss: '1.20' })).submit();
    const place = s.intents[0]!;
    expect(place.type === 'place' && place.instrument.legs?.map((l) => l.symbol)).toEqual([call, put]);
  });

  it('the-value-of-an-advanced-trade-2-trading-9', () => {
    expect(tradeValue([range('10', '30', '12'), range('1.2', '3', '2', option)])).toBe('660');
  });
});
