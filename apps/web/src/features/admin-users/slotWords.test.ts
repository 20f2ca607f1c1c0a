import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { SLOT_MSG, slotEditBody, wordedIssue, type SlotDto } from '@drat/contracts';
import { countDownOf, everyHours, slotBody, slotNumbersOf } from './slotWords';

const slot: SlotDto = {
  id: 3,
  plan: { id: 41, name: '$10K Trade Challenge' },
  plan_name: '$10K Trade Challenge',
  link: '/pay-trade-challenges',
  remaining_slots: 25,
  rem_slots: 20,
  count_down_start_date: '2026-12-01T14:00:00.000Z',
  count_down_end_date: '2026-12-05T14:00:00.000Z',
  rate_of_deduction_in_hours: 24,
  deduction_value: 2,
};
const at = (iso: string) => new Date(iso);

describe("a slot's count-down", () => {
  it('is off without a start, a rate or a deduction', () => {
    expect(countDownOf({ ...slot, count_down_start_date: null }, at('2026-12-02T00:00:00Z'))).toEqual({ kind: 'off' });
    expect(countDownOf({ ...slot, rate_of_deduction_in_hours: 0 }, at('2026-12-02T00:00:00Z'))).toEqual({
      kind: 'off',
    });
    expect(countDownOf({ ...slot, deduction_value: 0 }, at('2026-12-02T00:00:00Z'))).toEqual({ kind: 'off' });
  });
  it('waits for its start', () => {
    expect(countDownOf(slot, at('2026-11-30T00:00:00Z'))).toEqual({
      kind: 'waiting',
      starts: at(slot.count_down_start_date!),
    });
  });
  it('takes its next deduction a whole period after the start, not at the start itself', () => {
    expect(countDownOf(slot, at('2026-12-01T14:00:00Z'))).toEqual({
      kind: 'running',
      next: at('2026-12-02T14:00:00Z'),
    });
    expect(countDownOf(slot, at('2026-12-03T15:30:00Z'))).toEqual({
      kind: 'running',
      next: at('2026-12-04T14:00:00Z'),
    });
  });
  it('takes a deduction due exactly at its end, and none after', () => {
    expect(countDownOf(slot, at('2026-12-04T20:00:00Z'))).toEqual({
      kind: 'running',
      next: at('2026-12-05T14:00:00Z'),
    });
    expect(countDownOf(slot, at('2026-12-05T14:00:00Z'))).toEqual({ kind: 'ended', at: at('2026-12-05T14:00:00Z') });
  });
  it('runs on without an end, and ends when no slot is left', () => {
    const open = { ...slot, count_down_end_date: null };
    expect(countDownOf(open, at('2027-06-01T15:00:00Z'))).toEqual({
      kind: 'running',
      next: at('2027-06-02T14:00:00Z'),
    });
    expect(countDownOf({ ...open, rem_slots: 0 }, at('2027-06-01T15:00:00Z'))).toEqual({ kind: 'ended', at: null });
  });
  it('says its period in words', () => {
    expect(everyHours(1)).toBe('every hour');
    expect(everyHours(8760)).toBe('every 8,760 hours');
  });
});

describe('an Edit slots form', () => {
  const parse = (body: unknown) => slotEditBody.safeParse(body, { error: wordedIssue });

  it('starts from the places offered and sends the dates as moments the server reads', () => {
    const body = slotBody(slot.id, {
      ...slotNumbersOf(slot),
      count_down_start_date: dayjs(slot.count_down_start_date),
      count_down_end_date: null,
    });
    expect(body).toEqual({
      id: 3,
      remaining_slots: 25,
      count_down_start_date: '2026-12-01T14:00:00.000Z',
      count_down_end_date: null,
      rate_of_deduction_in_hours: 24,
      deduction_value: 2,
    });
    expect(parse(body).success).toBe(true);
  });
  it('sends cleared numbers as no count-down, and a cleared slots box is refused in the server words', () => {
    const body = slotBody(slot.id, { remaining_slots: null, rate_of_deduction_in_hours: null, deduction_value: null });
    expect(body).toMatchObject({ rate_of_deduction_in_hours: 0, deduction_value: 0, count_down_start_date: null });
    const result = parse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['remaining_slots', SLOT_MSG.wholeNumber('Slots')],
    ]);
  });
  it('is refused an end before its start, and a deduction without hours between', () => {
    const result = parse(
      slotBody(slot.id, {
        remaining_slots: 5,
        count_down_start_date: dayjs('2026-12-05T00:00:00Z'),
        count_down_end_date: dayjs('2026-12-01T00:00:00Z'),
        rate_of_deduction_in_hours: 0,
        deduction_value: 1,
      }),
    );
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['count_down_end_date', SLOT_MSG.endBeforeStart],
      ['rate_of_deduction_in_hours', SLOT_MSG.rateNeeded],
    ]);
  });
});
