import { describe, expect, it } from 'vitest';
import { toText } from '../money/decimal';
import { whySkipped, type BotAlert, type BotFilters, type MarketFacts } from './filters';
import { botPerformance, limitReached, type BotCapital } from './limits';
import { rulePrice, type PriceReferences } from './prices';

const off = { on: false, min: 0, max: 100 };
/** The form's defaults (§9) on SWING-ALERTS for November 2026. */
const bot = (over: Partial<BotFilters> = {}): BotFilters => ({
  tradeCategory: 'SWING-ALERTS',
  alertsFrom: '2026-11-01',
  alertsTo: '2026-11-30',
  riskAtMost: 10,
  rewardAtLeast: 50,
  alertPriceGreaterThan: 0,
  alertPriceLessThan: 100,
  sharesOutstanding: off,
  sharesFloat: off,
  averageVolume: off,
  sectors: ['ALL SECTORS'],
  openInterest: off,
  optionsVolume: off,
  expirationFrom: null,
  expirationTo: null,
  optionsStrategy: '',
  ...over,
});
/** ACME at 10: buys 9.80 to 10.00, targets 14 and 16, stop 9.20: risk 8%, reward 60%. */
const alert = (over: Partial<BotAlert> = {}): BotAlert => ({
  ticker: 'ACME',
  typeName: 'SWING-ALERTS',
  date: '2026-11-27',
  alertPrice: 10,
  buyRangeLow: '9.80',
  buyRangeHigh: '10.00',
  targetRangeLow: 14,
  targetRangeHigh: 16,
  stopLoss: '9.20',
  ...over,
});
const noFacts: MarketFacts = {};

describe('which alerts a bot takes', () => {
  it('an-alert-meeting-every-filter-is-taken', () => {
    expect(whySkipped(bot(), alert(), noFacts)).toBeNull();
  });

  it('squeeze-and-otc-alerts-are-never-traded-by-bots', () => {
    for (const typeName of ['SQUEEZE-ALERTS', 'OTC-1-ALERTS', 'OTC-2-ALERT']) {
      expect(whySkipped(bot({ tradeCategory: typeName }), alert({ typeName }), noFacts)).toBe(
        `${typeName} alerts are never traded by bots`,
      );
    }
  });

  it('an-alert-of-another-type-is-skipped', () => {
    expect(whySkipped(bot(), alert({ typeName: 'BREAKOUT-ALERTS' }), noFacts)).toBe(
      'it is a BREAKOUT-ALERTS alert, not SWING-ALERTS',
    );
  });

  it('alerts-outside-the-date-range-are-skipped-and-its-first-and-last-days-count', () => {
    expect(whySkipped(bot(), alert({ date: '2026-10-31' }), noFacts)).toBe(
      'it was published on 2026-10-31, before your 2026-11-01',
    );
    expect(whySkipped(bot(), alert({ date: '2026-11-01' }), noFacts)).toBeNull();
    expect(whySkipped(bot(), alert({ date: '2026-11-30' }), noFacts)).toBeNull();
    expect(whySkipped(bot(), alert({ date: '2026-12-01' }), noFacts)).toBe(
      'it was published on 2026-12-01, after your 2026-11-30',
    );
  });

  it('risk-above-the-bots-is-skipped-in-a-subscribers-words', () => {
    // Stop 8.80 under a buy of 10: risk 12%.
    expect(whySkipped(bot(), alert({ stopLoss: '8.80' }), noFacts)).toBe('risk 12% is above your 10%');
    expect(whySkipped(bot({ riskAtMost: 12 }), alert({ stopLoss: '8.80' }), noFacts)).toBeNull();
  });

  it('reward-below-the-bots-is-skipped', () => {
    expect(whySkipped(bot(), alert({ targetRangeHigh: 14 }), noFacts)).toBe('reward 40% is below your 50%');
  });

  it('the-alert-price-must-lie-strictly-between-the-bounds', () => {
    expect(whySkipped(bot({ alertPriceLessThan: 10 }), alert(), noFacts)).toBe('its price 10 is not below your 10');
    expect(whySkipped(bot({ alertPriceGreaterThan: 10 }), alert(), noFacts)).toBe('its price 10 is not above your 10');
  });

  it('share-filters-apply-only-when-switched-on-and-an-unknown-figure-is-skipped', () => {
    const float = { on: true, min: 1_000_000, max: 50_000_000 };
    expect(whySkipped(bot({ sharesFloat: { ...float, on: false } }), alert(), { sharesFloat: 90_000_000 })).toBeNull();
    expect(whySkipped(bot({ sharesFloat: float }), alert(), { sharesFloat: 90_000_000 })).toBe(
      'shares float 90,000,000 is above your 50,000,000',
    );
    expect(whySkipped(bot({ sharesFloat: float }), alert(), { sharesFloat: 20_000_000 })).toBeNull();
    expect(whySkipped(bot({ averageVolume: { on: true, min: 500_000, max: 9e9 } }), alert(), {})).toBe(
      'average volume is not known',
    );
  });

  it('a-sector-filter-takes-only-its-sectors', () => {
    const techOnly = bot({ sectors: ['Technology'] });
    expect(whySkipped(techOnly, alert(), { sector: 'Technology' })).toBeNull();
    expect(whySkipped(techOnly, alert(), { sector: 'Energy' })).toBe(
      'its sector Energy is not one of yours (Technology)',
    );
    expect(whySkipped(bot(), alert(), { sector: 'Energy' })).toBeNull();
  });

  it('options-bots-filter-on-the-contract-and-leave-the-share-filters-aside', () => {
    const ideas = bot({
      tradeCategory: 'OPTIONS-IDEAS',
      sharesFloat: { on: true, min: 0, max: 1 },
      openInterest: { on: true, min: 100, max: 5000 },
      expirationFrom: '2026-12-01',
      optionsStrategy: 'BUY CALL',
    });
    const call = alert({ typeName: 'OPTIONS-IDEAS', option: { expiration: '2026-12-18', strategy: 'BUY CALL' } });
    expect(whySkipped(ideas, call, { openInterest: 800, sharesFloat: 9e9 })).toBeNull();
    expect(whySkipped(ideas, call, { openInterest: 50 })).toBe('open interest 50 is below your 100');
    expect(
      whySkipped(ideas, { ...call, option: { expiration: '2026-11-28', strategy: 'BUY CALL' } }, { openInterest: 800 }),
    ).toBe('its contract expires 2026-11-28, before your 2026-12-01');
    expect(
      whySkipped(ideas, { ...call, option: { expiration: '2026-12-18', strategy: 'BUY PUT' } }, { openInterest: 800 }),
    ).toBe('its strategy is BUY PUT, not BUY CALL');
  });
});

