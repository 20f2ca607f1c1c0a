/**
 * Smart trades: condition rows of advanced trades (2-trading §3 "Condition", §4 "Condition rows"),
 * the same in requests and answers. A row is IF … AND … then one ACTION; the orders it names are
 * `buy_range_N` (range N's buy) and `sell_range_N` (its target sell).
 */
import { z } from 'zod';
import { priceField } from './amounts';
import { PRICE_DECIMALS } from './decimal';
import { TA_DEFAULTS } from './market';
import {
  ACTION_PRICE_TYPES,
  ACTION_SIGNS,
  ACTION_TYPES,
  CONDITION_ITEMS_MAX,
  CONDITION_OUTCOMES,
  CONDITION_ROWS_MAX,
  ORDER_KEY_PATTERN,
  orderKeyOf,
  PRICE_TYPES,
  TRADE_MSG,
  type ConditionType,
  type TradeIssue,
} from './smart-trades';
import { INTERVALS, MARKET_MSG, TA_PARAMETERS, TA_TIME_PERIOD_MAX } from './trading-texts';
import { tradePrice } from './smart-trades-fields';

const orderKeyField = z
  .string({ error: TRADE_MSG.orderKeyInvalid })
  .regex(ORDER_KEY_PATTERN, { error: TRADE_MSG.orderKeyInvalid });

const timePeriodField = z
  .number({ error: MARKET_MSG.timePeriodInvalid })
  .int({ error: MARKET_MSG.timePeriodInvalid })
  .min(1, { error: MARKET_MSG.timePeriodInvalid })
  .max(TA_TIME_PERIOD_MAX, { error: MARKET_MSG.timePeriodInvalid });
const uuidField = z.string().trim().min(1).max(64);

/* ---- Conditions (§3 "Condition") -------------------------------------------------------------- */

/**
 * Price: IF the ticker's `priceType` [is] `outComeSelected` the indicator `technicalParameter`
 * (`timePeriod` bars of `interval`). With technicalParameter VALUE the price is compared with the
 * fixed `value` (required then). `is: false` negates the rule ('is not').
 */
const priceRules = z
  .object({
    is: z.boolean().default(true),
    outComeSelected: z.enum(CONDITION_OUTCOMES).default('greater_than'),
    technicalParameter: z.enum(TA_PARAMETERS).default(TA_DEFAULTS.parameter),
    interval: z.enum(INTERVALS).default(TA_DEFAULTS.interval),
    timePeriod: timePeriodField.default(TA_DEFAULTS.timePeriod),
    priceType: z.enum(PRICE_TYPES).default('last price'),
    value: tradePrice('Value').positive().nullable().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.technicalParameter === 'VALUE' && (r.value === null || r.value === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: TRADE_MSG.valueRequired });
    }
  });

/**
 * TA: IF the indicator on the left [is] `outComeSelected` the indicator on the right (`…Right`).
 * VALUE on a side is the ticker's `priceType` price (as GET /stock/ta answers VALUE).
 */
const taRules = z.object({
  is: z.boolean().default(true),
  outComeSelected: z.enum(CONDITION_OUTCOMES).default('less_than'),
  technicalParameter: z.enum(TA_PARAMETERS).default(TA_DEFAULTS.parameter),
  interval: z.enum(INTERVALS).default(TA_DEFAULTS.interval),
  timePeriod: timePeriodField.default(TA_DEFAULTS.timePeriod),
  priceType: z.enum(PRICE_TYPES).default('last price'),
  technicalParameterRight: z.enum(TA_PARAMETERS).default(TA_DEFAULTS.parameter),
  intervalRight: z.enum(INTERVALS).default(TA_DEFAULTS.interval),
  timePeriodRight: timePeriodField.default(TA_DEFAULTS.timePeriod),
});

/**
 * Order Filled: IF the order `selectedOrder` is filled (`filled: true`) or not yet (`filled: false`);
 * `is: false` negates the rule, as in the other rules.
 */
const filledRules = z.object({
  is: z.boolean().default(true),
  filled: z.boolean().default(true),
  selectedOrder: orderKeyField.default('buy_range_1'),
});

