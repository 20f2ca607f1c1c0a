import { INTERVALS, SECTORS, type Interval } from '@drat/contracts';
import { describe, expect, it } from 'vitest';
import { parseOcc } from '@drat/engine';
import { simBars } from './bars';
import { createSimMarket, SIM_EPOCH_MS } from './index';
import { simOptionMinuteBars } from './option-bars';

const SATURDAY = Date.UTC(2026, 2, 7, 16, 0); // 11:00 ET
const TUESDAY = Date.UTC(2026, 2, 10, 15, 0, 12, 345); // 11:00:12.345 ET

function market(wall: number, options: { alwaysOpen?: boolean; speed?: number; seed?: string } = {}) {
  let now = wall;
  const m = createSimMarket({
    seed: options.seed ?? 'drat',
    speed: options.speed ?? 1,
    alwaysOpen: options.alwaysOpen ?? false,
    wallClock: () => now,
  });
  return Object.assign(m, { setWall: (ms: number) => (now = ms) });
}

/** What `work` answers, and how many turns other work had on the event loop while it ran. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const other = () => {
    if (!running) return;
    turns += 1;
    setImmediate(other);
  };
  setImmediate(other);
  const result = await work();
  running = false;
  return { result, turns };
}

describe('simulated market provider', () => {
  it('gives every node the same quotes, bars and options at the same wall time', async () => {
    const a = market(TUESDAY);
    const b = market(TUESDAY);
    const symbols = await a.universe();
    expect(await b.quotes(symbols)).toEqual(await a.quotes(symbols));
    const from = new Date(TUESDAY - 3 * 86_400_000);
    const to = new Date(TUESDAY);
    for (const interval of INTERVALS)
      expect(await b.bars('QQQ', interval, from, to)).toEqual(await a.bars('QQQ', interval, from, to));
    const [e] = await a.optionExpirations('TSLA');
    expect(await b.optionChain('TSLA', e!)).toEqual(await a.optionChain('TSLA', e!));
    expect(await b.clock()).toEqual(await a.clock());
  }, 30_000);

  it('makes a week of intraday bars a day at a time, letting other work run between days, with the bars of one piece', async () => {
    // A turn before every day (barsTurnMs 0), so that the turns can be counted.
    const m = createSimMarket({ seed: 'drat', speed: 1, alwaysOpen: false, wallClock: () => TUESDAY, barsTurnMs: 0 });
    // The bars of the whole span in one piece, from a market of its own (nothing made by the other kept).
    const fresh = market(TUESDAY);
    const [expiration] = await m.optionExpirations('AAPL');
    const contract = (await m.optionChain('AAPL', expiration!)).find((o) => o.option_type === 'call')!.symbol;
    const from = TUESDAY - 7 * 86_400_000;
    const occ = parseOcc(contract)!;
    const aapl = fresh.engine.state('AAPL')!;
    const whole = {
      option: simOptionMinuteBars(fresh.engine, aapl, occ, from, TUESDAY, TUESDAY),
      '1min': simBars(fresh.engine, aapl, '1min', from, TUESDAY, TUESDAY),
      '15min': simBars(fresh.engine, aapl, '15min', from, TUESDAY, TUESDAY),
    };
    for (const [name, bars] of Object.entries(whole)) {
      const { result: got, turns } = await turnsDuring(() =>
        m.bars(
          name === 'option' ? contract : 'AAPL',
          name === 'option' ? '1min' : (name as Interval),
          new Date(from),
          new Date(TUESDAY),
        ),
      );
      expect(got, name).toEqual(bars);
      expect(bars.length, name).toBeGreaterThan(name === '15min' ? 50 : 1000);
      // Eight UTC days in the span: the other work ran between each of them.
      expect(turns, name).toBeGreaterThanOrEqual(7);
    }
    // One day's bars after another's, as a caller asks for symbol after symbol: a turn for each
    // (awaiting a call that took none would give the event loop none).
    const { turns } = await turnsDuring(async () => {
      for (const symbol of ['AAPL', 'MSFT', 'SPY'])
        await m.bars(symbol, '1min', new Date(TUESDAY - 3_600_000), new Date(TUESDAY));
    });
    expect(turns).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it('quotes known symbols in the order asked, case-insensitively, and omits unknown ones', async () => {
    const m = market(TUESDAY);
    const quotes = await m.quotes(['msft', 'NOPE', 'SPY', '', 'brk.b', 'AABB']);
    expect(quotes.map((q) => q.symbol)).toEqual(['MSFT', 'SPY', 'BRK.B', 'AABB']);
    expect(quotes[0]).toMatchObject({ name: 'Microsoft Corporation', at: new Date(TUESDAY).toISOString() });
    expect(await m.company('nope')).toBeNull();
    expect(await m.bars('NOPE', '1day', new Date(0), new Date(TUESDAY))).toEqual([]);
    expect(await m.bars('AAPL', '3min' as Interval, new Date(TUESDAY - 3_600_000), new Date(TUESDAY))).toEqual([]);
    expect(await m.health()).toBe(true);
    expect(m.name).toBe('sim');
  });

  it('describes companies from the universe', async () => {
    const m = market(TUESDAY);
    const symbols = await m.universe();
    expect(symbols.length).toBeGreaterThanOrEqual(150);
    const companies = await Promise.all(symbols.map((s) => m.company(s)));
    const sectors = new Set(companies.map((c) => c!.sector));
    for (const s of SECTORS) expect(sectors).toContain(s);
    expect(sectors).toContain('ETF');
    expect(await m.company('aapl')).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      sector: 'Technology',
      exchange: 'NASDAQ',
      type: 'stock',
      optionable: true,
    });
    expect(await m.company('SPY')).toMatchObject({ sector: 'ETF', type: 'etf' });
    expect(await m.company('FNMA')).toMatchObject({
      sector: 'Financial',
      type: 'otc',
      exchange: 'OTC',
      optionable: false,
    });
  });

  it('runs simulated time from the fixed anchor at SIM_SPEED', async () => {
    const wall = SIM_EPOCH_MS + 10 * 86_400_000;
    const fast = market(wall, { speed: 60 });
    expect(fast.now().getTime()).toBe(SIM_EPOCH_MS + 600 * 86_400_000);
    fast.setWall(wall + 1000);
    expect(fast.now().getTime()).toBe(SIM_EPOCH_MS + 600 * 86_400_000 + 60_000);
    const [q] = await fast.quotes(['AAPL']);
    expect(q!.at).toBe(fast.now().toISOString());
    expect(market(wall).now().getTime()).toBe(wall);
  });

  it('moves prices through the regular session', async () => {
    const m = market(TUESDAY);
    const seen = new Set<number>();
    for (let k = 0; k < 30; k++) {
      m.setWall(TUESDAY + k * 5000);
      seen.add((await m.quotes(['SPY']))[0]!.last);
    }
    expect(seen.size).toBeGreaterThan(5);
  });

  it('stands still on a weekend in NYSE hours, and moves at any hour when always open', async () => {
    const closed = market(SATURDAY);
    const open = market(SATURDAY, { alwaysOpen: true });
    expect((await closed.clock()).state).toBe('closed');
    expect((await open.clock()).state).toBe('open');
    const lasts = { closed: new Set<number>(), open: new Set<number>() };
    for (let k = 0; k < 30; k++) {
      closed.setWall(SATURDAY + k * 60_000);
      open.setWall(SATURDAY + k * 60_000);
      lasts.closed.add((await closed.quotes(['AAPL']))[0]!.last);
      lasts.open.add((await open.quotes(['AAPL']))[0]!.last);
    }
    expect(lasts.closed.size).toBe(1);
    expect(lasts.open.size).toBeGreaterThan(10);
    const bars = await open.bars('AAPL', '1min', new Date(SATURDAY - 3_600_000), new Date(SATURDAY));
    expect(bars.length).toBe(60);
    expect(await closed.bars('AAPL', '1min', new Date(SATURDAY - 3_600_000), new Date(SATURDAY))).toEqual([]);
  });
});
