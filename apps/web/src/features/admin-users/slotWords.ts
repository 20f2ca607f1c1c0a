import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import type { SlotDto, slotEditBody } from '@drat/contracts';

/**
 * The trade-challenge slot table's pure parts (3-bots-admin-public §2.3, §3 "Trade-challenge slot",
 * §5 "Slot edit"): the edit form's values and body, and where each count-down stands.
 */

/** What the Edit slots form holds (the dates as the date pickers give them). */
export interface SlotValues {
  remaining_slots?: number | null;
  count_down_start_date?: Dayjs | null;
  count_down_end_date?: Dayjs | null;
  rate_of_deduction_in_hours?: number | null;
  deduction_value?: number | null;
}

/**
 * The form's first values: the places offered and the count-down as they are. An edit sets the
 * places offered and left alike, then takes at once every deduction due since the count-down's
 * start, so saving without a change leaves the slot as it was.
 */
export const slotNumbersOf = (slot: SlotDto) => ({
  remaining_slots: slot.remaining_slots,
  rate_of_deduction_in_hours: slot.rate_of_deduction_in_hours,
  deduction_value: slot.deduction_value,
});

/** The body of POST /payments/slots/edit/{id}/ (§7): a cleared number is absent, a cleared date null. */
export function slotBody(id: number, values: SlotValues): z.input<typeof slotEditBody> {
  return {
    id,
    remaining_slots: values.remaining_slots ?? undefined,
    count_down_start_date: values.count_down_start_date?.toISOString() ?? null,
    count_down_end_date: values.count_down_end_date?.toISOString() ?? null,
    rate_of_deduction_in_hours: values.rate_of_deduction_in_hours ?? 0,
    deduction_value: values.deduction_value ?? 0,
  };
}

/** Where a slot's count-down stands at `now`, as the server's count-down job takes its deductions. */
export type CountDown =
  | { kind: 'off' }
  | { kind: 'waiting'; starts: Date }
  | { kind: 'running'; next: Date }
  | { kind: 'ended'; at: Date | null };

const HOUR = 3_600_000;

/**
 * A count-down runs from its start while it has a rate and a deduction: every rate hours after the
 * start it takes the deduction (never below 0), until its end when it has one.
 */
export function countDownOf(slot: SlotDto, now: Date): CountDown {
  const { count_down_start_date: start, count_down_end_date: end } = slot;
  if (!start || slot.rate_of_deduction_in_hours < 1 || slot.deduction_value < 1) return { kind: 'off' };
  const startMs = Date.parse(start);
  const endMs = end ? Date.parse(end) : null;
  if (now.getTime() < startMs) return { kind: 'waiting', starts: new Date(startMs) };
  if (slot.rem_slots <= 0) return { kind: 'ended', at: null };
  const period = slot.rate_of_deduction_in_hours * HOUR;
  const next = startMs + (Math.floor((now.getTime() - startMs) / period) + 1) * period;
  if (endMs !== null && next > endMs) return { kind: 'ended', at: new Date(endMs) };
  return { kind: 'running', next: new Date(next) };
}

/** "every hour", "every 24 hours". */
export const everyHours = (hours: number) =>
  hours === 1 ? 'every hour' : `every ${hours.toLocaleString('en-US')} hours`;
