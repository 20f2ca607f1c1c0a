/**
 * Smart trades: the trade bodies (the custom / alert-based trade, the advanced trade, the draft)
 * with the rules of 2-trading §5.1-§5.3 in the spec's words (TRADE_MSG), each issue on the field
 * it concerns, so the server's 400 names the field and the web's forms say the same under it.
 * Rules across fields run even when some fields failed, on the fields that passed (every broken
 * rule is said at once, none twice). The rule functions the server runs again on a trade merged
 * with an edit (priceOrderIssues, trailingIssues) are exported.
 *
 * One rule needs the clock and is not in the schemas: the cancel-by time must be later than now
 * (§5.2, §5.3). The server calls `cancelByInFuture(body, now)` when it places a trade (not for a
 * draft: a draft is checked when it is traded), and the web before its confirmation.
 */
import { z } from 'zod';
import { exactDecimal, PRICE_DECIMALS } from './decimal';
import { strategyField, tickerField } from './market';
import {
  BASIC_RANGE_COUNT,
  BASIC_TRADE_TYPES,
  BUY_INSTRUCTIONS,
  CALL_OR_PUT,
  EXTRA_RANGES_MAX,
  LEG_TYPES,
  monthName,
  OPTIONS_DATE_PLACEHOLDER,
  SELL_INSTRUCTIONS,
  STRIKE_MAX,
  TRADE_DEFAULTS,
  TRADE_FIELD_LABELS,
  TRADE_MSG,
  TRADE_TIME_ZONE,
  TRAILING_MIN,
  type TradeIssue,
} from './smart-trades';
import { onTypeIssue, QUANTITY_MAX, quantityField } from './amounts';
import { conditionRowIssues, conditionRowsField } from './smart-trades-conditions';
import {
  accountIdField,
  adder,
  idField,
  isRecord,
  newTrailingProfitField,
  notesField,
  onObjects,
  optional,
  optionalText,
  tradePrice,
  trailingProfitField,
  triggerPercentField,
  validOf,
  type Add,
  type Valid,
} from './smart-trades-fields';
import { MARKET_MSG } from './trading-texts';

/* ---- Dates and times ---------------------------------------------------------------------------- */

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** What is wrong with an expiration date (§5.3: YYYY-MM-DD, month ≤ 12, day ≤ 31 and in its month), or null. */
export function expirationDateIssue(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return TRADE_MSG.expirationFormat;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return TRADE_MSG.expirationFormat;
  if (day > daysInMonth(year, month)) return TRADE_MSG.invalidDayFor(monthName(month));
  return null;
}

/** An options expiration date, YYYY-MM-DD. */
export const tradeExpirationField = z
  .string({ error: TRADE_MSG.expirationFormat })
  .trim()
  .check(
    z.superRefine((s: string, ctx) => {
      const message = expirationDateIssue(s);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  );

/** A wall-clock time of the cancel-by field. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const CANCEL_BY_PATTERN = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/;

/** Reads a cancel-by time as the web sends it (CANCEL_BY_FORMAT: '2025-03-7 15:5:0'; padded parts too). */
export function parseCancelBy(text: string): WallTime | null {
  const m = CANCEL_BY_PATTERN.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p))) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** How far the wall clock of `timeZone` is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(utcMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant of a cancel-by time (a wall-clock time of `timeZone`, New York by default), or null
 * when the text is not one. The server keeps it as the trade's deadline.
 */
export function cancelByInstant(text: string, timeZone: string = TRADE_TIME_ZONE): Date | null {
  const w = parseCancelBy(text);
  if (!w) return null;
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(guess, timeZone));
}

/**
 * The rule of §5.2 and §5.3 that needs the clock: with setCancelIfNotFilledBy on, expiryDateTime
 * must be later than `now` ('Your date and time selection must be greater than the current time').
 * Returns the issue (on expiryDateTime), or null when the body keeps the rule. Run it on a parsed
 * body when placing a trade; the schemas cannot, having no clock.
 */
