import { describe, expect, it } from 'vitest';
import { toText } from '../money/decimal';
import {
  paperAccountValue,
  paperBuyingPower,
  paperSellableQty,
  unfilledQty,
  type PaperPosition,
  type PaperQuotes,
  type PaperWorkingOrder,
} from './account';

const order = (over: Partial<PaperWorkingOrder>): PaperWorkingOrder => ({
  symbol: 'ACME',
  side: 'buy',
  qty: '10',
  filledQty: '0',
  limitPrice: null,
  multiplier: 1,
  ...over,
});

const quotes: PaperQuotes = new Map([
  ['ACME', { bid: '9.9', ask: '10.05' }],
  ['ACME260417C00050000', { bid: '1.2', ask: '1.3' }],
]);

describe('paper buying power', () => {
  it('with-no-working-order-the-buying-power-is-the-cash', () => {
    expect(toText(paperBuyingPower('100000', [], quotes))).toBe('100000');
  });

  it('a-working-limit-buy-holds-its-unfilled-part-at-its-limit', () => {
    // 10 at 9.50, 4 filled: 6 × 9.50 = 57 held back.
    const buy = order({ limitPrice: '9.5', filledQty: '4' });
    expect(toText(paperBuyingPower('1000', [buy], quotes))).toBe('943');
  });

  it('a-working-market-buy-holds-its-unfilled-part-at-the-current-ask-and-nothing-without-a-quote', () => {
    expect(toText(paperBuyingPower('1000', [order({})], quotes))).toBe('899.5');
    expect(toText(paperBuyingPower('1000', [order({ symbol: 'NOQUOTE' })], quotes))).toBe('1000');
  });

  it('an-option-buy-counts-100-shares-a-contract-and-each-buy-is-rounded-to-the-cent', () => {
    const option = order({ symbol: 'ACME260417C00050000', qty: '2', limitPrice: '1.255', multiplier: 100 });
    const odd = order({ qty: '3', limitPrice: '0.3333' });
    // 2 × 1.255 × 100 = 251; 3 × 0.3333 = 0.9999 → 1.00.
    expect(toText(paperBuyingPower('1000', [option, odd], quotes))).toBe('748');
  });

  it('working-sells-leave-the-buying-power-alone', () => {
    expect(toText(paperBuyingPower('1000', [order({ side: 'sell', limitPrice: '11' })], quotes))).toBe('1000');
  });
});

describe('shares free to sell', () => {
  it('what-is-held-less-the-unfilled-part-of-working-sells-of-the-same-symbol', () => {
    const working = [
      order({ side: 'sell', qty: '30', filledQty: '10' }),
      order({ side: 'sell', symbol: 'OTHER', qty: '50' }),
      order({ side: 'buy', qty: '70' }),
    ];
    expect(toText(paperSellableQty('100', working, 'ACME'))).toBe('80');
    expect(toText(unfilledQty(working[0]!))).toBe('20');
  });
});

describe('paper account value', () => {
  const position = (over: Partial<PaperPosition>): PaperPosition => ({
    symbol: 'ACME',
    qty: '100',
    cost: '990',
    multiplier: 1,
    ...over,
  });

  it('positions-count-at-the-bid-and-the-account-is-cash-plus-positions', () => {
    const v = paperAccountValue('5000.25', [position({})], [], quotes);
    expect([toText(v.equitiesValue), toText(v.accountValue), toText(v.buyingPower)]).toEqual([
      '990',
      '5990.25',
      '5000.25',
    ]);
  });

  it('an-option-position-counts-100-shares-a-contract-at-its-bid', () => {
    const v = paperAccountValue(
      '0',
      [position({ symbol: 'ACME260417C00050000', qty: '3', cost: '300', multiplier: 100 })],
      [],
      quotes,
    );
    expect(toText(v.equitiesValue)).toBe('360');
  });

  it('a-position-with-no-quote-now-counts-at-what-it-cost', () => {
    const v = paperAccountValue('10', [position({ symbol: 'GAP', qty: '7', cost: '123.45' })], [], quotes);
    expect(toText(v.accountValue)).toBe('133.45');
  });

  it('working-buys-lower-the-buying-power-but-not-the-account-value', () => {
    const v = paperAccountValue('1000', [], [order({ limitPrice: '10' })], quotes);
    expect([toText(v.accountValue), toText(v.buyingPower)]).toEqual(['1000', '900']);
  });
});
