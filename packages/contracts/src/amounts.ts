import { z } from 'zod';
import { exactDecimal, PRICE_DECIMALS } from './decimal';

/**
 * The bounds of every amount an order, a trade or a template takes (docs/architecture.md "Money and
 * prices"), declared once. A price is a JSON number above 0 (or 0, where a field takes it) of at
 * most PRICE_DECIMALS decimals and at most PRICE_MAX: below what the price columns hold
 * (numeric(18,8): under 10,000,000,000) and what a broker's order takes, so no amount ever reaches
 * the database or a broker as an overflow. A quantity is a whole JSON number from 1 to QUANTITY_MAX.
 * Neither is ever read from text or a boolean ("0x10", "1e2" and true are refused, not read as 16,
 * 100 and 1); `fromDecimalText` reads digits where a value can only travel as text (a query, a
 * path, a form field).
 */
export const PRICE_MAX = 1_000_000_000;
export const QUANTITY_MAX = 10_000_000;
/** The largest id a database serial holds. */
export const ID_MAX = 2_147_483_647;

/** What a refused value is called: a text, or a function of the issue (its path names the range). */
export type FieldError = string | ((issue: { path?: PropertyKey[]; input?: unknown }) => string);

const say = (error: FieldError, issue: { path?: PropertyKey[]; input?: unknown }) =>
  typeof error === 'string' ? error : error(issue);

/**
 * A schema's own error for a missing value or one of another type only: its other checks (a
 * maximum, whole numbers) keep their own words (a schema's `error` would speak for them too).
 */
export function onTypeIssue(error: FieldError) {
  return (issue: { code?: string; path?: PropertyKey[]; input?: unknown }) =>
    issue.code === 'invalid_type' ? say(error, issue) : undefined;
}

/** The words of a price's or quantity's refusals; each falls back to the words naming the field. */
export interface AmountWords {
  /** Missing, or not a JSON number. */
  type?: FieldError;
  /** Below its least (0, or above 0). */
  least?: FieldError;
  /** Above its most. */
  most?: FieldError;
  /** More decimals than the column keeps (prices). */
  precise?: string;
}

const wordsOf = (error: FieldError | undefined) =>
  error === undefined ? undefined : { error: (issue: { path?: PropertyKey[]; input?: unknown }) => say(error, issue) };

/**
 * A price: a JSON number of at most 8 decimals, at most PRICE_MAX (`max` a lower bound of the
 * field's own), above 0 (`least: 'zero'`: 0 too; 'any': any number down to -PRICE_MAX, for a value
 * whose sign a rule of its own checks).
 */
export function priceField(
  label: string,
  words: AmountWords = {},
  { least = 'positive', max = PRICE_MAX }: { least?: 'positive' | 'zero' | 'any'; max?: number } = {},
) {
  let n = z.number(words.type === undefined ? undefined : { error: onTypeIssue(words.type) });
  if (least === 'positive') n = n.positive(wordsOf(words.least));
  else n = n.min(least === 'zero' ? 0 : -max, wordsOf(words.least));
  return exactDecimal(
    n.max(max, wordsOf(words.most)),
    PRICE_DECIMALS,
    words.precise ?? `${label} has more than ${PRICE_DECIMALS} decimals.`,
  );
}

/** A quantity (shares or contracts): a whole JSON number from 1 to QUANTITY_MAX. */
export function quantityField(words: AmountWords = {}) {
  return z
    .number(words.type === undefined ? undefined : { error: onTypeIssue(words.type) })
    .int(wordsOf(words.type))
    .positive(wordsOf(words.least ?? words.type))
    .max(QUANTITY_MAX, wordsOf(words.most));
}

/** An id in a JSON body: a whole JSON number from 1 to ID_MAX; `message` for anything else. */
export const bodyIdField = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message }).max(ID_MAX, { error: message });

/** An id written as text (a query, a path, a form field): its digits only; `message` for anything else. */
export const textIdField = (message: string) => fromDecimalText(bodyIdField(message));

/** Blank text (a query's `?x=`, a cleared form field) as absent, for `z.preprocess`: the field's default applies. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Digits with an optional decimal part: what a number written as text may look like ("12", "0.5"). */
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/**
 * Reads a number written as decimal digits (a query, a path, a form field, a publisher's JSON that
 * quotes its prices); any other text stays text, so the number schema refuses it: "0x10", "1e2",
 * and "Infinity" are never read as numbers. Blank text is absent.
 */
export function fromDecimalText<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const text = v.trim();
    if (text === '') return undefined;
    return DECIMAL_TEXT.test(text) ? Number(text) : v;
  }, schema);
}
