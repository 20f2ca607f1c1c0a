/**
 * Smart trades: what the calls answer (2-trading §3 entities, §7 responses; 1-core §3 and §4 for
 * the demo account). Answers are checked against these exactly by the server (http/answers.ts), so
 * they hold no transforms or defaults.
 */
import { z } from 'zod';
import { brokerAccountSchema } from './brokerage';
import { alertDtoSchema } from './alerts';
import { DEMO_ACCOUNT_START_VALUE } from './constants';
import { OPTION_STRATEGIES } from './market';
import { messageSchema } from './operation';
import {
  BUY_INSTRUCTIONS,
  CALL_OR_PUT,
  LEG_TYPES,
  PERCENTAGE_TYPES,
  SELL_INSTRUCTIONS,
  SHARE_ITEM_TYPES,
  STOCK_TYPES,
  TEMPLATE_BASES,
  TEMPLATE_ENTRIES,
  TRADE_STATUSES,
  TRADE_TYPES,
} from './smart-trades';
import { conditionItemSchema } from './smart-trades-conditions';

/* ---- Trades ------------------------------------------------------------------------------------- */

/** One side of an execution: when (ISO), the average price, the quantity and what it cost or brought in. */
const executionFields = {
  entry_date: z.string().nullable(),
  entry_price: z.number().nullable(),
  entry_quantity: z.number(),
  entry_cost: z.number(),
  exit_date: z.string().nullable(),
  exit_price: z.number().nullable(),
  exit_quantity: z.number(),
  exit_cost: z.number(),
};

/** A range of a trade (§3 "Range"); the options fields are null for equity ranges. */
export const tradeRangeSchema = z.object({
  /** N of 'Range N' and of the orders buy_range_N / sell_range_N. */
  range_id: z.number(),
  buy_range: z.number(),
  target_range: z.number(),
  buy_range_quantity: z.number(),
  target_range_quantity: z.number(),
  ...executionFields,
  completed: z.boolean(),
  buy_filled: z.boolean(),
  sell_filled: z.boolean(),
  buy_instruction: z.enum(BUY_INSTRUCTIONS).nullable(),
  sell_instruction: z.enum(SELL_INSTRUCTIONS).nullable(),
  expiration: z.string().nullable(),
  strike: z.number().nullable(),
  call_or_put: z.enum(CALL_OR_PUT).nullable(),
});
export type TradeRangeDto = z.infer<typeof tradeRangeSchema>;

/** P/L of one of a basic trade's two buy ranges: entry and exit, and the realised P/L. */
export const rangeExecutionSchema = z.object({
  ...executionFields,
  profit_loss: z.number(),
  profit_loss_percent: z.number().nullable(),
});
export type RangeExecution = z.infer<typeof rangeExecutionSchema>;

/**
 * A smart trade as the API answers it (2-trading §3 "Live trade"). A basic trade has buy_range_1
 * and buy_range_2 (with their share counts), the targets and profit_loss_data; an advanced trade has
 * those null and its ranges in extra_ranges. Prices are numbers; times ISO 8601.
 */
