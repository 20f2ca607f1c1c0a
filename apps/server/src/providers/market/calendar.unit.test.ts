import { describe, expect, it } from 'vitest';
import { newYorkCalendar } from './calendar';

describe('the New York calendar', () => {
  it('reads a cancel-by time in New York wall time, winter and summer', () => {
    // 2-trading §9 writes it 'YYYY-MM-D HH:m:s', without zero padding.
    expect(newYorkCalendar.instantOf('2026-11-24 15:30:00')).toBe(Date.UTC(2026, 10, 24, 20, 30));
    expect(newYorkCalendar.instantOf('2026-7-4 9:5:7')).toBe(Date.UTC(2026, 6, 4, 13, 5, 7));
    expect(newYorkCalendar.instantOf('2026-07-04 09:05')).toBe(Date.UTC(2026, 6, 4, 13, 5));
  });

  it('refuses what is not a real date and time', () => {
    for (const bad of ['2026-02-30 10:00:00', '2026-11-24 24:00:00', '2026-11-24 10:60:00', 'tomorrow', '']) {
      expect(newYorkCalendar.instantOf(bad), bad).toBeNull();
    }
  });

  it('an expiration date stops trading at 16:00 New York time', () => {
    expect(newYorkCalendar.expiryOf('2026-12-18')).toBe(Date.UTC(2026, 11, 18, 21, 0));
  });
});