/**
 * ACTION: execute or cancel the order `selectedOrder`, at its instrument's `priceType` price (or
 * `customPrice` for 'custom price') plus or minus `actionSignValue`.
 */
const actionRules = z
  .object({
    type: z.enum(ACTION_TYPES),
    selectedOrder: orderKeyField.default('buy_range_1'),
    priceType: z.enum(ACTION_PRICE_TYPES).default('last price'),
    customPrice: tradePrice('Custom price').positive().nullable().optional(),
    actionSign: z.enum(ACTION_SIGNS).default('plus'),
    actionSignValue: priceField(
      'Action value',
      { precise: TRADE_MSG.tooPrecise('Action value', PRICE_DECIMALS) },
      { least: 'zero' },
    ).default(0),
  })
  .superRefine((r, ctx) => {
    if (r.priceType === 'custom price' && (r.customPrice === null || r.customPrice === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['customPrice'], message: TRADE_MSG.customPriceRequired });
    }
  });

const item = <T extends ConditionType, R extends z.ZodType>(type: T, rules: R) =>
  z.object({ uuid: uuidField, conditionType: z.literal(type), rules });

/** One item of a condition row: a Price, TA or Order Filled condition, or the row's ACTION. */
export const conditionItemSchema = z.discriminatedUnion(
  'conditionType',
  [item('Price', priceRules), item('TA', taRules), item('Order Filled', filledRules), item('ACTION', actionRules)],
  { error: TRADE_MSG.conditionTypeInvalid },
);
export type ConditionItem = z.infer<typeof conditionItemSchema>;
export type ConditionRow = ConditionItem[];

const conditionTypeOf = (v: unknown): unknown =>
  typeof v === 'object' && v !== null ? (v as { conditionType?: unknown }).conditionType : undefined;

/**
 * Condition rows (IF … AND … then one action): each row holds at least one condition and exactly
 * one ACTION. Which ranges the orders name is checked against the trade (conditionRowIssues).
 */
export const conditionRowsField = z
  .array(z.array(conditionItemSchema).max(CONDITION_ITEMS_MAX, { error: TRADE_MSG.tooManyConditions }))
  .max(CONDITION_ROWS_MAX, { error: TRADE_MSG.tooManyConditions })
  .check(
    z.superRefine(
      (rows: unknown[], ctx) => {
        rows.forEach((row, i) => {
          if (!Array.isArray(row)) return;
          const actions = row.flatMap((it, j) => (conditionTypeOf(it) === 'ACTION' ? [j] : []));
          if (actions.length === 0) ctx.addIssue({ code: 'custom', path: [i], message: TRADE_MSG.assignAction });
          for (const j of actions.slice(1)) {
            ctx.addIssue({ code: 'custom', path: [i, j], message: TRADE_MSG.oneActionPerRow });
          }
          if (row.length - actions.length === 0) {
            ctx.addIssue({ code: 'custom', path: [i], message: TRADE_MSG.conditionBeforeAction });
          }
        });
      },
      { when: ({ value }) => Array.isArray(value) },
    ),
  );

/**
 * The orders that condition rows name must exist: with no range at all, 'Please add at least one
 * range before proceeding' (a filled condition) or 'Please create at least one range before
 * proceeding with this action' (an action); past the last range, unknownRange. The advanced body
 * runs it with its extra_ranges; the server runs it for a conditions edit with the trade's ranges.
 */
export function conditionRowIssues(rows: readonly ConditionRow[], rangeCount: number): TradeIssue[] {
  const issues: TradeIssue[] = [];
  rows.forEach((row, i) =>
    row.forEach((it, j) => {
      if (it.conditionType !== 'Order Filled' && it.conditionType !== 'ACTION') return;
      const key = orderKeyOf(it.rules.selectedOrder);
      if (!key) return;
      const path = ['conditions', i, j, 'rules', 'selectedOrder'];
      if (rangeCount === 0) {
        const message = it.conditionType === 'ACTION' ? TRADE_MSG.createRangeFirst : TRADE_MSG.addRangeFirst;
        issues.push({ path, message });
      } else if (key.range > rangeCount) {
        issues.push({ path, message: TRADE_MSG.unknownRange(key.range) });
      }
    }),
  );
  return issues;
}