const capital: BotCapital = { amountPerTrade: 1000, maxTrades: 5, maxTotal: 4500, dailyLimit: 2 };

describe("a bot's capital limits", () => {
  it('the-daily-limit-counts-new-york-days-so-a-new-day-starts-a-new-count', () => {
    const taken = { days: ['2026-11-26', '2026-11-26'] };
    expect(limitReached(capital, taken, '2026-11-26')).toBe(
      'your daily limit of 2 trades is reached for 2026-11-26 (New York)',
    );
    // After midnight in New York (05:00 UTC), the count starts again.
    expect(limitReached(capital, taken, '2026-11-27')).toBeNull();
  });

  it('the-maximum-total-refuses-a-trade-that-would-go-beyond-it', () => {
    const taken = { days: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'] };
    expect(limitReached(capital, taken, '2026-11-27')).toBe(
      'another 1,000 would bring the total to 5,000, above your maximum of 4,500',
    );
    expect(limitReached({ ...capital, maxTotal: 5000 }, taken, '2026-11-27')).toBeNull();
  });

  it('the-maximum-number-of-trades-is-a-hard-stop', () => {
    const taken = { days: ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'] };
    expect(limitReached({ ...capital, maxTotal: 1e6 }, taken, '2026-11-27')).toBe(
      'you set a maximum of 5 trades, and 5 were taken',
    );
  });

  it('performance-is-trades-left-invested-and-left-as-the-spec-computes-them', () => {
    const p = botPerformance(capital, { days: ['2026-11-26', '2026-11-27'] });
    expect([p.tradesLeft, toText(p.invested), toText(p.left)]).toEqual([3, '2000', '2500']);
    expect(
      botPerformance({ ...capital, amountPerTrade: '333.33' }, { days: ['a', 'b', 'c'] }).invested.toString(),
    ).toBe('999.99');
  });
});

describe("a bot's price rules", () => {
  const refs: PriceReferences = { lastPrice: '10.05', buyRange1: '9.80', buyRange2: '10.00', stopLoss: '9.20' };

  it('an-entry-is-its-reference-plus-or-minus-the-offset-exactly', () => {
    expect(toText(rulePrice({ sign: 'minus', reference: 'last_price', offset: '0.05' }, refs)!)).toBe('10');
    expect(toText(rulePrice({ sign: 'plus', reference: 'buy_range_2', offset: '0.01' }, refs)!)).toBe('10.01');
    expect(toText(rulePrice({ sign: 'minus', reference: 'buy_range_1', offset: 0 }, refs)!)).toBe('9.8');
  });

  it('the-stop-loss-starts-from-the-alerts-stop-or-the-last-price', () => {
    expect(toText(rulePrice({ sign: 'minus', reference: 'stop_loss', offset: '0.10' }, refs)!)).toBe('9.1');
  });

  it('a-rule-that-gives-no-positive-price-gives-none', () => {
    expect(rulePrice({ sign: 'minus', reference: 'stop_loss', offset: '9.20' }, refs)).toBeNull();
  });
});
