import { describe, expect, it } from 'vitest';
import { currentAccountOf, tradeAccountOf } from './accounts';

const A = { account_id: 'A', connected: false };
const B = { account_id: 'B', connected: true };

describe('which brokerage account', () => {
  it('the current account is the connected one, else the first, else none', () => {
    expect(currentAccountOf([A, B])).toBe(B);
    expect(currentAccountOf([A])).toBe(A);
    expect(currentAccountOf([])).toBeUndefined();
    expect(currentAccountOf(undefined)).toBeUndefined();
  });

  it("a trade drawer places on the account picked, else the current one, else the trade's own", () => {
    expect(tradeAccountOf('A', [A, B], 'SIM-3')).toBe('A');
    expect(tradeAccountOf(undefined, [A, B], 'SIM-3')).toBe('B');
    expect(tradeAccountOf(undefined, undefined, 'SIM-3')).toBe('SIM-3');
    expect(tradeAccountOf(undefined, [], undefined)).toBeUndefined();
  });
});