export function cancelByInFuture(
  body: { setCancelIfNotFilledBy?: boolean; expiryDateTime?: string | null; timeZone?: string },
  now: Date | number,
): TradeIssue | null {
  if (body.setCancelIfNotFilledBy !== true) return null;
  const path = ['expiryDateTime'];
  if (!body.expiryDateTime) return { path, message: TRADE_MSG.cancelByRequired };
  const at = cancelByInstant(body.expiryDateTime, body.timeZone ?? TRADE_TIME_ZONE);
  if (!at) return { path, message: TRADE_MSG.cancelByFormat };
  return at.getTime() > new Date(now).getTime() ? null : { path, message: TRADE_MSG.cancelByPast };
}

/* ---- Rules shared by the bodies (exported for the server's checks after merging an edit) -------- */

export interface TradePrices {
  buy_range_low?: number | undefined;
  buy_range_high?: number | undefined;
  target_range_low?: number | undefined;
  target_range_high?: number | undefined;
  stop_loss?: number | undefined;
}

/**
 * The order of a basic trade's prices (§5.1): buy range low below high, target range low below
 * high (each message on both fields), stop loss below buy range low. Values absent or not above 0
 * are left to their own rules.
 */
export function priceOrderIssues(p: TradePrices): TradeIssue[] {
  const out: TradeIssue[] = [];
  const pos = (n: number | undefined) => (n !== undefined && n > 0 ? n : undefined);
  const [bl, bh, tl, th, sl] = [
    pos(p.buy_range_low),
    pos(p.buy_range_high),
    pos(p.target_range_low),
    pos(p.target_range_high),
    pos(p.stop_loss),
  ];
  if (bl !== undefined && bh !== undefined && bl >= bh) {
    out.push({ path: ['buy_range_low'], message: TRADE_MSG.buyLowBelowHigh });
    out.push({ path: ['buy_range_high'], message: TRADE_MSG.buyHighAboveLow });
  }
  if (tl !== undefined && th !== undefined && tl >= th) {
    out.push({ path: ['target_range_low'], message: TRADE_MSG.targetLowBelowHigh });
    out.push({ path: ['target_range_high'], message: TRADE_MSG.targetHighAboveLow });
  }
  if (sl !== undefined && bl !== undefined && sl >= bl)
    out.push({ path: ['stop_loss'], message: TRADE_MSG.invalidStopLoss });
  // Range 1 sells what it buys at buy range low at target range high; range 2, buy range high at target range low.
  for (const issue of [
    buyBelowTarget(1, bl, th, ['target_range_high']),
    buyBelowTarget(2, bh, tl, ['target_range_low']),
  ])
    if (issue) out.push(issue);
  return out;
}

/**
 * Every range's buy below its own target (§5.2, §5.3), one rule for every body that sets a range's
 * prices (a basic trade's two ranges and its extra ones, an advanced trade's ranges, an order edit
 * merged with its trade, a range edit): 'Please adjust buy range and target range for Range N',
 * said on the range's target. null while either price is absent.
 */
export function buyBelowTarget(
  range: number,
  buy: number | undefined,
  target: number | undefined,
  path: (string | number)[],
): TradeIssue | null {
  if (buy === undefined || target === undefined || buy < target) return null;
  return { path, message: TRADE_MSG.adjustBuyTarget(range) };
}

export interface TrailingSettings {
  trailing_profit?: number | undefined;
  new_trailing_profit?: number | undefined;
  trigger_percent?: number | undefined;
}

/**
 * The trailing rules (§5.1, §5.2, §5.3, §5.5) on the values given: trailing and new trailing profit
 * above 0% and at least 1; trigger percent above the trailing profit and at least 1. The bodies run
 * them when set_trailing_profit is on (the order edit always, on what it changes).
 */
