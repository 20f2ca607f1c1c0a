import { describe, expect, it } from 'vitest';
import { daySchedule, easter, isoDate, isTradingDay, parseIsoDate } from './calendar';
import {
  etLocal,
  etOffsetMinutes,
  etToUtcMs,
  marketClockAt,
  marketStateAt,
  simulatedTime,
  SIM_EPOCH_MS,
} from './clock';

const day = (s: string) => parseIsoDate(s)!;
/** An instant given as New York wall time. */
const ny = (date: string, hh: number, mm: number) => etToUtcMs(day(date), hh * 60 + mm);
const state = (ms: number) => marketStateAt(ms, false).state;

describe('NYSE calendar', () => {
  it('knows the 2026 holidays, with observed days', () => {
    const holidays = [
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ];
    const found: string[] = [];
    for (let d = day('2026-01-01'); d <= day('2026-12-31'); d++) {
      const w = new Date(d * 86_400_000).getUTCDay();
      if (w !== 0 && w !== 6 && !isTradingDay(d)) found.push(isoDate(d));
    }
    expect(found).toEqual(holidays);
  });

  it('applies the observed-day rules in other years', () => {
    expect(isTradingDay(day('2021-12-31'))).toBe(true); // New Year on a Saturday is not observed
    expect(isTradingDay(day('2022-01-17'))).toBe(false); // MLK
    expect(isTradingDay(day('2022-06-20'))).toBe(false); // Juneteenth on a Sunday → Monday
    expect(isTradingDay(day('2021-06-18'))).toBe(true); // before Juneteenth was a market holiday
    expect(isTradingDay(day('2021-12-24'))).toBe(false); // Christmas on a Saturday → Friday
    expect(isTradingDay(day('2023-01-02'))).toBe(false); // New Year on a Sunday → Monday
    expect(isTradingDay(day('2025-01-09'))).toBe(false); // national day of mourning
    expect(isTradingDay(day('2026-11-27'))).toBe(true); // day after Thanksgiving trades (early close)
  });

  it('computes Easter', () => {
    expect(isoDate(easter(2024))).toBe('2024-03-31');
    expect(isoDate(easter(2025))).toBe('2025-04-20');
    expect(isoDate(easter(2026))).toBe('2026-04-05');
    expect(isoDate(easter(2027))).toBe('2027-03-28');
  });

  it('closes at 13:00 on the early-close days', () => {
    expect(daySchedule(day('2026-11-27'))?.close).toBe(13 * 60);
    expect(daySchedule(day('2026-12-24'))?.close).toBe(13 * 60);
    expect(daySchedule(day('2025-07-03'))?.close).toBe(13 * 60);
    expect(daySchedule(day('2026-07-02'))?.close).toBe(16 * 60); // July 4 on a Saturday: July 3 is the holiday
    expect(daySchedule(day('2026-11-26'))).toBeNull();
  });
});

describe('New York time', () => {
  it('follows daylight saving time', () => {
    expect(etOffsetMinutes(Date.UTC(2026, 0, 15, 12))).toBe(-300);
    expect(etOffsetMinutes(Date.UTC(2026, 6, 15, 12))).toBe(-240);
    // 2026-03-08: 02:00 EST → 03:00 EDT (07:00 UTC); 2026-11-01: 02:00 EDT → 01:00 EST (06:00 UTC).
    expect(etOffsetMinutes(Date.UTC(2026, 2, 8, 6, 59))).toBe(-300);
    expect(etOffsetMinutes(Date.UTC(2026, 2, 8, 7, 0))).toBe(-240);
    expect(etOffsetMinutes(Date.UTC(2026, 10, 1, 5, 59))).toBe(-240);
    expect(etOffsetMinutes(Date.UTC(2026, 10, 1, 6, 0))).toBe(-300);
  });

  it('converts wall times both ways', () => {
    expect(new Date(ny('2026-03-06', 9, 30)).toISOString()).toBe('2026-03-06T14:30:00.000Z');
    expect(new Date(ny('2026-03-09', 9, 30)).toISOString()).toBe('2026-03-09T13:30:00.000Z');
    expect(new Date(ny('2026-10-30', 16, 0)).toISOString()).toBe('2026-10-30T20:00:00.000Z');
    expect(new Date(ny('2026-11-02', 16, 0)).toISOString()).toBe('2026-11-02T21:00:00.000Z');
    expect(etLocal(Date.UTC(2026, 6, 1, 3, 30))).toEqual({ day: day('2026-06-30'), minute: 23 * 60 + 30 });
  });
});

