import { describe, expect, it } from 'vitest';
import { limitReached } from '@drat/engine';
import { newYorkCalendar } from './calendar';

/**
 * A bot's daily limit counts New York days (docs/bot-rules.md): the day of a trade is the market
 * calendar's date of the moment it was taken, whatever the UTC date is.
 */
describe("the market calendar's New York dates", () => {
  it('a-trade-at-23:30-in-new-york-counts-for-that-new-york-day-and-the-next-starts-at-midnight-there', () => {
    // 23:30 on 27 November in New York (EST, UTC-5) is already 28 November in UTC.
    const late = Date.UTC(2026, 10, 28, 4, 30);
    expect(newYorkCalendar.dateOf(late)).toBe('2026-11-27');
    expect(newYorkCalendar.dateOf(Date.UTC(2026, 10, 28, 5, 0))).toBe('2026-11-28');
    // In summer (EDT, UTC-4) midnight in New York is 04:00 UTC.
    expect(newYorkCalendar.dateOf(Date.UTC(2026, 6, 15, 3, 59))).toBe('2026-07-14');
    expect(newYorkCalendar.dateOf(Date.UTC(2026, 6, 15, 4, 0))).toBe('2026-07-15');

    // A bot with a daily limit of 1 took a trade at 23:30: a second at 23:45 is refused, one at
    // 00:15 the next New York day is not.
    const capital = { amountPerTrade: 1000, maxTrades: 10, maxTotal: 10_000, dailyLimit: 1 };
    const taken = { days: [newYorkCalendar.dateOf(late)] };
    expect(limitReached(capital, taken, newYorkCalendar.dateOf(late + 15 * 60_000))).toBe(
      'your daily limit of 1 trade is reached for 2026-11-27 (New York)',
    );
    expect(limitReached(capital, taken, newYorkCalendar.dateOf(late + 45 * 60_000))).toBeNull();
  });
});
