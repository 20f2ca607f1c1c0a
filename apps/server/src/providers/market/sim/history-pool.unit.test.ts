import { afterAll, describe, expect, it } from 'vitest';
import { createSimMarket } from './index';

/**
 * The history helper thread (history-pool.ts) makes part of a long history beside the main thread:
 * the bars are the ones the main thread alone makes, whichever thread made each day, and when the
 * helper is gone the main thread makes them all.
 */
const NOW = Date.UTC(2026, 5, 15, 17, 0);
const DAY = 86_400_000;
const options = { seed: 'drat', speed: 1, alwaysOpen: true, wallClock: () => NOW };
const helped = createSimMarket({ ...options, historyHelper: true });
const alone = createSimMarket(options);
afterAll(async () => {
  await helped.history?.close();
});

describe('the history helper thread', () => {
  it('makes-part-of-a-years-hourly-bars-and-they-are-the-bars-the-main-thread-makes', async () => {
    expect(await helped.history!.ready).toBe(true);
    const from = new Date(NOW - 365 * DAY);
    const to = new Date(NOW);
    for (const ticker of ['MSFT', 'AAPL']) {
      const mine = await alone.bars(ticker, '1hr', from, to);
      expect(mine.length).toBeGreaterThan(365 * 24 - 24);
      expect(await helped.bars(ticker, '1hr', from, to)).toEqual(mine);
    }
    expect(helped.history!.helped).toBeGreaterThan(0);
    expect(helped.history!.helped).toBeLessThan(2 * 365);
    // Kept: asked again, nothing is made; another bucket size is another history.
    const before = helped.history!.helped;
    await helped.bars('MSFT', '1hr', from, to);
    expect(helped.history!.helped).toBe(before);
    expect(await helped.bars('MSFT', '4hr', from, to)).toEqual(await alone.bars('MSFT', '4hr', from, to));
    expect(helped.history!.helped).toBeGreaterThan(before);
  });

  it('when-the-helper-is-gone-the-main-thread-makes-every-day', async () => {
    await helped.history!.close();
    const before = helped.history!.helped;
    const from = new Date(NOW - 120 * DAY);
    const to = new Date(NOW);
    expect(await helped.bars('NVDA', '1hr', from, to)).toEqual(await alone.bars('NVDA', '1hr', from, to));
    expect(helped.history!.helped).toBe(before);
  });
});
