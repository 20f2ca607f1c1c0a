import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './days';

describe('isCalendarDay', () => {
  it('takes-real-days-and-refuses-impossible-ones-postgresql-would-refuse', () => {
    expect(['2026-02-28', '2024-02-29', '0001-01-01', '9999-12-31'].filter(isCalendarDay)).toHaveLength(4);
    const refused = ['2026-02-30', '2026-04-31', '2025-02-29', '0000-01-01', '2026-13-01', '2026-1-01', '', 'x'];
    expect(refused.filter(isCalendarDay)).toEqual([]);
  });
});