export function trailingIssues(t: TrailingSettings): TradeIssue[] {
  const out: TradeIssue[] = [];
  const check = (key: keyof TrailingSettings, value: number | undefined, notPositive: string, label: string) => {
    if (value === undefined) return;
    if (value <= 0) out.push({ path: [key], message: notPositive });
    else if (value < TRAILING_MIN) out.push({ path: [key], message: TRADE_MSG.trailingMin(label) });
  };
  check('trailing_profit', t.trailing_profit, TRADE_MSG.trailingPositive, 'Trailing profit');
  check('new_trailing_profit', t.new_trailing_profit, TRADE_MSG.newTrailingPositive, 'New trailing profit');
  const trigger = t.trigger_percent;
  if (trigger !== undefined) {
    if (t.trailing_profit !== undefined && t.trailing_profit > 0 && trigger <= t.trailing_profit) {
      out.push({ path: ['trigger_percent'], message: TRADE_MSG.triggerAboveTrailing });
    } else if (trigger < TRAILING_MIN) {
      out.push({ path: ['trigger_percent'], message: TRADE_MSG.trailingMin('Trigger percent') });
    }
  }
  return out;
}

/** The trailing and cancel-by fields of every trade payload, with the drawers' defaults. */
const trailingAndCancelFields = {
  set_trailing_profit: z.boolean().default(false),
  trailing_profit: trailingProfitField.default(TRADE_DEFAULTS.trailing_profit),
  new_trailing_profit: newTrailingProfitField.default(TRADE_DEFAULTS.new_trailing_profit),
  trigger_percent: triggerPercentField.default(TRADE_DEFAULTS.trigger_percent),
  trade_notes: notesField,
  setCancelIfNotFilledBy: z.boolean().default(false),
  /**
   * The caller's draft this trade is made from (its row action 'trade'): placing the trade deletes
   * the draft; saving a draft again with it updates that draft.
   */
  draft_id: optional(idField('Draft ID')),
  /** CANCEL_BY_FORMAT in New York time; required when setCancelIfNotFilledBy is on. */
  expiryDateTime: optionalText(
    z.string().refine((s) => parseCancelBy(s) !== null, { error: TRADE_MSG.cancelByFormat }),
  ),
  timeZone: z
    .literal(TRADE_TIME_ZONE, { error: TRADE_MSG.timeZoneFixed })
    .nullish()
    .transform((v) => v ?? TRADE_TIME_ZONE),
};

type TrailingAndCancel = Valid<typeof trailingAndCancelFields>;

function trailingAndCancelRules(v: TrailingAndCancel, failed: Set<PropertyKey>, add: Add): void {
  if (v.set_trailing_profit === true) for (const i of trailingIssues(v)) add(i.path, i.message);
  if (v.setCancelIfNotFilledBy === true && v.expiryDateTime === undefined && !failed.has('expiryDateTime')) {
    add(['expiryDateTime'], TRADE_MSG.cancelByRequired);
  }
}

/* ---- The custom / alert-based trade (§3 payload, §5.1, §5.2) ------------------------------------ */

/** N of 'Range N' from an issue's path: the last list index (+ the ranges before the list). */
function rangeNumber(path: readonly PropertyKey[] | undefined, before: number): number {
  const index = [...(path ?? [])].reverse().find((k) => typeof k === 'number');
  return (typeof index === 'number' ? index : 0) + 1 + before;
}

type RangeMessage = (n: number) => string;

/** A range's price: missing, not a number or not above 0 says `incomplete(N)`. */
function rangePrice(label: string, incomplete: RangeMessage, before: number) {
  const error = (issue: { path?: PropertyKey[] }) => incomplete(rangeNumber(issue.path, before));
  return tradePrice(label, error).refine((n) => n > 0, { error });
}

/** A range's quantity (shares or contracts): whole; missing, not a number or not above 0 says `incomplete(N)`. */
function rangeQuantity(incomplete: RangeMessage, before: number) {
  const error = (issue: { path?: PropertyKey[] }) => incomplete(rangeNumber(issue.path, before));
  return quantityField({ type: error, least: error });
}

