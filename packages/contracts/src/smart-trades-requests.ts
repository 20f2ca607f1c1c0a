/**
 * Smart trades: the other requests (2-trading §5.4-§5.6, §7): changes to a placed trade, templates,
 * sharing, and the queries and path parameters. Rules in the spec's words (TRADE_MSG), each on its
 * field.
 */
import { z } from 'zod';
import { exactDecimal } from './decimal';
import { tickerField } from './market';
import { MSG } from './messages';
import {
  PERCENT_DECIMALS,
  PERCENTAGE_TYPES,
  SHARE_ITEM_TYPES,
  SHARE_USERS_MAX,
  SHARING_TYPES,
  TEMPLATE_BASES,
  TEMPLATE_ENTRIES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PERCENT_MAX,
  TEMPLATE_PERCENTAGE_TYPE,
  TRADE_FIELD_LABELS,
  TRADE_MSG,
  TRADE_NOTE_MAX,
  TRADE_TYPES,
  type TemplateEntry,
} from './smart-trades';
import { conditionRowsField } from './smart-trades-conditions';
import {
  adder,
  idField,
  newTrailingProfitField,
  onObjects,
  optional,
  optionalText,
  orderIdField,
  queryIdField,
  tradePrice,
  trailingProfitField,
  triggerPercentField,
  validOf,
} from './smart-trades-fields';
import { buyBelowTarget, priceOrderIssues, trailingIssues } from './smart-trades-forms';

/* ---- Changes to a placed trade (§5.5) ---------------------------------------------------------- */

const editPrice = (label: string) => optional(tradePrice(label));

const orderEditFields = {
  order_id: orderIdField,
  buy_range_low: editPrice('Buy Range Low'),
  buy_range_high: editPrice('Buy Range High'),
  target_range_low: editPrice('Target Range Low'),
  target_range_high: editPrice('Target Range High'),
  stop_loss: editPrice('Stop Loss'),
  trade_notes: optional(z.string().max(TRADE_NOTE_MAX, { error: TRADE_MSG.notesTooLong })),
  trailing_profit: optional(trailingProfitField),
  new_trailing_profit: optional(newTrailingProfitField),
  trigger_percent: optional(triggerPercentField),
};
const EDIT_PRICES = ['buy_range_low', 'buy_range_high', 'target_range_low', 'target_range_high', 'stop_loss'] as const;

/**
 * POST /livetrading/order-edit/: new prices, notes or trailing settings of a PENDING or OPEN trade;
 * what is absent (or null) is unchanged. Trailing fields at least 1 (§5.5). The server checks the
 * order of the prices again on the trade merged with the change (priceOrderIssues).
 */
export const orderEditBody = z.object(orderEditFields).check(
  z.superRefine((raw: Record<string, unknown>, ctx) => {
    const add = adder(ctx);
    const { v } = validOf(orderEditFields, raw);
    for (const k of EDIT_PRICES) {
      const n = v[k];
      if (n === undefined || n > 0) continue;
      add([k], k === 'stop_loss' ? TRADE_MSG.invalidStopLoss : TRADE_MSG.mustBePositive(TRADE_FIELD_LABELS[k]));
    }
    for (const i of priceOrderIssues(v)) add(i.path, i.message);
    for (const i of trailingIssues(v)) add(i.path, i.message);
  }, onObjects),
);
export type OrderEditBody = z.infer<typeof orderEditBody>;

/**
 * POST /livetrading/trades/range/edit/: a range's new buy and target prices (§5.5: 'Please Input
 * {title}!'); the buy stays below the target.
 */
export const rangeEditBody = z.object({
  trade_id: idField('Trade ID'),
  range: z
    .object({
      range_id: idField('Range ID'),
      buy_range: tradePrice('Buy Range', TRADE_MSG.pleaseInput('Buy Range')).refine((n) => n > 0, {
        error: TRADE_MSG.pleaseInput('Buy Range'),
      }),
      target_range: tradePrice('Target Range', TRADE_MSG.pleaseInput('Target Range')).refine((n) => n > 0, {
        error: TRADE_MSG.pleaseInput('Target Range'),
      }),
    })
    .superRefine((r, ctx) => {
      const issue = buyBelowTarget(r.range_id, r.buy_range, r.target_range, ['target_range']);
      if (issue) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }),
});
export type RangeEditBody = z.infer<typeof rangeEditBody>;

