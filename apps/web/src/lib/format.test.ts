import { describe, expect, it } from 'vitest';
import { formatAlertPrice, formatMoney } from './format';

describe('alert prices (1-core §9)', () => {
  it('shows OTC prices unrounded and the others with 2 decimals', () => {
    expect(formatAlertPrice(0.00123, 'OTC')).toBe('0.00123');
    expect(formatAlertPrice(8, 'OTC')).toBe('8.00');
    expect(formatAlertPrice(7.9, 'OTC')).toBe('7.90');
    expect(formatAlertPrice(0.0000005, 'OTC')).toBe('0.0000005');
    expect(formatAlertPrice(0.1 + 0.2, 'OTC')).toBe('0.30');
    expect(formatAlertPrice(12.3456, 'STOCKS')).toBe('12.35');
    expect(formatAlertPrice(3, 'OPTIONS')).toBe('3.00');
    expect(formatAlertPrice(null, 'STOCKS')).toBe('—');
  });
  it('takes a sub-dollar price of an unknown category for an OTC one', () => {
    expect(formatAlertPrice(0.0042, undefined)).toBe('0.0042');
    expect(formatAlertPrice(4.2, undefined)).toBe('4.20');
  });
});

describe('formatMoney', () => {
  it('writes an amount in dollars with two decimals, from a number or exact decimal text', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('99.9')).toBe('$99.90');
    expect(formatMoney(-3)).toBe('-$3.00');
    expect(formatMoney('n/a')).toBe('n/a');
  });
});
