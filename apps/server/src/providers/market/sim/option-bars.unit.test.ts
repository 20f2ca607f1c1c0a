import { describe, expect, it } from 'vitest';
import { createSimMarket } from './index';

const TUESDAY = Date.UTC(2026, 2, 10, 18, 0); // 14:00 ET

function market(wall = TUESDAY) {
  return createSimMarket({ seed: 'drat', speed: 1, alwaysOpen: false, wallClock: () => wall });
}

describe('simulated option minute bars (by OCC symbol)', () => {
  it('price a listed contract minute by minute, agreeing with its quote', async () => {
    const m = market();
    const [expiration] = await m.optionExpirations('AAPL');
    const chain = await m.optionChain('AAPL', expiration!);
    const call = chain.find((o) => o.option_type === 'call' && o.last > 1)!;
    const from = new Date(TUESDAY - 60 * 60_000);
    const bars = await m.bars(call.symbol, '1min', from, new Date(TUESDAY));
    expect(bars.length).toBe(60);
    for (const b of bars) {
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
      expect(b.low).toBeGreaterThan(0);
    }
    // The last minute's close is within a few cents of the quote's theoretical price.
    expect(Math.abs(bars[bars.length - 1]!.close - call.last)).toBeLessThan(Math.max(0.05, call.last * 0.02));
  });

  it('a call moves with the underlying, a put against it', async () => {
    const m = market();
    const [expiration] = await m.optionExpirations('MSFT');
    const chain = await m.optionChain('MSFT', expiration!);
    const off = (d: number) => Math.abs(Math.abs(d) - 0.5);
    const atm = chain.reduce((best, o) => (off(o.greeks.delta) < off(best.greeks.delta) ? o : best));
    const strike = atm.strike;
    const call = chain.find((o) => o.strike === strike && o.option_type === 'call')!;
    const put = chain.find((o) => o.strike === strike && o.option_type === 'put')!;
    const from = new Date(TUESDAY - 120 * 60_000);
    const to = new Date(TUESDAY);
    const [u, c, p] = await Promise.all([
      m.bars('MSFT', '1min', from, to),
      m.bars(call.symbol, '1min', from, to),
      m.bars(put.symbol, '1min', from, to),
    ]);
    expect(c.length).toBe(u.length);
    let same = 0;
    let opposite = 0;
    let moves = 0;
    for (let i = 1; i < u.length; i++) {
      const du = u[i]!.close - u[i - 1]!.close;
      if (Math.abs(du) < 0.02) continue;
      moves += 1;
      if (Math.sign(c[i]!.close - c[i - 1]!.close) === Math.sign(du)) same += 1;
      if (Math.sign(p[i]!.close - p[i - 1]!.close) === -Math.sign(du)) opposite += 1;
    }
    expect(moves).toBeGreaterThan(20);
    expect(same / moves).toBeGreaterThan(0.9);
    expect(opposite / moves).toBeGreaterThan(0.9);
  });

  it('gives nothing for unknown roots, malformed symbols, other intervals or after expiry', async () => {
    const m = market();
    const from = new Date(TUESDAY - 30 * 60_000);
    const to = new Date(TUESDAY);
    expect(await m.bars('ZZZZ260320C00100000', '1min', from, to)).toEqual([]);
    expect(await m.bars('AAPL26032', '1min', from, to)).toEqual([]);
    const [expiration] = await m.optionExpirations('AAPL');
    const [o] = await m.optionChain('AAPL', expiration!);
    expect(await m.bars(o!.symbol, '5min', from, to)).toEqual([]);
    const expired = 'AAPL260220C00200000'; // 2026-02-20, before TUESDAY
    expect(await m.bars(expired, '1min', from, to)).toEqual([]);
  });
});
