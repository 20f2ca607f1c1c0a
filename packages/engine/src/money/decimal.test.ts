import { describe, expect, it } from 'vitest';
import { dec, percentOf, roundDec, toNumber, toText } from './decimal';

describe('exact decimals', () => {
  it('adds what floats cannot: 0.1 + 0.2 is 0.3, and 4.35 × 100 is 435', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toNumber(dec(0.1).plus(0.2))).toBe(0.3);
    expect(4.35 * 100).not.toBe(435);
    expect(toNumber(dec('4.35').times(100))).toBe(435);
  });

  it('takes a JSON number by its shortest text and gives it back unchanged', () => {
    for (const n of [0.1, 12.3, 190.55, 0.0000005, 1234567.8901, -0.05, 99999999.99999999]) {
      expect(toNumber(dec(n))).toBe(n);
    }
  });

  it('reads numeric columns and writes them back without an exponent', () => {
    expect(toText(dec('0.00000050'))).toBe('0.0000005');
    expect(toText(dec('12.30'))).toBe('12.3');
    expect(toText(dec('1e-7'))).toBe('0.0000001');
  });

  it.each([
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [66.666666, 2, 66.67],
    [2.5, 0, 3],
    [0.123456789, 4, 0.1235],
    [1.00005, 4, 1.0001],
  ])('rounds %s to %s places as %s (ties away from zero)', (v, places, expected) =>
    expect(toNumber(roundDec(v, places))).toBe(expected),
  );

  it('sums a thousand cents to exactly ten dollars', () => {
    let total = dec(0);
    let float = 0;
    for (let i = 0; i < 1000; i++) {
      total = total.plus('0.01');
      float += 0.01;
    }
    expect(toText(total)).toBe('10');
    expect(float).not.toBe(10);
  });

  it('percentages: a part of a whole, rounded; none of nothing', () => {
    expect(toNumber(percentOf(2, 3, 2)!)).toBe(66.67);
    expect(toNumber(percentOf('-1.5', '150', 4)!)).toBe(-1);
    expect(percentOf(1, 0, 2)).toBeNull();
  });
});

describe('a text parsed once', () => {
  it('gives the same decimal for the same text, which no operation changes', () => {
    const a = dec('187.23');
    expect(dec('187.23')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a.d)).toBe(true);
    // Every operation answers a new decimal; the shared one keeps its value.
    expect(toText(a.plus(1).times(2).neg().abs().toDecimalPlaces(1))).toBe('376.5');
    expect(toText(roundDec(a, 1))).toBe('187.2');
    expect(toText(a)).toBe('187.23');
    expect(toText(dec('187.23'))).toBe('187.23');
  });

  it('takes a decimal of its own as it is, and still refuses a text that is no number', () => {
    const a = dec('0.5');
    expect(dec(a)).toBe(a);
    expect(() => dec('abc')).toThrow();
    expect(() => dec('abc')).toThrow();
  });
});
