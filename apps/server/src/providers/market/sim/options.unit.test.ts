import type { OptionQuote } from '@drat/contracts';
import { describe, expect, it } from 'vitest';
import { parseOcc } from '@drat/engine';
import { isoDate, parseIsoDate, weekday } from './calendar';
import {
  RISK_FREE_RATE,
  blackScholes,
  expirationDays,
  listedStrikes,
  normCdf,
  strikeIncrement,
  yearsToExpiry,
} from './options';
import { createSimMarket } from './index';

const WALL = Date.UTC(2026, 2, 10, 15, 0); // Tuesday 11:00 ET
const market = createSimMarket({ seed: 'drat', speed: 1, alwaysOpen: false, wallClock: () => WALL });

async function chainWithSpot(symbol: string, expiration: string): Promise<{ chain: OptionQuote[]; spot: number }> {
  const chain = await market.optionChain(symbol, expiration);
  const [q] = await market.quotes([symbol]);
  return { chain, spot: (q!.bid + q!.ask) / 2 };
}

describe('Black-Scholes', () => {
  it('has a sound normal CDF', () => {
    expect(normCdf(0)).toBeCloseTo(0.5, 7);
    expect(normCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normCdf(-1.96) + normCdf(1.96)).toBe(1);
  });

  it('satisfies put-call parity and textbook values', () => {
    const c = blackScholes('call', 100, 100, 1, 0.2, 0.05);
    expect(c.price).toBeCloseTo(10.4506, 3);
    const p = blackScholes('put', 100, 100, 1, 0.2, 0.05);
    expect(c.price - p.price).toBeCloseTo(100 - 100 * Math.exp(-0.05), 10);
    expect(c.greeks.delta - p.greeks.delta).toBeCloseTo(1, 10);
    expect(c.greeks.gamma).toBe(p.greeks.gamma);
  });
});

describe('expirations and strikes', () => {
  it('lists weekly Fridays, monthly third Fridays, quarterlies and LEAPS, moving holidays to Thursday', () => {
    const today = parseIsoDate('2026-03-10')!;
    const weekly = expirationDays(today, true).map(isoDate);
    expect(weekly.slice(0, 4)).toEqual(['2026-03-13', '2026-03-20', '2026-03-27', '2026-04-02']); // Good Friday → Thursday
    expect(weekly).toContain('2026-06-18'); // third Friday is Juneteenth
    expect(weekly).toContain('2026-09-18');
    expect(weekly).toContain('2026-12-18');
    expect(weekly).toContain('2027-01-15');
    expect(weekly).toContain('2028-01-21');
    const monthly = expirationDays(today, false).map(isoDate);
    expect(monthly).toEqual([
      '2026-03-20',
      '2026-04-17',
      '2026-05-15',
      '2026-06-18',
      '2026-09-18',
      '2026-12-18',
      '2027-01-15',
      '2028-01-21',
    ]);
    for (const d of weekly) expect([4, 5]).toContain(weekday(parseIsoDate(d)!));
    expect(expirationDays(parseIsoDate('2026-03-13')!, true)[0]).toBe(parseIsoDate('2026-03-13')); // today's expiration
  });

  it('spaces strikes by price level, around the reference, on the half-dollar grid', () => {
    expect([2, 10, 60, 250, 700, 2000, 5200].map(strikeIncrement)).toEqual([0.5, 1, 2.5, 5, 10, 25, 50]);
    for (const [ref, vol, years] of [
      [255, 0.27, 0.05],
      [2.5, 0.9, 0.02],
      [5200, 0.27, 1.5],
      [0.9, 1, 0.3],
    ] as const) {
      const strikes = listedStrikes(ref, vol, years);
      expect(strikes.length).toBeGreaterThan(5);
      expect(strikes.length).toBeLessThanOrEqual(121);
      expect(strikes[0]!).toBeLessThan(ref);
      expect(strikes.at(-1)!).toBeGreaterThan(ref);
      for (const k of strikes) expect(k > 0 && Number.isInteger(k * 2)).toBe(true);
    }
  });
});