describe('market clock', () => {
  it('moves premarket → open at 09:30 and open → postmarket at 16:00 → closed at 20:00', () => {
    const d = '2026-03-10';
    expect(state(ny(d, 3, 59))).toBe('closed');
    expect(state(ny(d, 4, 0))).toBe('premarket');
    expect(state(ny(d, 9, 29) + 59_999)).toBe('premarket');
    expect(state(ny(d, 9, 30))).toBe('open');
    expect(state(ny(d, 15, 59) + 59_999)).toBe('open');
    expect(state(ny(d, 16, 0))).toBe('postmarket');
    expect(state(ny(d, 19, 59))).toBe('postmarket');
    expect(state(ny(d, 20, 0))).toBe('closed');
    const pre = marketClockAt(ny(d, 8, 0), false);
    expect(pre).toMatchObject({ state: 'premarket', next_state: 'open', next_change: '2026-03-10T13:30:00.000Z' });
    expect(marketClockAt(ny(d, 12, 0), false)).toMatchObject({
      next_state: 'postmarket',
      next_change: '2026-03-10T20:00:00.000Z',
    });
  });

  it('is closed on weekends and holidays, and names the next pre-market', () => {
    const sat = marketClockAt(ny('2026-03-07', 12, 0), false);
    expect(sat).toMatchObject({ state: 'closed', next_state: 'premarket', next_change: '2026-03-09T08:00:00.000Z' });
    expect(state(ny('2026-11-26', 10, 0))).toBe('closed'); // Thanksgiving
    expect(marketClockAt(ny('2026-11-25', 21, 0), false).next_change).toBe('2026-11-27T09:00:00.000Z');
    expect(state(ny('2026-04-03', 11, 0))).toBe('closed'); // Good Friday
  });

  it('handles the DST change weeks', () => {
    // The Friday before spring-forward opens at 14:30 UTC, the Monday after at 13:30 UTC.
    expect(state(Date.UTC(2026, 2, 6, 14, 29))).toBe('premarket');
    expect(state(Date.UTC(2026, 2, 6, 14, 30))).toBe('open');
    expect(state(Date.UTC(2026, 2, 9, 13, 29))).toBe('premarket');
    expect(state(Date.UTC(2026, 2, 9, 13, 30))).toBe('open');
    expect(marketClockAt(Date.UTC(2026, 2, 7, 12), false).next_change).toBe('2026-03-09T08:00:00.000Z');
    // Fall back: Friday closes at 20:00 UTC, Monday at 21:00 UTC.
    expect(state(Date.UTC(2026, 9, 30, 19, 59))).toBe('open');
    expect(state(Date.UTC(2026, 9, 30, 20, 0))).toBe('postmarket');
    expect(state(Date.UTC(2026, 10, 2, 20, 59))).toBe('open');
    expect(state(Date.UTC(2026, 10, 2, 21, 0))).toBe('postmarket');
  });

  it('closes early on the day after Thanksgiving', () => {
    expect(state(ny('2026-11-27', 12, 59))).toBe('open');
    expect(state(ny('2026-11-27', 13, 0))).toBe('postmarket');
    expect(state(ny('2026-11-27', 17, 0))).toBe('closed');
  });

  it('says open at any hour when always open', () => {
    for (const ms of [ny('2026-03-07', 3, 0), ny('2026-11-26', 23, 0), ny('2026-03-10', 12, 0)]) {
      const c = marketClockAt(ms, true);
      expect(c.state).toBe('open');
      expect(Date.parse(c.next_change)).toBeGreaterThan(ms);
    }
  });
});

describe('simulated time', () => {
  it('runs from a fixed anchor at the configured speed', () => {
    expect(simulatedTime(SIM_EPOCH_MS + 1000, 1)).toBe(SIM_EPOCH_MS + 1000);
    expect(simulatedTime(SIM_EPOCH_MS + 1000, 60)).toBe(SIM_EPOCH_MS + 60_000);
    expect(simulatedTime(SIM_EPOCH_MS, 500)).toBe(SIM_EPOCH_MS);
    const wall = Date.UTC(2026, 5, 1);
    expect(simulatedTime(wall, 2) - simulatedTime(wall - 1000, 2)).toBe(2000);
  });
});
