import { describe, expect, it } from 'vitest';
import type { OhlcBar } from '../bars';
import { flat, series } from '../bars.fixture';
import { supportResistance } from '../range-radar/pivots';
import { LONG_TERM, SHORT_TERM, termBars, workingAtr } from '../terms';
import { dioneAnalysis, dioneTerm, ratingOf, trendOf, type DioneSetup, type DioneView } from './analysis';

function setup(view: DioneView): DioneSetup {
  if (!view.found) throw new Error(`expected a setup, got: ${view.message}`);
  return view;
}

/** stop < buy low < buy high < target 1 < target 2, all positive and on the price grid, and the quote's numbers match. */
function expectOrdered(s: DioneSetup): void {
  expect(s.stopLoss).toBeGreaterThan(0);
  expect(s.stopLoss).toBeLessThan(s.buyLow);
  expect(s.buyLow).toBeLessThan(s.buyHigh);
  expect(s.buyHigh).toBeLessThan(s.target1);
  expect(s.target1).toBeLessThan(s.target2);
  expect(s.riskReward).toBeGreaterThan(0);
  expect(s.rating).toBeGreaterThanOrEqual(1);
  expect(s.rating).toBeLessThanOrEqual(5);
  expect(Number.isInteger(s.rating)).toBe(true);
  expect(s.quote).toContain(`${s.buyLow.toFixed(s.decimals)} - ${s.buyHigh.toFixed(s.decimals)}`);
  for (const v of [s.stopLoss, s.buyLow, s.buyHigh, s.target1, s.target2]) {
    expect(Math.abs(v * 10 ** s.decimals - Math.round(v * 10 ** s.decimals))).toBeLessThan(1e-6);
  }
}

const last = (bars: OhlcBar[]) => bars.at(-1)!.close;

describe('trend and rating rules', () => {
  it.each([
    [110, 105, 100, 'up'],
    [90, 95, 100, 'down'],
    [101, 99, 100, 'sideways'],
    [99, 101, 100, 'sideways'],
    [100, 100, 100, 'sideways'],
  ] as const)('price %d, fast %d, slow %d → %s', (price, fast, slow, trend) => {
    expect(trendOf(price, fast, slow)).toBe(trend);
  });

  it.each([
    [{ trend: 'up', slope: 0.1, riskReward: 2.5, price: 100, buyHigh: 99, atr: 2 }, 5],
    [{ trend: 'up', slope: -0.1, riskReward: 2.5, price: 100, buyHigh: 99, atr: 2 }, 4],
    [{ trend: 'up', slope: 0.1, riskReward: 1.5, price: 110, buyHigh: 99, atr: 2 }, 3],
    [{ trend: 'sideways', slope: 0, riskReward: 2, price: 100, buyHigh: 99, atr: 2 }, 4],
    [{ trend: 'down', slope: -1, riskReward: 1.2, price: 110, buyHigh: 99, atr: 2 }, 1],
    [{ trend: 'down', slope: -1, riskReward: 1.2, price: 110, buyHigh: 99, atr: 20 }, 1],
    [{ trend: 'up', slope: 1, riskReward: 3, price: 100, buyHigh: 99, atr: 9 }, 4],
  ] as const)('%j → %i stars', (input, stars) => {
    expect(ratingOf(input)).toBe(stars);
  });
});

