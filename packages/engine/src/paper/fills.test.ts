import { describe, expect, it } from 'vitest';
import {
  averageFillPrice,
  fillAmount,
  matchAtPlacement,
  matchPaperOrder,
  multilegQuote,
  volumeSince,
  type PaperOrderToMatch,
  type PaperQuote,
} from './fills';

const buy = (patch: Partial<PaperOrderToMatch> = {}): PaperOrderToMatch => ({
  side: 'buy',
  type: 'limit',
  qty: '100',
  filledQty: '0',
  limitPrice: '10.00',
  multiplier: 1,
  ...patch,
});
const sell = (patch: Partial<PaperOrderToMatch> = {}) => buy({ side: 'sell', ...patch });
const quote = (bid: string, ask: string, volume = 10_000): PaperQuote => ({ bid, ask, volume });

describe('market orders', () => {
  it('market-buy-fills-everything-at-the-ask-at-once', () => {
    const m = matchPaperOrder(buy({ type: 'market', limitPrice: null }), quote('9.98', '10.02'), null);
    expect(m).toEqual({ fill: { qty: '100', price: '10.02', amount: '1002' }, volume: 10_000 });
  });

  it('market-sell-fills-everything-at-the-bid-at-once', () => {
    const m = matchPaperOrder(sell({ type: 'market', limitPrice: null }), quote('9.98', '10.02'), 9_999);
    expect(m.fill).toEqual({ qty: '100', price: '9.98', amount: '998' });
  });

  it('a-market-order-fills-only-what-is-left-of-it', () => {
    const m = matchPaperOrder(buy({ type: 'market', limitPrice: null, filledQty: '40' }), quote('9.98', '10'), 0);
    expect(m.fill?.qty).toBe('60');
  });

  it('a-side-with-no-price-fills-nothing', () => {
    expect(matchPaperOrder(sell({ type: 'market', limitPrice: null }), quote('0', '0.05'), 0).fill).toBeNull();
  });
});

describe('limit orders', () => {
  it('limit-buy-fills-at-the-ask-when-the-ask-is-at-or-under-the-limit', () => {
    expect(matchPaperOrder(buy(), quote('9.90', '10.00', 12_000), 10_000).fill).toEqual({
      qty: '100',
      price: '10',
      amount: '1000',
    });
    expect(matchPaperOrder(buy(), quote('9.80', '9.85', 12_000), 10_000).fill?.price).toBe('9.85');
  });

  it('limit-buy-waits-while-the-ask-is-over-the-limit', () => {
    expect(matchPaperOrder(buy(), quote('9.99', '10.01', 12_000), 10_000)).toEqual({ fill: null, volume: null });
  });

  it('limit-sell-fills-at-the-bid-when-the-bid-is-at-or-over-the-limit', () => {
    expect(matchPaperOrder(sell({ limitPrice: '11' }), quote('11.00', '11.05', 12_000), 10_000).fill?.price).toBe('11');
    expect(matchPaperOrder(sell({ limitPrice: '11' }), quote('11.20', '11.25', 12_000), 10_000).fill?.price).toBe(
      '11.2',
    );
  });

  it('limit-sell-waits-while-the-bid-is-under-the-limit', () => {
    expect(matchPaperOrder(sell({ limitPrice: '11' }), quote('10.99', '11.02', 12_000), 10_000).fill).toBeNull();
  });

  it('the-first-look-only-records-the-baseline-nothing-fills-on-volume-from-before-the-order', () => {
    expect(matchPaperOrder(buy(), quote('9.80', '9.90', 50_000), null)).toEqual({ fill: null, volume: 50_000 });
  });

  it('a-limit-order-takes-at-most-a-tenth-of-the-volume-traded-since-its-previous-look', () => {
    expect(matchPaperOrder(buy(), quote('9.80', '9.90', 10_250), 10_000).fill?.qty).toBe('25');
  });

  it('the-volume-share-is-rounded-down-to-whole-units', () => {
    expect(matchPaperOrder(buy(), quote('9.80', '9.90', 10_259), 10_000).fill?.qty).toBe('25');
  });

  it('at-least-one-unit-fills-when-anything-traded', () => {
    expect(matchPaperOrder(buy(), quote('9.80', '9.90', 10_003), 10_000).fill?.qty).toBe('1');
  });

  it('nothing-fills-when-nothing-traded-since-the-previous-look', () => {
    expect(matchPaperOrder(buy(), quote('9.80', '9.90', 10_000), 10_000).fill).toBeNull();
  });

  it('a-volume-that-went-down-is-a-new-day-counted-from-zero', () => {
    expect(volumeSince(80_000, 300)).toBe(300);
    expect(matchPaperOrder(buy(), quote('9.80', '9.90', 300), 80_000).fill?.qty).toBe('30');
  });

  it('partial-fills-never-go-past-the-order', () => {
    expect(matchPaperOrder(buy({ filledQty: '90' }), quote('9.80', '9.90', 20_000), 10_000).fill?.qty).toBe('10');
    expect(matchPaperOrder(buy({ filledQty: '100' }), quote('9.80', '9.90', 20_000), 10_000).fill).toBeNull();
  });

  it('a-look-at-a-price-that-is-not-good-drops-the-baseline', () => {
    expect(matchPaperOrder(buy(), quote('10.10', '10.20', 15_000), 10_000)).toEqual({ fill: null, volume: null });
  });

  it('the-first-good-look-after-a-bad-one-only-sets-the-baseline-volume-traded-while-the-price-was-away-never-fills', () => {
    expect(matchPaperOrder(buy(), quote('9.80', '9.90', 40_000), null)).toEqual({ fill: null, volume: 40_000 });
    expect(matchPaperOrder(buy(), quote('9.80', '9.90', 41_000), 40_000).fill?.qty).toBe('100');
  });
});

