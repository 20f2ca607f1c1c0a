/**
 * New York time, as the US markets keep it: calendar dates as "day numbers" (whole days since
 * 1970-01-01, no time zone), the America/New_York offset (DST included) from Intl.DateTimeFormat,
 * and the conversions between instants and New York wall times. Pure: every function takes the
 * instant or date it is asked about. Both market providers' calendars are built on it.
 */

const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

export function dateParts(day: number): { year: number; month: number; day: number } {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** YYYY-MM-DD of a day number. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of a YYYY-MM-DD date, or null when it is not a real date. */
export function parseIsoDate(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const day = dayNumber(Number(m[1]), Number(m[2]), Number(m[3]));
  return isoDate(day) === s ? day : null;
}

const nyParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

const offsets = new Map<number, number>();

/** New York's offset from UTC in minutes at an instant (−300 in winter, −240 in summer). */
export function etOffsetMinutes(ms: number): number {
  // Offsets change only on whole UTC hours, so one look-up per hour is exact.
  const hour = Math.floor(ms / HOUR_MS);
  let off = offsets.get(hour);
  if (off === undefined) {
    const p: Record<string, number> = {};
    for (const part of nyParts.formatToParts(new Date(hour * HOUR_MS))) {
      if (part.type !== 'literal') p[part.type] = Number(part.value);
    }
    const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
    off = Math.round((local - hour * HOUR_MS) / MINUTE_MS);
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(hour, off);
  }
  return off;
}

/** The New York calendar day (day number) and minute of that day at an instant. */
export function etLocal(ms: number): { day: number; minute: number } {
  const localMinutes = Math.floor(ms / MINUTE_MS) + etOffsetMinutes(ms);
  const day = Math.floor(localMinutes / 1440);
  return { day, minute: localMinutes - day * 1440 };
}

/** The instant of a New York wall time (day number, minute of the day). */
export function etToUtcMs(day: number, minute: number): number {
  const local = day * DAY_MS + minute * MINUTE_MS;
  const guess = local - etOffsetMinutes(local + 5 * HOUR_MS) * MINUTE_MS;
  return local - etOffsetMinutes(guess) * MINUTE_MS;
}