/** An extra range of a custom trade (§5.1): all four values; numbered after the two buy ranges. */
export const extraRangeField = z.object({
  buy_range: rangePrice('Buy range', TRADE_MSG.incompleteExtraBuy, BASIC_RANGE_COUNT),
  buy_range_quantity: rangeQuantity(TRADE_MSG.incompleteExtraBuy, BASIC_RANGE_COUNT),
  target_range: rangePrice('Target range', TRADE_MSG.incompleteExtraTarget, BASIC_RANGE_COUNT),
  target_range_quantity: rangeQuantity(TRADE_MSG.incompleteExtraTarget, BASIC_RANGE_COUNT),
});
export type ExtraRangeInput = z.infer<typeof extraRangeField>;

/** A strike of a basic options trade (§5.2: above 0, at most 10,000,000). */
const strikeField = optional(
  exactDecimal(
    z
      .number({ error: MARKET_MSG.strikeInvalid })
      .positive({ error: MARKET_MSG.strikeInvalid })
      .max(STRIKE_MAX, { error: MARKET_MSG.strikeInvalid }),
    PRICE_DECIMALS,
    TRADE_MSG.tooPrecise('Strike', PRICE_DECIMALS),
  ),
);
/** An options date of a basic trade; a draft's placeholder for an unset date reads as absent (§9). */
const optionsDateField = optionalText(tradeExpirationField, [OPTIONS_DATE_PLACEHOLDER]);

const basicPrice = (label: string) => tradePrice(label, TRADE_MSG.checkPrices);
const amountField = z.number({ error: TRADE_MSG.reviewInput }).max(QUANTITY_MAX);

const basicFields = {
  ticker: tickerField,
  trade_type: z.enum(BASIC_TRADE_TYPES, { error: TRADE_MSG.tradeTypeInvalid(BASIC_TRADE_TYPES) }),
  /** The alert an ALERT trade was made from (required for ALERT). */
  alert_id: optional(idField('Alert ID')),
  buy_range_low: basicPrice('Buy Range Low'),
  buy_range_high: basicPrice('Buy Range High'),
  target_range_low: basicPrice('Target Range Low'),
  target_range_high: basicPrice('Target Range High'),
  stop_loss: basicPrice('Stop Loss'),
  /** Shares (contracts for options) bought at buy range low, and at buy range high; whole, above 0. */
  amount_buy_range_low: amountField,
  amount_buy_range_high: amountField,
  extra_ranges: z
    .array(extraRangeField)
    .max(EXTRA_RANGES_MAX, { error: TRADE_MSG.tooManyRanges })
    .nullish()
    .transform((v) => v ?? []),
  ...trailingAndCancelFields,
  // Options: a strategy makes it an options trade. Leg one is the CALL, leg two the PUT; both legs
  // share one expiration (legOneExpiration; legTwoExpiration may repeat it).
  strategy: optionalText(strategyField),
  singleStrike: strikeField,
  singleExpiration: optionsDateField,
  legOneStrike: strikeField,
  legTwoStrike: strikeField,
  legOneExpiration: optionsDateField,
  legTwoExpiration: optionsDateField,
  legOneType: optional(z.literal(LEG_TYPES.legOne, { error: TRADE_MSG.legOneCall })),
  legTwoType: optional(z.literal(LEG_TYPES.legTwo, { error: TRADE_MSG.legTwoPut })),
};

const BASIC_VALUES = [
  'buy_range_low',
  'buy_range_high',
  'target_range_low',
  'target_range_high',
  'stop_loss',
  'amount_buy_range_low',
  'amount_buy_range_high',
] as const;
const OPTION_FIELDS = [
  'singleStrike',
  'singleExpiration',
  'legOneStrike',
  'legTwoStrike',
  'legOneExpiration',
  'legTwoExpiration',
] as const;

/**
 * The rules of a basic trade. `oneRangeMay0`: a bot's trade (MB), where an entry of 0% leaves its
 * range without shares: one amount may be 0 (not both), and that range's prices are not checked.
 */
