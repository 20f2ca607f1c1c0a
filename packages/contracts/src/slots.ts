/**
 * Trade-challenge slots (3-bots-admin-public §2.3 slot allocation table, §3 "Trade-challenge slot"
 * and "Slots response item", §5 "Slot edit", §7 "Slots and checkout"): how many places are left
 * in each challenge (and the lifetime offer), which the public pages show (CLOSED at 0), and the
 * count-down that takes `deduction_value` places every `rate_of_deduction_in_hours`.
 */
import { z } from 'zod';
import { fromDecimalText, textIdField } from './amounts';
import { operation } from './operation';

/** The longest time between two deductions: a year of hours. */
export const SLOT_MAX_RATE_HOURS = 8760;
/** The earliest year a count-down may start or end in. */
const SLOT_FIRST_YEAR = 1900;

export const SLOT_MSG = {
  wholeNumber: (label: string) => `${label} must be a whole number, 0 or more.`,
  dateInvalid: 'Enter a date and time, such as 2026-12-01T14:00:00Z.',
  endBeforeStart: 'The count-down must end after it starts.',
  rateNeeded: 'Give the hours between deductions (1 or more) to deduct slots.',
  rateTooLong: `Hours between deductions must be ${SLOT_MAX_RATE_HOURS.toLocaleString('en-US')} (a year) or fewer.`,
  slotNotFound: 'No slot has this id.',
  updated: 'Slots updated successfully',
} as const;

const count = (label: string) =>
  fromDecimalText(
    z
      .number({ error: SLOT_MSG.wholeNumber(label) })
      .int({ error: SLOT_MSG.wholeNumber(label) })
      .min(0, { error: SLOT_MSG.wholeNumber(label) })
      .max(1_000_000, { error: SLOT_MSG.wholeNumber(label) }),
  );

/** A date (2026-12-01) or a moment with its offset (2026-12-01T14:00:00Z). */
const MOMENT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const moment = z
  .string({ error: SLOT_MSG.dateInvalid })
  .refine((v) => MOMENT.test(v) && !Number.isNaN(Date.parse(v)) && Number(v.slice(0, 4)) >= SLOT_FIRST_YEAR, {
    error: SLOT_MSG.dateInvalid,
  })
  .nullable();

/** POST /payments/slots/edit/{id}/ (§5: numeric, minimum 0, step 1). */
export const slotEditBody = z
  .object({
    id: z.unknown().optional(),
    remaining_slots: count('Slots'),
    count_down_start_date: moment.optional(),
    count_down_end_date: moment.optional(),
    rate_of_deduction_in_hours: count('Hours between deductions').default(0),
    deduction_value: count('Slots deducted').default(0),
  })
  .superRefine((b, ctx) => {
    const start = b.count_down_start_date ? Date.parse(b.count_down_start_date) : null;
    const end = b.count_down_end_date ? Date.parse(b.count_down_end_date) : null;
    if (start !== null && end !== null && end <= start)
      ctx.addIssue({ code: 'custom', path: ['count_down_end_date'], message: SLOT_MSG.endBeforeStart });
    if (b.rate_of_deduction_in_hours > SLOT_MAX_RATE_HOURS)
      ctx.addIssue({ code: 'custom', path: ['rate_of_deduction_in_hours'], message: SLOT_MSG.rateTooLong });
    else if (b.deduction_value > 0 && b.rate_of_deduction_in_hours < 1)
      ctx.addIssue({ code: 'custom', path: ['rate_of_deduction_in_hours'], message: SLOT_MSG.rateNeeded });
  });
export type SlotEditBody = z.infer<typeof slotEditBody>;

export const slotDtoSchema = z.object({
  id: z.number(),
  plan: z.object({ id: z.number(), name: z.string() }),
  /** '$5K Trade Challenge', with ' - {n}' for a challenge numbered above 1 (§7). */
  plan_name: z.string(),
  link: z.string(),
  /** The places offered. */
  remaining_slots: z.number(),
  /** The places left. */
  rem_slots: z.number(),
  count_down_start_date: z.string().nullable(),
  count_down_end_date: z.string().nullable(),
  rate_of_deduction_in_hours: z.number(),
  deduction_value: z.number(),
});
export type SlotDto = z.infer<typeof slotDtoSchema>;
export const slotsSchema = z.object({ data: z.array(slotDtoSchema) });
export const slotEditedSchema = z.object({ message: z.string(), data: slotDtoSchema });

export const SLOTS_API = {
  list: operation({
    method: 'GET',
    path: '/payments/slots',
    operationId: 'listChallengeSlots',
    summary: 'The trade challenges and the lifetime offer with the places left in each',
    tag: 'Slots',
    response: slotsSchema,
    errors: [405],
    public: true,
  }),
  edit: operation({
    method: 'POST',
    path: '/payments/slots/edit/:id/',
    operationId: 'editChallengeSlot',
    summary: "Set a challenge's places and count-down; the count-down starts again (super users)",
    tag: 'Slots',
    params: z.object({ id: textIdField(SLOT_MSG.slotNotFound) }),
    body: slotEditBody,
    response: slotEditedSchema,
    errors: [400, 401, 403, 404],
  }),
} as const;
