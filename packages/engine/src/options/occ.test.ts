import { describe, expect, it } from 'vitest';
import { occRoot, occSymbol, parseOcc } from './occ';

describe('OCC option symbols', () => {
  it.each([
    ['AAPL', '2026-01-16', 'call', 150, 'AAPL260116C00150000'],
    ['SPY', '2026-03-20', 'put', 672.5, 'SPY260320P00672500'],
    ['F', '2027-01-15', 'call', 12.5, 'F270115C00012500'],
    ['BKNG', '2026-06-18', 'put', 5250, 'BKNG260618P05250000'],
    ['BRK.B', '2026-12-18', 'call', 500, 'BRKB261218C00500000'],
    ['PLUG', '2026-02-20', 'put', 0.5, 'PLUG260220P00000500'],
  ] as const)('%s %s %s %s ⇄ %s', (ticker, expiration, type, strike, symbol) => {
    expect(occSymbol(ticker, expiration, type, strike)).toBe(symbol);
    expect(parseOcc(symbol)).toEqual({ root: occRoot(ticker), expiration, option_type: type, strike });
  });

  it('round-trips every strike on a fine grid and every day of two years', () => {
    for (let milli = 500; milli <= 2_000_000; milli += 499) {
      const strike = milli / 1000;
      const parsed = parseOcc(occSymbol('QQQ', '2026-09-18', 'put', strike));
      expect(parsed?.strike).toBe(strike);
    }
    for (let d = Date.UTC(2026, 0, 1); d < Date.UTC(2028, 0, 1); d += 86_400_000) {
      const date = new Date(d).toISOString().slice(0, 10);
      const parsed = parseOcc(occSymbol('AAPL', date, 'call', 100));
      expect(parsed?.expiration).toBe(date);
    }
  });

  it('accepts the padded 21-character form and lower case', () => {
    expect(parseOcc('SPY   260320P00672500')).toEqual({
      root: 'SPY',
      expiration: '2026-03-20',
      option_type: 'put',
      strike: 672.5,
    });
    expect(parseOcc(' aapl260116c00150000 ')?.root).toBe('AAPL');
  });

  it.each([
    '',
    'AAPL',
    'AAPL260116X00150000',
    'AAPL261316C00150000',
    'AAPL260230C00150000',
    'AAPL260116C0015000',
    'TOOLONG260116C00150000',
    'AAPL260116C00000000',
  ])('rejects %j', (s) => expect(parseOcc(s)).toBeNull());

  it('refuses to format a bad date or strike', () => {
    expect(() => occSymbol('AAPL', '2026-02-30', 'call', 100)).toThrow();
    expect(() => occSymbol('AAPL', '1999-01-15', 'call', 100)).toThrow();
    expect(() => occSymbol('AAPL', '2026-01-16', 'call', 0)).toThrow();
    expect(() => occSymbol('AAPL', '2026-01-16', 'call', 100_000)).toThrow();
  });
});
