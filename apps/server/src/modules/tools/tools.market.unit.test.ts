import { describe, expect, it } from 'vitest';
import { ASK_DRAT_MSG, MARKET_MSG } from '@drat/contracts';
import { isoDay } from '@drat/engine';
import { DomainError } from '../../core/errors';
import type { MarketDataProvider } from '../../providers/market/interface';
import { createSimMarket } from '../../providers/market/sim/index';
import { ProviderError } from '../../providers/provider-error';
import { newYorkCalendar } from '../../providers/market/calendar';
import { createToolsMarket } from './tools.market';

const WEDNESDAY_1030_NY = Date.parse('2026-03-04T15:30:00Z');
const DAY = 86_400_000;

/** The simulated market on a hand-moved wall clock, counting bars reads, failing while `down`. */
function market() {
  let wall = WEDNESDAY_1030_NY;
  let reads = 0;
  let down = false;
  const sim = createSimMarket({ seed: 'tools-market', speed: 1, alwaysOpen: false, wallClock: () => wall });
  const provider: MarketDataProvider = {
    ...sim,
    async bars(symbol, interval, from, to) {
      reads += 1;
      if (down) throw new ProviderError('tradier', 'TIMEOUT', 'slow', { path: '/markets/history', attempts: 2 });
      return sim.bars(symbol, interval, from, to);
    },
  };
  return {
    provider,
    advance: (ms: number) => (wall += ms),
    reads: () => reads,
    setDown: (v: boolean) => (down = v),
  };
}

describe('the tools market reader', () => {
  it('leaves today’s partial bar out and keeps about two years of completed sessions', async () => {
    const m = market();
    const tools = createToolsMarket(m.provider);
    const daily = await tools.dailyHistory('AAPL');
    const today = newYorkCalendar.dateOf(WEDNESDAY_1030_NY);
    expect(daily.every((b) => isoDay(b.time) < today)).toBe(true);
    expect(isoDay(daily.at(-1)!.time)).toBe('2026-03-03');
    expect(daily.length).toBeGreaterThan(480);
  });

  it('reads each ticker once per market day, shares a read in flight, and reads again the next day', async () => {
    const m = market();
    const tools = createToolsMarket(m.provider);
    await Promise.all([tools.dailyHistory('AAPL'), tools.dailyHistory('AAPL'), tools.snapshot('AAPL')]);
    expect(m.reads()).toBe(1);
    m.advance(DAY);
    await tools.dailyHistory('AAPL');
    expect(m.reads()).toBe(2);
  });

  it('keeps at most `capacity` histories', async () => {
    const m = market();
    const tools = createToolsMarket(m.provider, 2);
    for (const t of ['AAPL', 'MSFT', 'KO']) await tools.dailyHistory(t);
    expect(tools.cachedEntries()).toBe(2);
    await tools.dailyHistory('AAPL'); // dropped: read again
    expect(m.reads()).toBe(4);
  });

  it('a failed read becomes the service message and is not kept', async () => {
    const m = market();
    const tools = createToolsMarket(m.provider);
    m.setDown(true);
    const err = await tools.dailyHistory('AAPL').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'UNAVAILABLE', message: ASK_DRAT_MSG.serviceError });
    m.setDown(false);
    expect((await tools.dailyHistory('AAPL')).length).toBeGreaterThan(0);
  });

  it('an unknown ticker is a 400 naming it, before any bars are read', async () => {
    const m = market();
    const tools = createToolsMarket(m.provider);
    await expect(tools.snapshot('ZZZZQ')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MARKET_MSG.unknownTicker('ZZZZQ'),
    });
    expect(m.reads()).toBe(0);
  });

  it('live prices leave out tickers the market does not know', async () => {
    const tools = createToolsMarket(market().provider);
    const prices = await tools.livePrices(['AAPL', 'ZZZZQ']);
    expect([...prices.keys()]).toEqual(['AAPL']);
    expect(prices.get('AAPL')).toBeGreaterThan(0);
    expect((await tools.livePrices([])).size).toBe(0);
  });
});