/**
 * POST /livetrading/trades/conditions/edit/: the trade's condition rows, all of them (an empty list
 * removes them). The server checks the orders they name against the trade (conditionRowIssues).
 */
export const conditionsEditBody = z.object({ trade_id: idField('Trade ID'), conditions: conditionRowsField });
export type ConditionsEditBody = z.infer<typeof conditionsEditBody>;

/** POST /livetrading/archive-live-trade/, /unarchive-live-trade/, /cancel-live-trade/. */
export const liveTradeIdBody = z.object({ live_trade_id: idField('Live trade ID') });
/** POST /demo-trading/cancel-demo-trade/. */
export const demoTradeIdBody = z.object({ demo_trade_id: idField('Demo trade ID') });

/* ---- Templates (§3, §5.6) ---------------------------------------------------------------------- */

const entryTitle = (entry: TemplateEntry) => entry.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

const templateParameterField = z.object({
  /** The parameter's id (PATCH); absent when creating. */
  id: optional(idField('Parameter ID')),
  entry_name: z.enum(TEMPLATE_ENTRIES, { error: TRADE_MSG.templateEntryInvalid }),
  /** Percent below (LESS) or above (EXCEED) the basis price: 0-100 for buy ranges and stop loss, 0-500 for targets. */
  percentage: exactDecimal(z.number(), PERCENT_DECIMALS, TRADE_MSG.tooPrecise('Percentage', PERCENT_DECIMALS)),
  /** Follows from the entry (LESS for buy ranges and stop loss, EXCEED for targets); may be left out. */
  percentage_type: optional(z.enum(PERCENTAGE_TYPES)),
  based_on: z.enum(TEMPLATE_BASES, { error: TRADE_MSG.templateBasis }),
});

/**
 * POST /livetrading/trade-templates and PATCH /livetrading/trade-templates/{id}: the name and the
 * five parameters, one per entry.
 */
export const tradeTemplateBody = z
  .object({
    name: z
      .string({ error: TRADE_MSG.templateNameRequired })
      .trim()
      .min(1, { error: TRADE_MSG.templateNameRequired })
      .max(TEMPLATE_NAME_MAX),
    trade_template_parameters_fields: z
      .array(templateParameterField, { error: TRADE_MSG.templateEntryMissing(entryTitle(TEMPLATE_ENTRIES[0])) })
      .max(TEMPLATE_ENTRIES.length * 2),
  })
  .check(
    z.superRefine((raw: Record<string, unknown>, ctx) => {
      const add = adder(ctx);
      const list = raw.trade_template_parameters_fields;
      if (!Array.isArray(list)) return;
      const key = 'trade_template_parameters_fields';
      const seen = new Set<TemplateEntry>();
      list.forEach((p: unknown, i) => {
        const { v } = validOf(templateParameterField.shape, p);
        const entry = v.entry_name;
        if (entry === undefined) return;
        const title = entryTitle(entry);
        if (seen.has(entry)) add([key, i, 'entry_name'], TRADE_MSG.templateEntryTwice(title));
        seen.add(entry);
        const type = TEMPLATE_PERCENTAGE_TYPE[entry];
        const max = TEMPLATE_PERCENT_MAX[type];
        if (v.percentage !== undefined && (v.percentage < 0 || v.percentage > max)) {
          add([key, i, 'percentage'], TRADE_MSG.templatePercentRange(title, max));
        }
        if (v.percentage_type !== undefined && v.percentage_type !== type) {
          add([key, i, 'percentage_type'], TRADE_MSG.templatePercentType(title, type));
        }
      });
      const invalid = list.some((p) => !templateParameterField.safeParse(p).success);
      if (!invalid) {
        for (const entry of TEMPLATE_ENTRIES) {
          if (!seen.has(entry)) add([key], TRADE_MSG.templateEntryMissing(entryTitle(entry)));
        }
      }
    }, onObjects),
  );
export type TradeTemplateBody = z.infer<typeof tradeTemplateBody>;

/* ---- Sharing (§5.4, §7) ------------------------------------------------------------------------ */

