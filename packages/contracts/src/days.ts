/**
 * A day as the API takes it: YYYY-MM-DD, a real calendar day (not 2026-02-30), from year 1 on
 * (PostgreSQL has no year 0). One check for every date field.
 */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s < '0001-01-01') return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