function basicRules(shape: typeof basicFields, { oneRangeMay0 = false } = {}) {
  return (raw: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const { v: valid, failed } = validOf(shape, raw);
    const v = { ...valid };
    if (oneRangeMay0 && (v.amount_buy_range_low ?? 0) + (v.amount_buy_range_high ?? 0) > 0) {
      if (v.amount_buy_range_low === 0) {
        delete v.amount_buy_range_low;
        delete v.buy_range_low;
      }
      if (v.amount_buy_range_high === 0) {
        delete v.amount_buy_range_high;
        delete v.buy_range_high;
      }
    }
    const add = adder(ctx);
    const missing = (key: keyof typeof basicFields) => v[key] === undefined && !failed.has(key);
    const options = v.strategy !== undefined;
    const amountMessage = options ? TRADE_MSG.reviewContracts : TRADE_MSG.reviewInput;

    // §5.2: more than one value at 0 or below is 'Validation error'; one alone says its own rule.
    const notPositive = BASIC_VALUES.filter((k) => v[k] !== undefined && v[k] <= 0);
    for (const k of notPositive) {
      if (notPositive.length > 1) add([k], TRADE_MSG.validationError);
      else if (k === 'stop_loss') add([k], TRADE_MSG.invalidStopLoss);
      else if (k.startsWith('amount_')) add([k], amountMessage);
      else add([k], TRADE_MSG.mustBePositive(TRADE_FIELD_LABELS[k]));
    }
    for (const k of ['amount_buy_range_low', 'amount_buy_range_high'] as const) {
      const n = v[k];
      if (n !== undefined && n > 0 && !Number.isInteger(n)) add([k], amountMessage);
    }
    for (const i of priceOrderIssues(v)) add(i.path, i.message);
    (v.extra_ranges ?? []).forEach((r, i) => {
      const issue = buyBelowTarget(BASIC_RANGE_COUNT + i + 1, r.buy_range, r.target_range, [
        'extra_ranges',
        i,
        'target_range',
      ]);
      if (issue) add(issue.path, issue.message);
    });
    trailingAndCancelRules(v, failed, add);
    if (v.trade_type === 'ALERT' && missing('alert_id')) add(['alert_id'], TRADE_MSG.alertIdRequired);

    // §5.2 options.
    const need = (key: (typeof OPTION_FIELDS)[number]) => {
      if (missing(key)) add([key], key.endsWith('Strike') ? TRADE_MSG.strikeRequired : TRADE_MSG.expirationRequired);
    };
    const sameExpiration = () => {
      const one = v.legOneExpiration;
      const two = v.legTwoExpiration;
      if (one !== undefined && two !== undefined && one !== two)
        add(['legTwoExpiration'], TRADE_MSG.legsSameExpiration);
    };
    const one = v.legOneStrike;
    const two = v.legTwoStrike;
    switch (v.strategy) {
      case undefined:
        if (missing('strategy') && OPTION_FIELDS.some((k) => v[k] !== undefined)) {
          add(['strategy'], TRADE_MSG.optionsNeedStrategy);
        }
        return;
      case 'BUY CALL':
      case 'BUY PUT':
        need('singleStrike');
        need('singleExpiration');
        return;
      case 'STRANGLE':
        need('legOneStrike');
        need('legTwoStrike');
        need('legOneExpiration');
        sameExpiration();
        if (one !== undefined && two !== undefined) {
          if (one === two) add(['legTwoStrike'], TRADE_MSG.strangleUnequal);
          else if (one < two) add(['legOneStrike'], TRADE_MSG.strangleOrder);
        }
        return;
      case 'STRADDLE':
        need('legOneStrike');
        need('legOneExpiration');
        sameExpiration();
        if (one !== undefined && two !== undefined && one !== two) add(['legTwoStrike'], TRADE_MSG.straddleEqual);
    }
  };
}

/**
 * The custom / alert-based trade (§3 "Custom / alert-based trade payload"): POST
 * /livetrading/draft-trade/ and /demo-trading/create-demo-trade/. Rules: §5.1 and §5.2 but the
 * cancel-by time (cancelByInFuture). Range 1 buys amount_buy_range_low at buy_range_low and sells
 * at target_range_high; range 2 buys amount_buy_range_high at buy_range_high and sells at
 * target_range_low (§4 "Amount splitting"); extra ranges are Range 3 onwards.
 */