/** A form's id: a number, or its digits as text (multipart). */
const formId = (label: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v.trim() === ''
          ? undefined
          : /^\d{1,10}$/.test(v.trim())
            ? Number(v)
            : v
        : (v ?? undefined),
    idField(label).optional(),
  );

/** `users` arrives as JSON text in a multipart form: read it (what is not JSON stays text and is refused). */
const jsonList = (v: unknown) => {
  if (typeof v !== 'string') return v ?? undefined;
  if (v.trim() === '') return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

const emailField = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }));

/**
 * The fields of POST /livetrading/smart-trade-share/create/. The server reads the body as
 * multipart/form-data (§7: text fields, `users` a JSON list of {email}) and parses its fields with
 * this schema; numbers and lists are taken as JSON values too. Share a trade (live_trade_order_id,
 * the trade's id) or a bot (money_mgt_bot_id) with one user (single: `user`), several (multiple:
 * `users`), the users on a plan (users-on-plan: `plan`, a plan id of GET /payments/plans) or all.
 */
const shareFieldsShape = {
  sharing_type: z.enum(SHARING_TYPES, { error: TRADE_MSG.sharingTypeInvalid }),
  user: optionalText(emailField),
  users: z.preprocess(
    jsonList,
    z
      .array(z.object({ email: emailField }), { error: TRADE_MSG.shareUsersRequired })
      .max(SHARE_USERS_MAX)
      .optional(),
  ),
  plan: formId('Plan'),
  live_trade_order_id: formId('Live trade order ID'),
  money_mgt_bot_id: formId('Bot ID'),
};

export const shareFields = z.object(shareFieldsShape).check(
  z.superRefine((raw: Record<string, unknown>, ctx) => {
    const add = adder(ctx);
    const { v, failed } = validOf(shareFieldsShape, raw);
    const missing = (k: keyof typeof shareFieldsShape) => v[k] === undefined && !failed.has(k);
    if (v.sharing_type === 'single' && missing('user')) add(['user'], TRADE_MSG.shareEmailRequired);
    if (v.sharing_type === 'multiple' && !failed.has('users') && (v.users ?? []).length === 0) {
      add(['users'], TRADE_MSG.shareUsersRequired);
    }
    if (v.sharing_type === 'users-on-plan' && missing('plan')) add(['plan'], TRADE_MSG.sharePlanRequired);
    if (missing('live_trade_order_id') && missing('money_mgt_bot_id')) {
      add(['live_trade_order_id'], TRADE_MSG.shareTargetRequired);
    } else if (v.live_trade_order_id !== undefined && v.money_mgt_bot_id !== undefined) {
      add(['money_mgt_bot_id'], TRADE_MSG.shareTargetBoth);
    }
  }, onObjects),
);
export type ShareFields = z.infer<typeof shareFields>;

/* ---- Queries and path parameters --------------------------------------------------------------- */

/** GET /livetrading/delete-draft and /livetrading/order-detail. */
export const orderIdQuery = z.object({ order_id: orderIdField });
/** GET /logs/live-trades. */
export const tradeLogsQuery = z.object({ trade_id: queryIdField('Trade ID') });
/**
 * GET /{livetrading,demo-trading}/trade-alert: `id` is the trade's id; `type` its trade_type as the
 * list shows it (a DIONE trade has no alert).
 */
export const tradeAlertQuery = z.object({
  id: queryIdField('ID'),
  type: optionalText(z.enum(TRADE_TYPES, { error: TRADE_MSG.tradeTypeInvalid(TRADE_TYPES) })),
});
/** PATCH and DELETE /livetrading/trade-templates/{id}. */
export const templateIdParams = z.object({ id: queryIdField('Template ID') });
/** GET /livetrading/trade-entries-parameter: a ticker and a template id (the spec's `token` is ignored). */
export const tradeEntriesQuery = z.object({
  ticker: tickerField,
  template: queryIdField('Template'),
  token: z.string().max(512).optional(),
});
/** GET /livetrading/smart-trade-share/{received,sent}: shared trades (TRADE, the default) or bots (BOT). */
export const sharedItemsQuery = z.object({ type: z.enum(SHARE_ITEM_TYPES).default('TRADE') });
