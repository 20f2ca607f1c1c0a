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
}

export const newYorkCalendar: MarketCalendar = {
  dateOf: (at) => isoDate(etLocal(typeof at === 'number' ? at : at.getTime()).day),
  expiryOf(expiration) {
    const day = expiration ? parseIsoDate(expiration) : null;
    return day === null ? null : etToUtcMs(day, 16 * 60);
  },
};