describe('amounts', () => {
  it('option-contracts-count-100-shares-each', () => {
    const m = matchPaperOrder(
      buy({ type: 'market', limitPrice: null, qty: '2', multiplier: 100 }),
      quote('1.2', '1.25'),
      0,
    );
    expect(m.fill).toEqual({ qty: '2', price: '1.25', amount: '250' });
  });

  it('an-amount-is-rounded-once-to-the-cent-ties-away-from-zero', () => {
    expect(fillAmount('3', '0.0035', 1)).toBe('0.01');
    expect(fillAmount('7', '1.234567', 1)).toBe('8.64');
    expect(fillAmount('0.1', '0.2', 1)).toBe('0.02');
  });

  it('the-average-fill-price-is-exact-to-8-places', () => {
    expect(averageFillPrice('0', null, '25', '9.9')).toBe('9.9');
    expect(averageFillPrice('25', '9.9', '75', '10')).toBe('9.975');
    expect(averageFillPrice('1', '1', '2', '2')).toBe('1.66666667');
  });
});

describe('multileg quotes', () => {
  it('a-strangle-is-priced-at-the-sum-of-its-legs-and-trades-as-much-as-its-thinnest-leg', () => {
    const q = multilegQuote([
      { ratio: 1, bid: '1.10', ask: '1.20', volume: 900 },
      { ratio: 1, bid: '0.85', ask: '0.95', volume: 400 },
    ]);
    expect(q).toEqual({ bid: '1.95', ask: '2.15', volume: 400 });
  });

  it('a-strangle-with-a-leg-nobody-offers-has-no-ask', () => {
    const q = multilegQuote([
      { ratio: 1, bid: '1.10', ask: '1.20', volume: 900 },
      { ratio: 1, bid: '0', ask: '0', volume: 400 },
    ]);
    expect(q).toEqual({ bid: '1.1', ask: '0', volume: 400 });
  });

  it('a-leg-counts-as-many-times-as-its-ratio', () => {
    expect(multilegQuote([{ ratio: 2, bid: '0.5', ask: '0.6', volume: 10 }]).ask).toBe('1.2');
  });
});

describe('the look as an order is placed', () => {
  it('a-market-order-fills-everything-as-it-is-placed-at-the-ask-or-the-bid', () => {
    expect(matchAtPlacement(buy({ type: 'market', limitPrice: null }), quote('9.98', '10.02'))).toEqual({
      fill: { qty: '100', price: '10.02', amount: '1002' },
      volume: 10_000,
    });
    expect(matchAtPlacement(sell({ type: 'market', limitPrice: null }), quote('9.98', '10.02')).fill?.price).toBe(
      '9.98',
    );
  });

  it('a-limit-buy-at-or-over-the-ask-fills-everything-as-it-is-placed-at-the-ask-not-at-its-limit', () => {
    const m = matchAtPlacement(buy({ limitPrice: '10.10' }), quote('9.98', '10.02'));
    expect(m.fill).toEqual({ qty: '100', price: '10.02', amount: '1002' });
    expect(matchAtPlacement(buy({ limitPrice: '10.02' }), quote('9.98', '10.02')).fill?.qty).toBe('100');
  });

  it('a-limit-sell-at-or-under-the-bid-fills-everything-as-it-is-placed-at-the-bid', () => {
    expect(matchAtPlacement(sell({ limitPrice: '9.90' }), quote('9.98', '10.02')).fill).toEqual({
      qty: '100',
      price: '9.98',
      amount: '998',
    });
  });

  it('a-limit-order-the-quote-does-not-meet-rests-with-the-quote-volume-as-its-baseline', () => {
    expect(matchAtPlacement(buy({ limitPrice: '10.01' }), quote('9.98', '10.02'))).toEqual({
      fill: null,
      volume: 10_000,
    });
    expect(matchAtPlacement(sell({ limitPrice: '9.99' }), quote('9.98', '10.02')).fill).toBeNull();
  });

  it('a-side-with-no-price-fills-nothing-as-it-is-placed', () => {
    expect(matchAtPlacement(buy({ type: 'market', limitPrice: null }), quote('9.98', '0')).fill).toBeNull();
  });
});