export const smartTradeSchema = z.object({
  id: z.number(),
  order_id: z.string(),
  created: z.string(),
  ticker: z.string(),
  account_id: z.string(),
  status: z.enum(TRADE_STATUSES),
  trade_type: z.enum(TRADE_TYPES),
  stock_type: z.enum(STOCK_TYPES),
  archived: z.boolean(),
  completed: z.boolean(),
  alert_id: z.number().nullable(),
  buy_range_1: z.number().nullable(),
  buy_range_2: z.number().nullable(),
  buy_range_1_stocks: z.number().nullable(),
  buy_range_2_stocks: z.number().nullable(),
  target_range_low: z.number().nullable(),
  target_range_high: z.number().nullable(),
  stop_loss: z.number().nullable(),
  set_trailing_profit: z.boolean(),
  trailing_profit: z.number(),
  new_trailing_profit: z.number(),
  trigger_percent: z.number(),
  trade_notes: z.string(),
  strategy: z.enum(OPTION_STRATEGIES).nullable(),
  singleStrike: z.number().nullable(),
  legOneStrike: z.number().nullable(),
  legTwoStrike: z.number().nullable(),
  singleExpiration: z.string().nullable(),
  legOneExpiration: z.string().nullable(),
  legTwoExpiration: z.string().nullable(),
  legOneType: z.literal(LEG_TYPES.legOne).nullable(),
  legTwoType: z.literal(LEG_TYPES.legTwo).nullable(),
  conditions: z.array(z.array(conditionItemSchema)),
  extra_ranges: z.array(tradeRangeSchema),
  profit_loss_data: z
    .object({
      buy_range_one_execution: rangeExecutionSchema.nullable(),
      buy_range_two_execution: rangeExecutionSchema.nullable(),
    })
    .nullable(),
  setCancelIfNotFilledBy: z.boolean(),
  /** As sent (CANCEL_BY_FORMAT, New York time); null when not set. */
  expiryDateTime: z.string().nullable(),
  timeZone: z.string(),
  sold_at_stop_loss: z.boolean(),
  /** Why a FAIL trade failed: the broker's words on its refused buys; null otherwise. */
  fail_reason: z.string().nullable(),
  is_new_trailing_profit_processed: z.boolean(),
  /** Range 1's / range 2's buy was filled. */
  order_one_carried_out: z.boolean(),
  order_two_carried_out: z.boolean(),
});
export type SmartTradeDto = z.infer<typeof smartTradeSchema>;

/** A demo trade: the trade with its net liquidity (§2.2: what its holdings are worth now plus what it sold). */
export const demoTradeSchema = smartTradeSchema.extend({ net_liquidity: z.number().nullable() });
export type DemoTradeDto = z.infer<typeof demoTradeSchema>;

/** GET /livetrading/trades and /livetrading/archived-trades (§7: data.data). */
export const tradesResponseSchema = z.object({ data: z.array(smartTradeSchema) });
export type TradesResponse = z.infer<typeof tradesResponseSchema>;
/** GET /demo-trading/trades. */
export const demoTradesResponseSchema = z.object({ data: z.array(demoTradeSchema) });
export type DemoTradesResponse = z.infer<typeof demoTradesResponseSchema>;
/** GET /livetrading/order-detail. */
export const tradeDetailResponseSchema = z.object({ data: smartTradeSchema });
export type TradeDetailResponse = z.infer<typeof tradeDetailResponseSchema>;
/** A call that saved, placed, cancelled, archived or edited a trade: its message and the trade after it. */
export const tradeReplySchema = messageSchema.extend({ data: smartTradeSchema });
export type TradeReply = z.infer<typeof tradeReplySchema>;
export const demoTradeReplySchema = messageSchema.extend({ data: demoTradeSchema });
export type DemoTradeReply = z.infer<typeof demoTradeReplySchema>;

/** §3 "Log entry". GET /logs/live-trades answers them oldest first. */
export const tradeLogSchema = z.object({ text: z.string(), created: z.string() });
export const tradeLogsResponseSchema = z.object({ data: z.array(tradeLogSchema) });
export type TradeLogsResponse = z.infer<typeof tradeLogsResponseSchema>;

/**
 * GET /{livetrading,demo-trading}/trade-alert: the alert the trade was made from, or `found: false`
 * (a DIONE or custom trade, or a deleted alert: the web says TRADE_MSG.alertNotFoundDione).
 */
export const tradeAlertResponseSchema = z.discriminatedUnion('found', [
  z.object({ found: z.literal(false) }),
  z.object({ found: z.literal(true), data: alertDtoSchema }),
]);
export type TradeAlertResponse = z.infer<typeof tradeAlertResponseSchema>;

/** §3 "Trade template". */
export const templateParameterSchema = z.object({
  id: z.number(),
  entry_name: z.enum(TEMPLATE_ENTRIES),
  percentage: z.number(),
  percentage_type: z.enum(PERCENTAGE_TYPES),
  based_on: z.enum(TEMPLATE_BASES),
});
export const tradeTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The e-mail of the super user who made it. */
  created_by: z.string(),
  date_created: z.string(),
  last_updated: z.string(),
  trade_template_parameters: z.array(templateParameterSchema),
});
export type TradeTemplateDto = z.infer<typeof tradeTemplateSchema>;
export const tradeTemplatesResponseSchema = z.object({ data: z.array(tradeTemplateSchema) });
export type TradeTemplatesResponse = z.infer<typeof tradeTemplatesResponseSchema>;
export const tradeTemplateReplySchema = messageSchema.extend({ data: tradeTemplateSchema });

