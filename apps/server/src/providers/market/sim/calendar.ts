/**
 * The NYSE trading calendar, rule-based: weekends, the exchange holidays with their observed-day
 * rules, Good Friday from the date of Easter, a few one-off closures, and the 13:00 early closes.
 * Dates are "day numbers": whole days since 1970-01-01 of a calendar date (no time zone).
 */
import { dateParts, dayNumber, parseIsoDate } from '../new-york';

export { dateParts, DAY_MS, dayNumber, isoDate, MINUTE_MS, parseIsoDate } from '../new-york';

/** Minutes after midnight ET. */
export const PRE_OPEN = 4 * 60;
export const REGULAR_OPEN = 9 * 60 + 30;
export const REGULAR_CLOSE = 16 * 60;
export const EARLY_CLOSE = 13 * 60;
/** Extended hours last four hours after the close (20:00 on a normal day). */
export const POST_LENGTH = 4 * 60;

export interface DaySchedule {
  /** Minutes after midnight ET: pre-market start, regular open, regular close, post-market end. */
  pre: number;
  open: number;
  close: number;
  post: number;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The n-th (1-based) given weekday of a month; n = -1 for the last one. */
export function nthWeekday(year: number, month: number, dow: number, n: number): number {
  if (n > 0) {
    const first = dayNumber(year, month, 1);
    return first + ((dow - weekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayNumber(year, month + 1, 1) - 1;
  return last - ((weekday(last) - dow + 7) % 7);
}

/** Easter Sunday (anonymous Gregorian algorithm). */
export function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, dayOfMonth);
}

/** Saturday → the Friday before, Sunday → the Monday after. */
function observed(day: number): number {
  const w = weekday(day);
  return w === 6 ? day - 1 : w === 0 ? day + 1 : day;
}

/** One-off closures (national days of mourning, September 11, Hurricane Sandy). */
const SPECIAL_CLOSURES = [
  '2001-09-11',
  '2001-09-12',
  '2001-09-13',
  '2001-09-14',
  '2004-06-11',
  '2007-01-02',
  '2012-10-29',
  '2012-10-30',
  '2018-12-05',
  '2025-01-09',
];

interface YearCalendar {
  holidays: Set<number>;
  earlyCloses: Set<number>;
}

const years = new Map<number, YearCalendar>();

function yearCalendar(year: number): YearCalendar {
  let cal = years.get(year);
  if (cal) return cal;
  const holidays = new Set<number>();
  // New Year's Day: Sunday → Monday; on a Saturday it is not observed (NYSE rule 7.2).
  const newYear = dayNumber(year, 1, 1);
  if (weekday(newYear) !== 6) holidays.add(observed(newYear));
  if (year >= 1998) holidays.add(nthWeekday(year, 1, 1, 3)); // Martin Luther King Jr. Day
  holidays.add(nthWeekday(year, 2, 1, 3)); // Washington's Birthday
  holidays.add(easter(year) - 2); // Good Friday
  holidays.add(nthWeekday(year, 5, 1, -1)); // Memorial Day
  if (year >= 2022) holidays.add(observed(dayNumber(year, 6, 19))); // Juneteenth
  holidays.add(observed(dayNumber(year, 7, 4))); // Independence Day
  holidays.add(nthWeekday(year, 9, 1, 1)); // Labor Day
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  holidays.add(thanksgiving);
  holidays.add(observed(dayNumber(year, 12, 25))); // Christmas
  for (const s of SPECIAL_CLOSURES) if (s.startsWith(String(year))) holidays.add(parseIsoDate(s)!);

  const earlyCloses = new Set<number>();
  const july4 = dayNumber(year, 7, 4);
  if (weekday(july4) >= 2 && weekday(july4) <= 5) earlyCloses.add(july4 - 1);
  earlyCloses.add(thanksgiving + 1);
  const christmasEve = dayNumber(year, 12, 24);
  if (weekday(christmasEve) >= 1 && weekday(christmasEve) <= 4) earlyCloses.add(christmasEve);
  for (const d of holidays) earlyCloses.delete(d);
  cal = { holidays, earlyCloses };
  if (years.size > 1000) years.clear();
  years.set(year, cal);
  return cal;
}

export function isHoliday(day: number): boolean {
  return yearCalendar(dateParts(day).year).holidays.has(day);
}

export function isTradingDay(day: number): boolean {
  const w = weekday(day);
  return w !== 0 && w !== 6 && !isHoliday(day);
}

const NORMAL_DAY: DaySchedule = {
  pre: PRE_OPEN,
  open: REGULAR_OPEN,
  close: REGULAR_CLOSE,
  post: REGULAR_CLOSE + POST_LENGTH,
};
const SHORT_DAY: DaySchedule = {
  pre: PRE_OPEN,
  open: REGULAR_OPEN,
  close: EARLY_CLOSE,
  post: EARLY_CLOSE + POST_LENGTH,
};

/** The session times of a day in minutes after midnight ET, or null when the market is closed all day. */
export function daySchedule(day: number): DaySchedule | null {
  if (!isTradingDay(day)) return null;
  return yearCalendar(dateParts(day).year).earlyCloses.has(day) ? SHORT_DAY : NORMAL_DAY;
}

/** The latest trading day on or before `day`. */
export function tradingDayOnOrBefore(day: number): number {
  let d = day;
  while (!isTradingDay(d)) d--;
  return d;
}

/** The first trading day strictly after `day`. */
export function nextTradingDay(day: number): number {
  let d = day + 1;
  while (!isTradingDay(d)) d++;
  return d;
}
