/**
 * Smart trades: the pieces the request schemas are built of (internal: not exported from the
 * package's index). Rules across fields read a body through `validOf`, so that they run even when
 * some fields failed, on the fields that passed: every broken rule is said once, on its field.
 */
import { z } from 'zod';
import { priceField, textIdField, type FieldError } from './amounts';
import { exactDecimal, PRICE_DECIMALS } from './decimal';
import { PERCENT_DECIMALS, TRADE_MSG, TRADE_NOTE_MAX, TRAILING_PERCENT_MAX, TRIGGER_PERCENT_MAX } from './smart-trades';

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** Rules across fields run on an object even when some of its fields failed. */
export const onObjects = { when: ({ value }: { value: unknown }) => isRecord(value) };

export type Shape = Record<string, z.ZodType>;
export type Valid<S extends Shape> = { [K in keyof S]?: z.output<S[K]> };

/**
 * The fields of `raw` that pass their own schema (with their parsed values), and those that failed:
 * the rules across fields read only good values, and a missing value is one that is absent and
 * did not fail (a field that failed already has its message).
 */
export function validOf<S extends Shape>(shape: S, raw: unknown): { v: Valid<S>; failed: Set<keyof S> } {
  const v: Partial<Record<keyof S, unknown>> = {};
  const failed = new Set<keyof S>();
  if (!isRecord(raw)) return { v: v as Valid<S>, failed };
  for (const key of Object.keys(shape) as (keyof S & string)[]) {
    const parsed = shape[key]!.safeParse(raw[key]);
    if (!parsed.success) failed.add(key);
    else if (parsed.data !== undefined) v[key] = parsed.data;
  }
  return { v: v as Valid<S>, failed };
}

export type Add = (path: (string | number)[], message: string) => void;
export const adder =
  (ctx: z.RefinementCtx): Add =>
  (path, message) =>
    ctx.addIssue({ code: 'custom', path, message });

/** Absent or null (a cleared input): both read as absent. */
export const optional = <T extends z.ZodType>(schema: T) =>
  schema
    .nullable()
    .optional()
    .transform((v) => v ?? undefined);

/** Text that may be absent, null or blank (all read as absent), else checked by `schema`. */
export const optionalText = <T extends z.ZodType>(schema: T, absentToo: readonly string[] = []) =>
  z
    .string()
    .nullish()
    .transform((v) =>
      v === null || v === undefined || v.trim() === '' || absentToo.includes(v.trim()) ? undefined : v,
    )
    // The schema reads the text left (a preprocessing schema declares any input: it takes text too).
    .pipe(schema.optional() as unknown as z.ZodType<z.output<T> | undefined, string | undefined>);

/** A positive whole id in a JSON body. */
export const idField = (label: string) =>
  z
    .number({ error: TRADE_MSG.idInvalid(label) })
    .int({ error: TRADE_MSG.idInvalid(label) })
    .positive({ error: TRADE_MSG.idInvalid(label) })
    .max(2_147_483_647, { error: TRADE_MSG.idInvalid(label) });
/** A positive whole id in a query or path (text). */
export const queryIdField = (label: string) => textIdField(TRADE_MSG.idInvalid(label));

/** The public id of a trade (the trade DTO's order_id). */
export const orderIdField = z
  .string({ error: TRADE_MSG.orderIdInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: TRADE_MSG.orderIdInvalid });

export const accountIdField = z
  .string({ error: TRADE_MSG.accountRequired })
  .trim()
  .min(1, { error: TRADE_MSG.accountRequired })
  .max(64, { error: TRADE_MSG.accountRequired });

/** A percent of the trailing settings: 0 or more (negative says `negative`), at most 2 decimals. */
export const percentField = (label: string, max: number, negative: string) =>
  exactDecimal(
    z.number().min(0, { error: negative }).max(max),
    PERCENT_DECIMALS,
    TRADE_MSG.tooPrecise(label, PERCENT_DECIMALS),
  );
export const trailingProfitField = percentField('Trailing profit', TRAILING_PERCENT_MAX, TRADE_MSG.trailingPositive);
export const newTrailingProfitField = percentField(
  'New trailing profit',
  TRAILING_PERCENT_MAX,
  TRADE_MSG.newTrailingPositive,
);
export const triggerPercentField = percentField('Trigger percent', TRIGGER_PERCENT_MAX, TRADE_MSG.triggerAboveTrailing);

export const notesField = z
  .string()
  .max(TRADE_NOTE_MAX, { error: TRADE_MSG.notesTooLong })
  .nullish()
  .transform((v) => v ?? '');

/**
 * A price of a trade: a number of at most 8 decimals (the column's), up to PRICE_MAX (amounts.ts); `error`
 * says a missing value or one that is not a number.
 */
export function tradePrice(label: string, error?: FieldError) {
  // Its sign is the trade's rules' to judge (§5.1), in their words; the bounds are every price's.
  return priceField(label, { type: error, precise: TRADE_MSG.tooPrecise(label, PRICE_DECIMALS) }, { least: 'any' });
}
