import { describe, expect, it } from 'vitest';
import { toText } from '../money/decimal';
import { botTrade, type BotSizing, type BotTrade, type BotTradeAlert } from './trade';

/** ACME last at 10.10: buys 9.80 and 10.00, targets 14 and 16, stop 9.20. */
const alert: BotTradeAlert = {
  lastPrice: '10.10',
  buyRange1: '9.80',
  buyRange2: '10.00',
  stopLoss: '9.20',
  targetRangeLow: 14,
  targetRangeHigh: 16,
};
const sizing = (over: Partial<BotSizing> = {}): BotSizing => ({
  amountPerTrade: 1000,
  entryOnePercent: 50,
  entryTwoPercent: 50,
  splitHundred: false,
  strictTarget: true,
  entryRules: null,
  stopRule: null,
  ...over,
});
const made = (r: ReturnType<typeof botTrade>): BotTrade => {
  if ('skip' in r) throw new Error(`skipped: ${r.skip}`);
  return r.trade;
};
const prices = (t: BotTrade) =>
  [t.buyRangeLow, t.buyRangeHigh, t.targetRangeLow, t.targetRangeHigh, t.stopLoss].map((d) => toText(d));

describe('the trade a bot makes of an alert', () => {
  it('a-bot-with-no-price-rules-trades-the-alerts-own-ranges-splitting-the-amount-by-its-entry-sizes', () => {
    const t = made(botTrade(sizing(), alert));
    expect(prices(t)).toEqual(['9.8', '10', '14', '16', '9.2']);
    // 500 / 9.80 = 51.02 → 51 shares; 500 / 10.00 = 50.
    expect([t.amountLow, t.amountHigh]).toEqual([51, 50]);
    expect(t.extra).toEqual([]);
  });

  it('entry-price-rules-start-from-the-last-price-and-move-by-their-offsets', () => {
    const t = made(
      botTrade(
        sizing({
          entryRules: {
            one: { sign: 'minus', reference: 'last_price', offset: '0.30' },
            two: { sign: 'plus', reference: 'buy_range_2', offset: '0.05' },
          },
          stopRule: { sign: 'minus', reference: 'stop_loss', offset: '0.20' },
        }),
        alert,
      ),
    );
    expect(prices(t).map(String)).toEqual(['9.8', '10.05', '14', '16', '9']);
  });

  it('without-strict-targets-each-target-moves-with-its-entry', () => {
    const t = made(
      botTrade(
        sizing({
          strictTarget: false,
          entryRules: {
            one: { sign: 'plus', reference: 'buy_range_1', offset: '0.10' },
            two: { sign: 'plus', reference: 'buy_range_2', offset: '0.20' },
          },
        }),
        alert,
      ),
    );
    // Entry 1 (9.90) sells at target high + 0.10; Entry 2 (10.20) at target low + 0.20.
    expect(toText(t.targetRangeHigh)).toBe('16.1');
    expect(toText(t.targetRangeLow)).toBe('14.2');
  });

  it('an-entry-of-100-percent-buys-everything-at-that-entry', () => {
    const t = made(botTrade(sizing({ entryOnePercent: 100, entryTwoPercent: 0 }), alert));
    expect([t.amountLow, t.amountHigh]).toEqual([102, 0]);
    expect(t.extra).toEqual([]);
  });

  it('the-split-switch-sells-half-of-a-100-percent-entry-at-each-target', () => {
    const t = made(botTrade(sizing({ entryOnePercent: 100, entryTwoPercent: 0, splitHundred: true }), alert));
    // 1000 / 9.80 = 102 shares: 51 sold at target high (16), 51 at target low (14), all bought at 9.80.
    expect([t.amountLow, t.amountHigh]).toEqual([51, 0]);
    expect(t.extra.map((r) => [toText(r.buy), r.quantity, toText(r.target)])).toEqual([['9.8', 51, '14']]);
  });

  it('an-amount-too-small-for-one-share-is-skipped-with-the-figures', () => {
    expect(botTrade(sizing({ amountPerTrade: 12 }), alert)).toEqual({
      skip: "12 × 50% buys no share at Entry 1's 9.8",
    });
  });

  it('options-contracts-cost-a-hundred-times-the-premium', () => {
    const premium: BotTradeAlert = {
      ...alert,
      buyRange1: '1.50',
      buyRange2: '2.00',
      stopLoss: '1',
      targetRangeLow: 3,
      targetRangeHigh: 4,
    };
    const t = made(botTrade(sizing(), premium, 100));
    // 500 / 150 = 3.33 → 3 contracts; 500 / 200 = 2.5 → 2.
    expect([t.amountLow, t.amountHigh]).toEqual([3, 2]);
  });

  it('entries-in-the-wrong-order-are-skipped-not-swapped', () => {
    const r = botTrade(
      sizing({
        entryRules: {
          one: { sign: 'minus', reference: 'last_price', offset: 0 },
          two: { sign: 'plus', reference: 'last_price', offset: 0 },
        },
      }),
      alert,
    );
    expect(r).toEqual({ skip: "Entry 1's price 10.1 is not below Entry 2's 10.1" });
  });

  it('a-stop-at-or-above-an-entry-is-skipped', () => {
    const r = botTrade(sizing({ stopRule: { sign: 'plus', reference: 'last_price', offset: 0 } }), alert);
    expect(r).toEqual({ skip: 'the stop loss 10.1 is not below the entry 9.8' });
  });

  it('a-price-rule-below-zero-gives-no-trade', () => {
    const r = botTrade(sizing({ stopRule: { sign: 'minus', reference: 'stop_loss', offset: 20 } }), alert);
    expect(r).toEqual({ skip: 'the stop loss rule gives no price above 0' });
  });
});
