import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from './money';

describe('toCents', () => {
  it.each([
    ['0', 0],
    ['0.00', 0],
    ['-0', 0],
    ['-0.00', 0],
    ['7', 700],
    ['7.', 700],
    ['.5', 50],
    ['12.3', 1230],
    ['12.30', 1230],
    ['12.3000', 1230],
    ['0.01', 1],
    ['-0.05', -5],
    ['+4.35', 435],
    ['4.35', 435],
    ['99.99', 9999],
    ['2299.97', 229997],
    ['00012.50', 1250],
    ['90071992547409.91', 9007199254740991],
  ])('%s → %i', (text, cents) => {
    expect(toCents(text)).toBe(cents);
    expect(Object.is(toCents(text), -0)).toBe(false);
  });

  it.each([
    ['1.005', 101],
    ['1.004', 100],
    ['1.0049999', 100],
    ['-1.005', -101],
    ['-1.004', -100],
    ['0.001', 0],
    ['-0.004', 0],
    ['0.995', 100],
    ['19.999', 2000],
    ['2.675', 268],
    ['12.30', 1230],
  ])('half-up: %s → %i', (text, cents) => {
    expect(toCents(text, 'half-up')).toBe(cents);
    expect(Object.is(toCents(text, 'half-up'), -0)).toBe(false);
  });

  it.each([['1.005'], ['0.001'], ['-12.3456']])('exact refuses %s: it has digits below a cent', (text) => {
    expect(() => toCents(text)).toThrow(RangeError);
    expect(() => toCents(text)).toThrow('below a cent');
  });

  it.each([
    [''],
    ['.'],
    ['-'],
    ['+.'],
    ['abc'],
    ['1,50'],
    ['1.2.3'],
    [' 1.50'],
    ['1.50 '],
    ['1e3'],
    ['NaN'],
    ['Infinity'],
    ['--1'],
    ['$5'],
    ['0x10'],
  ])('refuses %j as not a decimal', (text) => {
    expect(() => toCents(text)).toThrow(RangeError);
  });

  it('refuses amounts too large to count exactly', () => {
    expect(() => toCents('90071992547409.92')).toThrow('too large');
    expect(() => toCents('1000000000000000000')).toThrow(RangeError);
  });

  it('is exact where binary floats are not', () => {
    // The float way gets these wrong; the string way cannot.
    expect(Math.floor(4.35 * 100)).toBe(434);
    expect(toCents('4.35')).toBe(435);
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(toCents('1.005', 'half-up')).toBe(101);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toCents('0.1') + toCents('0.2')).toBe(toCents('0.3'));
  });
});

describe('fromCents', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [1230, '12.30'],
    [-5, '-0.05'],
    [-100, '-1.00'],
    [-123456, '-1234.56'],
    [229997, '2299.97'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [-Number.MAX_SAFE_INTEGER, '-90071992547409.91'],
  ])('%i → %s', (cents, text) => {
    expect(fromCents(cents)).toBe(text);
  });

  it('writes -0 as 0.00', () => {
    expect(fromCents(-0)).toBe('0.00');
  });

  it.each([[0.5], [1.01], [Number.NaN], [Number.POSITIVE_INFINITY], [Number.MAX_SAFE_INTEGER + 1]])(
    'refuses %d',
    (cents) => {
      expect(() => fromCents(cents)).toThrow(RangeError);
    },
  );
});

describe('round trips', () => {
  // A small deterministic generator, so a failure names a reproducible value.
  function* integers(seed: number, count: number): Generator<number> {
    let state = seed >>> 0;
    for (let i = 0; i < count; i += 1) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const scale = [1, 100, 10_000, 1_000_000, 1e9, 1e12, 1e15][i % 7]!;
      yield Math.round((state / 2 ** 32 - 0.5) * 2 * scale);
    }
  }

  it('toCents(fromCents(c)) === c for many integers, both signs, every magnitude', () => {
    for (const cents of integers(42, 5000)) expect(toCents(fromCents(cents))).toBe(cents + 0);
  });

  it('fromCents(toCents(s)) is the two-decimal form of s', () => {
    for (const cents of integers(7, 2000)) {
      const text = fromCents(cents);
      for (const variant of [text, `${text}0`, `${text}000`]) expect(fromCents(toCents(variant))).toBe(text);
    }
  });

  it('sums in cents stay exact: ten times 0.10 is 1.00, a thousand times 19.99 is 19990.00', () => {
    expect(fromCents(Array.from({ length: 10 }, () => toCents('0.10')).reduce((a, b) => a + b, 0))).toBe('1.00');
    expect(fromCents(Array.from({ length: 1000 }, () => toCents('19.99')).reduce((a, b) => a + b, 0))).toBe('19990.00');
  });
});