describe('option chains', () => {
  it('keep put-call parity within the spread and sane greeks', async () => {
    for (const symbol of ['AAPL', 'SPY', 'F', 'BKNG', 'PLUG']) {
      const expirations = await market.optionExpirations(symbol);
      expect(expirations.length).toBeGreaterThan(3);
      for (const expiration of [expirations[0]!, expirations[2]!, expirations.at(-1)!]) {
        const { chain, spot } = await chainWithSpot(symbol, expiration);
        expect(chain.length).toBeGreaterThan(10);
        const T = yearsToExpiry(WALL, parseIsoDate(expiration)!);
        const byStrike = new Map<number, { call?: OptionQuote; put?: OptionQuote }>();
        for (const o of chain) {
          const e = byStrike.get(o.strike) ?? {};
          e[o.option_type] = o;
          byStrike.set(o.strike, e);
          expect(o.bid).toBeGreaterThanOrEqual(0);
          expect(o.ask).toBeGreaterThan(o.bid);
          expect(o.open_interest).toBeGreaterThanOrEqual(0);
          expect(o.greeks.gamma).toBeGreaterThanOrEqual(0);
          expect(o.greeks.vega).toBeGreaterThanOrEqual(0);
          expect(o.greeks.mid_iv).toBeGreaterThan(0);
          const near = Math.abs(Math.log(o.strike / spot)) < 0.15;
          if (o.option_type === 'call') {
            expect(o.greeks.delta).toBeGreaterThanOrEqual(0);
            expect(o.greeks.delta).toBeLessThanOrEqual(1);
            if (near) expect(o.greeks.delta > 0 && o.greeks.delta < 1 && o.greeks.gamma > 0).toBe(true);
          } else {
            expect(o.greeks.delta).toBeGreaterThanOrEqual(-1);
            expect(o.greeks.delta).toBeLessThanOrEqual(0);
            if (near) expect(o.greeks.delta > -1 && o.greeks.delta < 0 && o.greeks.gamma > 0).toBe(true);
          }
          expect(o.greeks.theta).toBeLessThan(o.option_type === 'call' ? 0 : 1);
          expect(parseOcc(o.symbol)).toEqual({
            root: symbol,
            expiration,
            option_type: o.option_type,
            strike: o.strike,
          });
        }
        for (const [K, { call, put }] of byStrike) {
          const forward = spot - K * Math.exp(-RISK_FREE_RATE * T);
          expect(call!.bid - put!.ask).toBeLessThanOrEqual(forward + 1e-9);
          expect(call!.ask - put!.bid).toBeGreaterThanOrEqual(forward - 1e-9);
          expect(call!.greeks.mid_iv).toBe(put!.greeks.mid_iv);
        }
      }
    }
  });

  it('skews implied volatility towards low strikes', async () => {
    const [, , e] = await market.optionExpirations('SPY');
    const { chain, spot } = await chainWithSpot('SPY', e!);
    const puts = chain.filter((o) => o.option_type === 'put');
    const low = puts.find((o) => o.strike <= spot * 0.9)!;
    const atm = puts.reduce((a, b) => (Math.abs(b.strike - spot) < Math.abs(a.strike - spot) ? b : a));
    expect(low.greeks.mid_iv).toBeGreaterThan(atm.greeks.mid_iv);
  });

  it('quotes one option by OCC symbol exactly as in its chain, deterministically', async () => {
    const [e] = await market.optionExpirations('AAPL');
    const chain = await market.optionChain('AAPL', e!);
    const other = createSimMarket({ seed: 'drat', speed: 1, alwaysOpen: false, wallClock: () => WALL });
    for (const o of chain.slice(0, 12)) {
      expect(await market.optionQuote(o.symbol)).toEqual(o);
      expect(await other.optionQuote(o.symbol)).toEqual(o);
    }
    expect(await market.optionStrikes('AAPL', e!)).toEqual([...new Set(chain.map((o) => o.strike))]);
    expect(await market.optionQuote('BRKB' + chain[0]!.symbol.slice(4))).not.toBeNull();
  });

  it('has nothing for unknown or non-optionable symbols, unlisted expirations or off-grid strikes', async () => {
    expect(await market.optionExpirations('NOPE')).toEqual([]);
    expect(await market.optionExpirations('FNMA')).toEqual([]); // OTC
    expect(await market.optionChain('AAPL', '2026-03-11')).toEqual([]); // a Wednesday
    expect(await market.optionChain('AAPL', 'soon')).toEqual([]);
    expect(await market.optionStrikes('AAPL', '2026-03-06')).toEqual([]); // expired
    expect(await market.optionQuote('AAPL260313C00250000')).not.toBeNull();
    expect(await market.optionQuote('AAPL260313C00250100')).toBeNull();
    expect(await market.optionQuote('AAPL260311C00250000')).toBeNull();
    expect(await market.optionQuote('ZZZZ260313C00250000')).toBeNull();
    expect(await market.optionQuote('FNMA260320C00010000')).toBeNull();
    expect(await market.optionQuote('garbage')).toBeNull();
  });
});
