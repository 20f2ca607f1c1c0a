import { etLocal, etToUtcMs, isoDate, parseIsoDate } from './new-york';

/**
 * The market's calendar as the product reads it, through `MarketDataProvider.calendar`: New York
 * dates and the fixed hour options expire at. The same for every provider (both follow NYSE).
 */
export interface MarketCalendar {
  /** The New York calendar date (YYYY-MM-DD) of an instant. */
  dateOf(at: Date | number): string;
  /**
   * When the options of an expiration date stop trading: 16:00 New York time on that date (epoch
   * ms); null when `expiration` is not a YYYY-MM-DD date.
   */
  expiryOf(expiration: string | null): number | null;
  /**
   * The instant of a New York wall time written 'YYYY-MM-D HH:m:s' (2-trading §9's cancel-by format;
   * zero padding optional, seconds optional); null when it is not a real date and time.
   */
  instantOf(wallTime: string): number | null;
}

export const newYorkCalendar: MarketCalendar = {
  dateOf: (at) => isoDate(etLocal(typeof at === 'number' ? at : at.getTime()).day),
  expiryOf(expiration) {
    const day = expiration ? parseIsoDate(expiration) : null;
    return day === null ? null : etToUtcMs(day, 16 * 60);
  },
  instantOf(wallTime) {
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/.exec(wallTime.trim());
    if (!m) return null;
    const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
    const day = parseIsoDate(`${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    if (day === null || h! > 23 || mi! > 59 || (s ?? 0) > 59) return null;
    return etToUtcMs(day, h! * 60 + mi!) + (Number.isNaN(s) ? 0 : s! * 1000);
  },
};
