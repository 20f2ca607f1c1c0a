import { describe, expect, it } from 'vitest';
import { paidThrough, yearlySavings } from './index';

describe('yearly savings notes (3-bots-admin-public §9)', () => {
  it('Basic yearly at 497.99 against 49.99 a month: 41.49 per month, saves 101.89', () => {
    expect(yearlySavings(49.99, 497.99)).toEqual({ perMonth: 41.49, saves: 101.89 });
  });
  it('Stocks yearly at 999.99 against 99.99 a month: 83.33 per month, saves exactly 199.89', () => {
    expect(yearlySavings(99.99, 999.99)).toEqual({ perMonth: 83.33, saves: 199.89 });
  });
  it('the price per month is rounded down, never up: 100.00 a year is 8.33 a month', () => {
    expect(yearlySavings(10, 100).perMonth).toBe(8.33);
  });
  it('amounts are exact decimals: 0.1 + 0.2 style sums do not drift', () => {
    expect(yearlySavings(0.1, 1.1).saves).toBe(0.1);
  });
});

describe('until when a paid plan runs', () => {
  const start = new Date('2026-01-31T15:00:00Z');
  it('a monthly plan paid on January 31 runs to February 28 (the month has no 31st)', () => {
    expect(paidThrough(start, 'month', 0)?.toISOString()).toBe('2026-02-28T15:00:00.000Z');
  });
  it('a yearly plan runs one calendar year', () => {
    expect(paidThrough(start, 'year', 0)?.toISOString()).toBe('2027-01-31T15:00:00.000Z');
  });
  it('a 14-day trial comes before the first month', () => {
    expect(paidThrough(new Date('2026-03-01T00:00:00Z'), 'month', 14)?.toISOString()).toBe('2026-04-15T00:00:00.000Z');
  });
  it('a one-time plan (lifetime, a challenge) does not end', () => {
    expect(paidThrough(start, 'once', 0)).toBeNull();
  });
  it('the free trial runs its 7 days only', () => {
    expect(paidThrough(start, 'once', 7, true)?.toISOString()).toBe('2026-02-07T15:00:00.000Z');
  });
});
