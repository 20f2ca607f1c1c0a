import { describe, expect, it } from 'vitest';
import { strategyInstrument } from './strategies';

describe('options strategies', () => {
  it('buy-call-trades-one-call-by-its-occ-symbol', () => {
    expect(strategyInstrument('AAPL', 'BUY CALL', { singleStrike: 150, singleExpiration: '2026-12-18' })).toEqual({
      key: 'AAPL261218C00150000',
      kind: 'option',
      multiplier: 100,
      legs: [{ symbol: 'AAPL261218C00150000', ratio: 1 }],
    });
  });

  it('buy-put-trades-one-put', () => {
    expect(strategyInstrument('SPY', 'BUY PUT', { singleStrike: 500.5, singleExpiration: '2026-12-18' }).key).toBe(
      'SPY261218P00500500',
    );
  });

  it('a-strangle-is-a-call-above-a-put-priced-as-one', () => {
    const i = strategyInstrument('AAPL', 'STRANGLE', {
      legOneStrike: 160,
      legTwoStrike: 140,
      legsExpiration: '2026-12-18',
    });
    expect(i.kind).toBe('multileg');
    expect(i.legs!.map((l) => l.symbol)).toEqual(['AAPL261218C00160000', 'AAPL261218P00140000']);
    expect(i.key).toBe('AAPL261218C00160000+AAPL261218P00140000');
  });

  it('a-straddle-buys-both-at-one-strike', () => {
    const i = strategyInstrument('AAPL', 'STRADDLE', {
      legOneStrike: 150,
      legTwoStrike: 150,
      legsExpiration: '2026-12-18',
    });
    expect(i.legs!.map((l) => l.symbol)).toEqual(['AAPL261218C00150000', 'AAPL261218P00150000']);
  });

  it('legs-the-spec-refuses-are-refused-here-too', () => {
    expect(() =>
      strategyInstrument('AAPL', 'STRANGLE', { legOneStrike: 140, legTwoStrike: 160, legsExpiration: '2026-12-18' }),
    ).toThrow();
    expect(() =>
      strategyInstrument('AAPL', 'STRADDLE', { legOneStrike: 150, legTwoStrike: 155, legsExpiration: '2026-12-18' }),
    ).toThrow();
    expect(() =>
      strategyInstrument('AAPL', 'BUY CALL', { singleStrike: 150, singleExpiration: '2026-02-30' }),
    ).toThrow();
  });
});
