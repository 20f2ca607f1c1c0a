import { describe, expect, it } from 'vitest';
import type { TemplateBasis } from '@drat/contracts';
import { templateBasis, templateEntries, templatePrice, type TemplateParameter } from './templates';

const quote = { bid: 99.9, last: 100, ask: 100.1 };

/** Buys 5 % and 2.5 % under the ask, targets 10 % and 20 % over the last, the stop 8 % under the bid. */
const parameters = (
  patch: Partial<Record<TemplateParameter['entry_name'], TemplateBasis>> = {},
): TemplateParameter[] => [
  {
    entry_name: 'BUY RANGE LOW',
    percentage: 5,
    percentage_type: 'LESS',
    based_on: patch['BUY RANGE LOW'] ?? 'Ask Price',
  },
  { entry_name: 'BUY RANGE HIGH', percentage: '2.50', percentage_type: 'LESS', based_on: 'Ask Price' },
  { entry_name: 'TARGET RANGE LOW', percentage: 10, percentage_type: 'EXCEED', based_on: 'Last Price' },
  { entry_name: 'TARGET RANGE HIGH', percentage: 20, percentage_type: 'EXCEED', based_on: 'Last Price' },
  { entry_name: 'STOP LOSS', percentage: 8, percentage_type: 'LESS', based_on: patch['STOP LOSS'] ?? 'Bid Price' },
];

describe('trade template prices', () => {
  it('each-entry-reads-its-own-price-of-the-quote', () => {
    expect(templateBasis(quote, 'Ask Price')).toBe(100.1);
    expect(templateBasis(quote, 'Last Price')).toBe(100);
    expect(templateBasis(quote, 'Bid Price')).toBe(99.9);
  });

  it('less-takes-the-percent-off-and-exceed-adds-it-rounded-to-the-cent', () => {
    // 100.10 × 0.95 = 95.095 → 95.10 (ties away from zero); 99.90 × 0.92 = 91.908 → 91.91.
    expect(templateEntries(parameters(), quote)).toEqual({
      entries: {
        buy_range_low: 95.1,
        buy_range_high: 97.6,
        target_range_low: 110,
        target_range_high: 120,
        stop_loss: 91.91,
      },
    });
  });

  it('is-exact-where-binary-floats-drift', () => {
    // As floats 1.15 × (1 + 0.1) is 1.2650000000000001 and 0.7 × (1 − 0.1) is 0.63000000000000001.
    expect(templatePrice(1.15, 10, 'EXCEED')).toBe(1.27);
    expect(templatePrice(10.05, 50, 'LESS')).toBe(5.03);
    expect(templatePrice(0.7, 10, 'LESS')).toBe(0.63);
  });

  it('a-sub-dollar-price-keeps-four-decimals-or-more', () => {
    expect(templatePrice(0.5123, 10, 'LESS')).toBe(0.4611); // 0.46107
    expect(templatePrice(0.0174, 10, 'EXCEED')).toBe(0.0191); // 0.01914
    expect(templatePrice(0.00174, 10, 'EXCEED')).toBe(0.00191); // three significant digits: 5 decimals
    expect(templatePrice(0.95, 10, 'EXCEED')).toBe(1.05); // crosses $1: cents again
  });

  it('zero-percent-is-the-price-itself-and-a-hundred-percent-less-is-zero', () => {
    expect(templatePrice(42.42, 0, 'LESS')).toBe(42.42);
    expect(templatePrice(42.42, 100, 'LESS')).toBe(0);
    expect(templatePrice(42.42, 500, 'EXCEED')).toBe(254.52);
  });

  it('a-quote-without-the-price-a-parameter-is-based-on-gives-no-prices', () => {
    expect(templateEntries(parameters({ 'STOP LOSS': 'Bid Price' }), { ...quote, bid: 0 })).toEqual({
      noPrice: 'Bid Price',
    });
  });

  it('a-template-missing-an-entry-is-a-bug', () => {
    expect(() => templateEntries(parameters().slice(1), quote)).toThrow(/BUY RANGE LOW/);
  });
});
