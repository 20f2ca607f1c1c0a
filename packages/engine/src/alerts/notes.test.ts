import { describe, expect, it } from 'vitest';
import type { AlertTriggerKind } from './lifecycle';
import { classifyTriggerNote, expectedTriggerClass, notePercent, notePrice, triggerNote } from './notes';

describe('classifyTriggerNote follows 1-core §4 in its order', () => {
  it.each([
    ['Entered the buy range +5%', 'br'],
    ['BUY RANGE hit', 'br'],
    ['+2.00% up', 'ph'],
    ['Took profit', 'ph'],
    ['Crossed 500', 'ph'],
    ['profit at target', 'ph'],
    ['Target reached', 'th'],
    ['target with a loss', 'th'],
    ['Stop loss', 'sl'],
    ['down -3%', 'sl'],
    ['nothing to see', null],
  ] as const)('%s → %s', (note, cls) => {
    expect(classifyTriggerNote(note)).toBe(cls);
  });
});

const KINDS: AlertTriggerKind[] = ['BUY_RANGE', 'TARGET_1', 'TARGET_2', 'STOP', 'EXPIRED'];
/** Tickers with the awkward characters tickers can have, and prices that contain '500'. */
const TICKERS = ['AAPL', 'BRK.B', 'BF-B', 'T', 'OTCX', 'GOOGL'];
const PRICES = [0.0005, 0.05, 1.5, 5, 15.0045, 150, 500, 1500, 2500.5, 12345.67];
const PL = [-99.99, -50, -15.5, -5, -0.5, -0.004, 0, 0.004, 0.5, 5, 50, 500, 1500];

describe('every trigger note classifies as its own kind', () => {
  const cases = KINDS.flatMap((kind) =>
    TICKERS.flatMap((ticker) => PRICES.flatMap((price) => PL.map((pl) => ({ kind, ticker, price, pl })))),
  );
  it(`${cases.length} notes (kinds × tickers × prices × P/L)`, () => {
    for (const { kind, ticker, price, pl } of cases) {
      const note = triggerNote(kind, {
        ticker,
        levels: { buyRangeLow: price * 0.98, buyRangeHigh: price },
        price,
        plPercent: pl,
      });
      expect(classifyTriggerNote(note), `${kind} ${note}`).toBe(expectedTriggerClass(kind, pl));
    }
  });

  it.each([
    ['BUY_RANGE', 0, 'buy range'],
    ['TARGET_1', 5, 'Target 1'],
    ['TARGET_2', 10, 'Target 2'],
    ['STOP', -5, 'Stop loss'],
    ['EXPIRED', -5, 'expired'],
  ] as const)('a %s note names it (%s%%): "%s"', (kind, pl, words) => {
    const note = triggerNote(kind, {
      ticker: 'ACME',
      levels: { buyRangeLow: 99, buyRangeHigh: 101 },
      price: 100,
      plPercent: pl,
    });
    expect(note).toContain(words);
    expect(note).toContain('ACME');
  });

  it('targets in profit read as profit; under the alert price they read as target', () => {
    expect(expectedTriggerClass('TARGET_1', 3)).toBe('ph');
    expect(expectedTriggerClass('TARGET_2', -1)).toBe('th');
    expect(expectedTriggerClass('EXPIRED', -1)).toBe('sl');
    expect(expectedTriggerClass('STOP', 2)).toBe('sl');
  });
});

describe('formatting', () => {
  it.each([
    [3.256, '+3.26%'],
    [-1.5, '-1.50%'],
    [0, '+0.00%'],
    [-0.004, '+0.00%'],
  ])('percent %s → %s', (p, text) => expect(notePercent(p)).toBe(text));
  it.each([
    [152.5, '152.50'],
    [0.0123, '0.0123'],
  ])('price %s → %s', (p, text) => expect(notePrice(p)).toBe(text));
});