export const basicTradeBody = z
  .object({ ...basicFields, account_id: optional(accountIdField) })
  .check(z.superRefine(basicRules(basicFields), onObjects));
export type BasicTradeBody = z.infer<typeof basicTradeBody>;
/** What a form sends for it: the body before its defaults are applied. */
export type BasicTradeInput = z.input<typeof basicTradeBody>;

/**
 * A money-management bot's trade (trade_type MB, 2-trading §3): the basic trade a bot makes of an
 * alert (3-bots-admin-public §2.1), with one entry allowed 0%. No route takes it: only the trading
 * entry, for a bot or a signal acting (apps/server/src/modules/trading/trades/smart-trades.ts).
 */
const botTradeFields = {
  ...basicFields,
  trade_type: z.literal('MB', { error: TRADE_MSG.tradeTypeInvalid(['MB']) }),
  amount_buy_range_low: amountField,
  amount_buy_range_high: amountField,
};
export const botTradeBody = z
  .object({ ...botTradeFields, account_id: optional(accountIdField) })
  .check(z.superRefine(basicRules(basicFields, { oneRangeMay0: true }), onObjects));
export type BotTradeBody = z.infer<typeof botTradeBody>;

/** POST /livetrading/create-trade/: the trade on a brokerage account (account_id required). */
export const liveBasicTradeBody = z
  .object({ ...basicFields, account_id: accountIdField })
  .check(z.superRefine(basicRules(basicFields), onObjects));
export type LiveBasicTradeBody = z.infer<typeof liveBasicTradeBody>;

/* ---- The advanced trade (§3 "Advanced trade draft", §5.3) -------------------------------------- */

/**
 * A range of an advanced trade. Every value is required ('Incomplete Buy Range for Range N' …);
 * the options fields when is_options is on. Quantities are whole, at least 1; strike at least 1.
 */
export const advancedRangeField = z.object({
  buy_range: rangePrice('Buy range', TRADE_MSG.incompleteBuyRange, 0),
  buy_range_quantity: rangeQuantity(TRADE_MSG.incompleteBuyQuantity, 0),
  target_range: rangePrice('Target range', TRADE_MSG.incompleteTargetRange, 0),
  target_range_quantity: rangeQuantity(TRADE_MSG.incompleteSellQuantity, 0),
  buy_instruction: optional(
    z.enum(BUY_INSTRUCTIONS, { error: (i) => TRADE_MSG.setBuyInstruction(rangeNumber(i.path, 0)) }),
  ),
  sell_instruction: optional(
    z.enum(SELL_INSTRUCTIONS, { error: (i) => TRADE_MSG.setSellInstruction(rangeNumber(i.path, 0)) }),
  ),
  expiration: optionalText(tradeExpirationField),
  strike: optional(
    exactDecimal(
      z
        .number({ error: onTypeIssue((i) => TRADE_MSG.setStrike(rangeNumber(i.path, 0))) })
        .min(1)
        .max(STRIKE_MAX),
      PRICE_DECIMALS,
      TRADE_MSG.tooPrecise('Strike', PRICE_DECIMALS),
    ),
  ),
  call_or_put: optional(z.enum(CALL_OR_PUT, { error: (i) => TRADE_MSG.setCallOrPut(rangeNumber(i.path, 0)) })),
});
export type AdvancedRangeInput = z.infer<typeof advancedRangeField>;

const OPTION_RANGE_FIELDS: [keyof AdvancedRangeInput, RangeMessage][] = [
  ['buy_instruction', TRADE_MSG.setBuyInstruction],
  ['expiration', TRADE_MSG.incompleteExpiration],
  ['strike', TRADE_MSG.setStrike],
  ['call_or_put', TRADE_MSG.setCallOrPut],
  ['sell_instruction', TRADE_MSG.setSellInstruction],
];