/** GET /livetrading/trade-entries-parameter: a template's prices for a ticker now (§3 "Trade entries response"). */
export const tradeEntriesResponseSchema = z.object({
  buy_range_low: z.number(),
  buy_range_high: z.number(),
  target_range_low: z.number(),
  target_range_high: z.number(),
  stop_loss: z.number(),
});
export type TradeEntriesResponse = z.infer<typeof tradeEntriesResponseSchema>;

/** §3 "Shared item": a trade (live_trade_order) or a bot (money_management_bot). */
export const sharedItemSchema = z.object({
  id: z.number(),
  shared_by: z.string(),
  /** The e-mail of the user it was shared with; null for a share with a plan or with all users. */
  shared_to: z.string().nullable(),
  /** An e-mail it was shared with that belongs to no user (yet). */
  shared_to_unknown: z.string().nullable(),
  shared_date: z.string(),
  type: z.enum(SHARE_ITEM_TYPES),
  live_trade_order: z.object({ id: z.number(), order_id: z.string(), ticker: z.string() }).nullable(),
  /**
   * A shared bot: its name and its settings (the form, without the sharer's account), for the
   * receiver to copy into their own create drawer; it never runs on their account unasked.
   */
  money_management_bot: z
    .object({ id: z.number(), bot_name: z.string(), settings: z.record(z.string(), z.unknown()) })
    .nullable(),
});
export type SharedItemDto = z.infer<typeof sharedItemSchema>;
export const sharedItemsResponseSchema = z.object({ data: z.array(sharedItemSchema) });
export type SharedItemsResponse = z.infer<typeof sharedItemsResponseSchema>;
/** POST /livetrading/smart-trade-share/create/: TRADE_MSG.shared and how many users it reached. */
export const shareReplySchema = messageSchema.extend({ shared: z.number() });
export type ShareReply = z.infer<typeof shareReplySchema>;

/** GET /management/user-list: an e-mail per user (the share form's choices). */
export const shareableUsersResponseSchema = z.object({ data: z.array(z.object({ email: z.string() })) });
/** GET /payments/plans: plan groups whose children have label and value (the plan id). */
export const planGroupsResponseSchema = z.object({
  data: z.array(z.object({ label: z.string(), children: z.array(z.object({ label: z.string(), value: z.number() })) })),
});
export type PlanGroupsResponse = z.infer<typeof planGroupsResponseSchema>;

/**
 * GET /demo-trading (1-core §3 "Demo account"): `increased` / `decreased` say whether the account's
 * value is above / below what it started with (DEMO_ACCOUNT_START_VALUE).
 */
export const demoAccountSchema = z.object({
  buying_power: z.number(),
  account_value: z.number(),
  equities_value: z.number(),
  increased: z.boolean(),
  decreased: z.boolean(),
});
export type DemoAccount = z.infer<typeof demoAccountSchema>;
/** POST /demo-trading/reset-demo-account/: TRADE_MSG.demoReset and the account after it (1-core §4). */
export const resetDemoReplySchema = demoAccountSchema.extend({ message: z.string() });
export type ResetDemoReply = z.infer<typeof resetDemoReplySchema>;
/** The demo account after a reset: buying power and value 100000, equities 0. */
export const DEMO_ACCOUNT_AFTER_RESET: DemoAccount = {
  buying_power: DEMO_ACCOUNT_START_VALUE,
  account_value: DEMO_ACCOUNT_START_VALUE,
  equities_value: 0,
  increased: false,
  decreased: false,
};

/**
 * GET /livetrading/accounts (1-core §3 "Live account"): the caller's brokerage accounts; the
 * connected one is where live trades go (else the first).
 */
export const liveAccountsResponseSchema = z.object({ data: z.object({ accounts: z.array(brokerAccountSchema) }) });
export type LiveAccountsResponse = z.infer<typeof liveAccountsResponseSchema>;