describe('dioneTerm', () => {
  it('uptrend: trend up, buy range just under the price, ordered levels, good rating', () => {
    const daily = series({ days: 400, drift: 0.004, noise: 0.01, seed: 3 });
    for (const term of [SHORT_TERM, LONG_TERM]) {
      const s = setup(dioneTerm(daily, last(daily), term));
      expectOrdered(s);
      expect(s.trend).toBe('up');
      expect(s.buyHigh).toBeLessThanOrEqual(s.lastPrice);
      expect(s.lastPrice - s.buyHigh).toBeLessThan(3 * s.atr);
      expect(s.rating).toBeGreaterThanOrEqual(3);
      expect(s.quote).toMatch(/^Uptrend above its/);
    }
  });

  it('downtrend: trend down, a deeper buy range, a lower rating than the uptrend', () => {
    const down = series({ days: 400, drift: -0.004, noise: 0.01, seed: 3 });
    const up = series({ days: 400, drift: 0.004, noise: 0.01, seed: 3 });
    const d = setup(dioneTerm(down, last(down), SHORT_TERM));
    const u = setup(dioneTerm(up, last(up), SHORT_TERM));
    expectOrdered(d);
    expect(d.trend).toBe('down');
    expect(d.rating).toBeLessThan(u.rating);
    expect((d.lastPrice - d.buyHigh) / d.atr).toBeGreaterThan((u.lastPrice - u.buyHigh) / u.atr);
    expect(d.quote).toMatch(/^Downtrend below/);
  });

  it('flat market: distinct levels from the ATR floor of 0.5% of the price', () => {
    const daily = flat(300, 40);
    for (const term of [SHORT_TERM, LONG_TERM]) {
      const s = setup(dioneTerm(daily, 40, term));
      expectOrdered(s);
      expect(s.trend).toBe('sideways');
      expect(s.atr).toBeCloseTo(0.2, 6);
      expect(s.buyLow).toBe(39.75); // centre 40 − 1 ATR, half-width ¼ ATR
      expect(s.buyHigh).toBe(39.85);
      expect(s.stopLoss).toBe(39.55);
    }
  });

  it('too little history: short found from 30 sessions, long needs 45 weeks', () => {
    const few = series({ days: 29, noise: 0.01 });
    expect(dioneTerm(few, last(few), SHORT_TERM)).toEqual({
      term: 'short',
      label: 'Short Term',
      found: false,
      message: 'Not enough price history for a short term view: 29 of 30 daily bars.',
      barsUsed: 29,
    });
    const some = series({ days: 150, noise: 0.01 });
    expect(dioneTerm(some, last(some), SHORT_TERM).found).toBe(true);
    expect(dioneTerm(some, last(some), LONG_TERM)).toMatchObject({ found: false, barsUsed: 30 });
    const enough = series({ days: 225, noise: 0.01 });
    expect(dioneTerm(enough, last(enough), LONG_TERM).found).toBe(true);
  });

  it('no bars at all: not found, no throw', () => {
    expect(dioneAnalysis([], 10)).toMatchObject({ short: { found: false }, long: { found: false } });
  });

  it('gaps: missing sessions and a price gap widen the ATR but keep the levels ordered', () => {
    const smooth = series({ days: 300, drift: 0.001, noise: 0.005, seed: 11 });
    const holey = series({
      days: 300,
      drift: 0.001,
      noise: 0.005,
      seed: 11,
      skip: (i) => i % 7 === 3 || (i > 200 && i < 215),
    });
    const gapped = smooth.map((b, i) =>
      i < 280 ? b : { ...b, open: b.open * 1.15, high: b.high * 1.15, low: b.low * 1.15, close: b.close * 1.15 },
    );
    const a = setup(dioneTerm(smooth, last(smooth), SHORT_TERM));
    const h = setup(dioneTerm(holey, last(holey), SHORT_TERM));
    const g = setup(dioneTerm(gapped, last(gapped), SHORT_TERM));
    [a, h, g].forEach(expectOrdered);
    expect(g.atr).toBeGreaterThan(a.atr);
    expect(h.barsUsed).toBe(120);
  });

  it('ignores impossible bars mixed into the history', () => {
    const daily = series({ days: 200, drift: 0.002, noise: 0.01, seed: 5 });
    const dirty = [
      ...daily,
      { ...daily[50]!, time: daily[50]!.time + 1, low: -1 },
      { ...daily[60]!, close: Number.NaN },
    ];
    const clean = daily.filter((_, i) => i !== 60);
    expect(dioneTerm(dirty, 150, SHORT_TERM)).toEqual(dioneTerm(clean, 150, SHORT_TERM));
  });

  it('uses the last close when the live price is unknown (-500 or 0)', () => {
    const daily = series({ days: 200, noise: 0.01 });
    expect(setup(dioneTerm(daily, -500, SHORT_TERM)).lastPrice).toBe(Math.round(last(daily) * 100) / 100);
    expect(setup(dioneTerm(daily, 0, SHORT_TERM)).lastPrice).toBe(Math.round(last(daily) * 100) / 100);
  });

  it('penny stocks keep enough decimals for distinct levels', () => {
    const daily = series({ days: 300, start: 0.0174, noise: 0.02, wave: 0.05, seed: 9 });
    const s = setup(dioneTerm(daily, last(daily), SHORT_TERM));
    expectOrdered(s);
    expect(s.decimals).toBe(4);
  });

  it('anchors the buy range on the nearest support within 2 ATRs under the price', () => {
    // A wave swinging between ~93 and ~107 leaves repeated pivot lows; the price is back near them.
    const daily = series({ days: 205, noise: 0.002, wave: 0.07, seed: 2 });
    const price = 96;
    const bars = termBars(daily, SHORT_TERM);
    const atr = workingAtr(bars, SHORT_TERM, price);
    const { supports } = supportResistance(bars, price, { strength: 3, tolerance: atr / 2, maxLevels: 8 });
    const anchor = supports.find((l) => l.price >= price - 2 * atr && l.price <= price - atr / 4);
    expect(anchor).toBeDefined();
    const s = setup(dioneTerm(daily, price, SHORT_TERM));
    expectOrdered(s);
    expect(s.buyLow).toBe(Math.round(anchor!.price * 100) / 100);
    expect(s.buyHigh).toBe(Math.round((anchor!.price + atr / 2) * 100) / 100);
  });

  it('moves with the market: doubling every price doubles every level', () => {
    const daily = series({ days: 400, drift: 0.001, noise: 0.012, wave: 0.03, seed: 21 });
    const doubled = daily.map((b) => ({
      ...b,
      open: b.open * 2,
      high: b.high * 2,
      low: b.low * 2,
      close: b.close * 2,
    }));
    for (const term of [SHORT_TERM, LONG_TERM]) {
      const one = setup(dioneTerm(daily, last(daily), term));
      const two = setup(dioneTerm(doubled, last(doubled), term));
      for (const key of ['buyLow', 'buyHigh', 'stopLoss', 'target1', 'target2'] as const) {
        expect(Math.abs(two[key] - 2 * one[key])).toBeLessThanOrEqual(0.02);
      }
      expect(two.rating).toBe(one.rating);
      expect(two.trend).toBe(one.trend);
    }
  });

  it('a higher live price lifts the buy range', () => {
    const daily = series({ days: 300, drift: 0.001, noise: 0.01, seed: 4 });
    const p = last(daily);
    const low = setup(dioneTerm(daily, p, SHORT_TERM));
    const high = setup(dioneTerm(daily, p * 1.2, SHORT_TERM));
    expect(high.buyLow).toBeGreaterThan(low.buyLow);
    expect(high.target2).toBeGreaterThan(low.target2);
  });

  it.each(Array.from({ length: 40 }, (_, i) => i + 100))('random walk seed %i: both terms ordered', (seed) => {
    const r = (seed % 7) / 1000 - 0.003;
    const daily = series({ days: 520, drift: r, noise: 0.005 + (seed % 5) / 100, wave: (seed % 3) / 50, seed });
    const { short, long } = dioneAnalysis(daily, last(daily) * (0.9 + (seed % 4) / 20));
    expectOrdered(setup(short));
    expectOrdered(setup(long));
  });
});