const advancedFields = {
  ticker: tickerField,
  trade_type: z.literal('ADVANCED', { error: TRADE_MSG.tradeTypeInvalid(['ADVANCED']) }),
  /** Options ranges (each its own option) instead of the ticker's shares. */
  is_options: z.boolean().default(false),
  /** Below every buy and target range; not zero (§5.3). */
  stop_loss: tradePrice('Stop Loss', TRADE_MSG.stopLossZero).refine((n) => n > 0, { error: TRADE_MSG.stopLossZero }),
  extra_ranges: z
    .array(advancedRangeField, { error: TRADE_MSG.addExtraRange })
    .min(1, { error: TRADE_MSG.addExtraRange })
    .max(EXTRA_RANGES_MAX, { error: TRADE_MSG.tooManyRanges }),
  conditions: conditionRowsField.nullish().transform((v) => v ?? []),
  ...trailingAndCancelFields,
};

function advancedRules(raw: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const { v, failed } = validOf(advancedFields, raw);
  const add = adder(ctx);
  const rawRanges = Array.isArray(raw.extra_ranges) ? (raw.extra_ranges as unknown[]) : [];
  const ranges = rawRanges.map((r) => validOf(advancedRangeField.shape, r));
  const options = v.is_options === true;

  ranges.forEach(({ v: r, failed: bad }, i) => {
    const n = i + 1;
    if (options && isRecord(rawRanges[i])) {
      for (const [key, message] of OPTION_RANGE_FIELDS) {
        if (r[key] === undefined && !bad.has(key)) add(['extra_ranges', i, key], message(n));
      }
    }
    const ownTarget = buyBelowTarget(n, r.buy_range, r.target_range, ['extra_ranges', i, 'target_range']);
    if (ownTarget) {
      add(ownTarget.path, ownTarget.message);
    } else if (!options && r.buy_range !== undefined) {
      // Every buy range below every target range (equity: options ranges may be different options).
      const buy = r.buy_range;
      if (ranges.some(({ v: o }, j) => j !== i && o.target_range !== undefined && buy >= o.target_range)) {
        add(['extra_ranges', i, 'buy_range'], TRADE_MSG.checkRanges);
      }
    }
    const bought = r.buy_range_quantity;
    const sold = r.target_range_quantity;
    if (bought !== undefined && sold !== undefined && sold > bought) {
      add(['extra_ranges', i, 'target_range_quantity'], TRADE_MSG.checkRanges);
    }
  });

  const stop = v.stop_loss;
  if (stop !== undefined) {
    const prices = ranges.flatMap(({ v: r }) => [r.buy_range, r.target_range]);
    if (prices.some((p) => p !== undefined && p <= stop)) add(['stop_loss'], TRADE_MSG.stopLossBelowRanges);
  }
  trailingAndCancelRules(v, failed, add);
  if (v.conditions !== undefined) {
    for (const i of conditionRowIssues(v.conditions, rawRanges.length)) add(i.path, i.message);
  }
}

/**
 * The advanced trade (§3 "Advanced trade draft"): POST /livetrading/draft-trade/ with trade_type
 * ADVANCED. Rules: §5.3 but the cancel-by time (cancelByInFuture). Range N is extra_ranges[N-1];
 * conditions name its orders buy_range_N and sell_range_N.
 */
export const advancedTradeBody = z
  .object({ ...advancedFields, account_id: optional(accountIdField) })
  .check(z.superRefine(advancedRules, onObjects));
export type AdvancedTradeBody = z.infer<typeof advancedTradeBody>;

/** POST /livetrading/create-advanced-trade/ (account_id required). */
export const liveAdvancedTradeBody = z
  .object({ ...advancedFields, account_id: accountIdField })
  .check(z.superRefine(advancedRules, onObjects));
export type LiveAdvancedTradeBody = z.infer<typeof liveAdvancedTradeBody>;

/** POST /livetrading/draft-trade/: a basic or an advanced trade, by trade_type. */
export const draftTradeBody = z.discriminatedUnion('trade_type', [basicTradeBody, advancedTradeBody], {
  error: TRADE_MSG.tradeTypeInvalid([...BASIC_TRADE_TYPES, 'ADVANCED']),
});
export type DraftTradeBody = z.infer<typeof draftTradeBody>;
