/**
 * The simulated market's headlines on clocks of the test's: nothing after the market's present,
 * no movers on a weekend, events only on days the market traded, each company's offering, split,
 * FDA or NFT news once, and the same news for the same market and time.
 */
import { describe, expect, it } from 'vitest';
import { createSimMarket } from '../market/sim/index';
import { isTradingDay } from '../market/sim/calendar';
import { parseIsoDate } from '../market/new-york';
import { createSimNews } from './sim';

const at = (iso: string) => {
  const market = createSimMarket({ seed: 'drat-test', speed: 1, alwaysOpen: false, wallClock: () => Date.parse(iso) });
  return { market, news: createSimNews({ market }) };
};

describe('the simulated news', () => {
  it('on-a-saturday-no-movers-and-every-event-on-a-day-the-market-traded', async () => {
    const { market, news } = at('2026-11-28T20:00:00Z');
    const articles = await news.latest(1000);
    expect(articles.length).toBeGreaterThan(20);
    expect(articles.filter((a) => /^sim-(move|halt)-/.test(a.id))).toEqual([]);
    for (const a of articles) {
      expect(a.publishedAt.getTime()).toBeLessThanOrEqual(market.now().getTime());
      expect(isTradingDay(parseIsoDate(market.calendar.dateOf(a.publishedAt))!), a.id).toBe(true);
    }
    // Thanksgiving (Thursday 26 November) had no market: no news drawn for it.
    expect(articles.some((a) => a.id.endsWith('2026-11-26'))).toBe(false);
  });

  it('in-a-session-movers-are-written-and-the-same-time-gives-the-same-news', async () => {
    const first = await at('2026-11-24T18:00:00Z').news.latest(1000);
    const again = await at('2026-11-24T18:00:00Z').news.latest(1000);
    expect(again.map((a) => a.id)).toEqual(first.map((a) => a.id));
    expect(first.some((a) => a.id.startsWith('sim-move-'))).toBe(true);
    expect(new Set(first.map((a) => a.id)).size).toBe(first.length);
    const once = first
      .filter((a) => /^sim-(offering|split|fda|nft)-/.test(a.id))
      .map((a) => a.id.replace(/-\d{4}-\d{2}-\d{2}$/, ''));
    expect(new Set(once).size).toBe(once.length);
  });
});
