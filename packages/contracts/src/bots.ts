/**
 * Money-management bots (3-bots-admin-public §2.1, §2.2, §3, §5, §7, §9): the bot form's fields and
 * rules, the defaults its reset gives, the answers and every call of §7 (BOTS_API). The server
 * reads bodies with these schemas and the web validates its form with the same ones; the rules that
 * need the clock ("cannot be before today") are `botDateIssues`, called by both with New York's date.
 */
import { z } from 'zod';
import { textIdField } from './amounts';
import { exactDecimal, MONEY_DECIMALS } from './decimal';
import { SECTORS } from './market';
import { messageSchema, operation } from './operation';
import { TRADE_NOTE_MAX, TRAILING_MIN } from './smart-trades';
import { accountIdField, adder, onObjects, validOf } from './smart-trades-fields';
import { isCalendarDay } from './days';

/* ---- Constants (§2.1, §5, §9) ------------------------------------------------------------------ */

/** Alert types a bot never trades (§2.1: left out of the trade category choice). */
export const BOT_EXCLUDED_TYPES = ['SQUEEZE-ALERTS', 'OTC-1-ALERTS', 'OTC-2-ALERT'] as const;
/** The sector filter's choice that lets every sector through (§9). */
export const ALL_SECTORS = 'ALL SECTORS';
export const BOT_SECTORS = [ALL_SECTORS, ...SECTORS] as const;
/** §5: ALL is sent as ''. */
export const BOT_OPTIONS_STRATEGIES = ['', 'BUY PUT', 'BUY CALL', 'STRANGLE', 'STRADDLE'] as const;
export const BOT_SIGNS = ['plus', 'minus'] as const;
/** §5: an entry's price starts from the last price or one of the alert's buy ranges. */
export const BOT_ENTRY_REFERENCES = ['last_price', 'buy_range_1', 'buy_range_2'] as const;
/** §5: the stop starts from the last price or the alert's stop loss. */
export const BOT_STOP_REFERENCES = ['last_price', 'stop_loss'] as const;
export const BOT_REFERENCE_LABELS: Record<string, string> = {
  last_price: 'Last price',
  buy_range_1: 'Buy range 1',
  buy_range_2: 'Buy range 2',
  stop_loss: 'Stop loss',
};
export const BOT_NAME_MAX = 100;
/** §2.1: the bot logs modal's width. */
export const BOT_LOGS_WIDTH = 1091;
/** A bot's log as the API answers it: its newest entries. */
export const BOT_LOG_PAGE = 500;
/** A bot's log keeps this many days (a published alert writes a line per active bot of its type). */
export const BOT_LOG_KEEP_DAYS = 90;
/** What a whole-number filter (volumes, shares, open interest) may hold. */
const COUNT_MAX = 1e15;
/** Money a bot may set aside (amount per trade, maximum total). */
const MONEY_MAX = 1_000_000_000;
const TRADES_MAX = 100_000;

/** Whether an alert type's bots filter on options facts (§2.1: its name contains IDEAS or OPTION). */
export const isOptionsCategory = (typeName: string): boolean => /IDEAS|OPTION/i.test(typeName);
/** Whether a bot may be made for an alert type (§2.1). */
export const isBotCategory = (typeName: string): boolean =>
  !(BOT_EXCLUDED_TYPES as readonly string[]).includes(typeName);

/* ---- Messages (plain words naming the field: the spec shows none for the bot form) -------------- */

export const BOT_MSG = {
  nameRequired: 'Please give the bot a name.',
  nameTooLong: `A bot's name is at most ${BOT_NAME_MAX} characters.`,
  categoryRequired: 'Please choose the trade category.',
  categoryExcluded: (name: string) => `${name} alerts cannot be traded by a bot.`,
  categoryNotYours: (name: string) => `Your plan does not include ${name} alerts.`,
  dateFormat: (label: string) => `${label} must be a date written YYYY-MM-DD.`,
  dateBeforeToday: (label: string) => `${label} cannot be before today.`,
  datesOrder: (to: string, from: string) => `${to} cannot be before ${from}.`,
  percent: (label: string) => `${label} must be a number from 0 to 100.`,
  atLeast: (label: string, least: number) => `${label} must be at least ${least}.`,
  number: (label: string) => `${label} must be a number.`,
  wholeNumber: (label: string) => `${label} must be a whole number.`,
  tooPrecise: (label: string) => `${label} has more than 2 decimals.`,
  tooLarge: (label: string) => `${label} is too large.`,
  entrySizes: 'Entry 1 and Entry 2 sizes must add up to 100.',
  exitSizes: 'Exit 1 and Exit 2 sizes mirror Entry 1 and Entry 2.',
  totalBelowPerTrade: 'The maximum total amount cannot be less than the amount per trade.',
  minAboveMax: (label: string) => `The least ${label} cannot be above the most.`,
  priceBounds: 'The alert price "greater than" must be below its "less than".',
  sign: (label: string) => `${label} must be plus or minus.`,
  entryReference: (label: string) => `${label} must be the last price, buy range 1 or buy range 2.`,
  stopReference: 'The stop loss price must start from the last price or the stop loss.',
  strategy: 'Options strategy must be ALL, BUY PUT, BUY CALL, STRANGLE or STRADDLE.',
  sector: 'Choose sectors from the list.',
  notesTooLong: `Trading notes are at most ${TRADE_NOTE_MAX} characters.`,
  trailingRequired: (label: string) => `${label} is required when trailing profit is on.`,
  botNotFound: 'Bot not found.',
  alreadyInactive: 'This bot is already inactive.',
  archiveActive: 'Only an inactive bot can be archived: deactivate it first.',
  alreadyArchived: 'This bot is already archived.',
  notArchived: 'This bot is not archived.',
  botsDenied: 'You do not have access to money-management bots.',
  created: 'Bot created.',
  updated: 'Bot updated.',
  deactivated: 'Bot deactivated.',
  archived: 'Bot archived.',
  unarchived: 'Bot un-archived.',
} as const;

/* ---- The form's fields (§3 "Money-management bot", §5 "Bot form") ------------------------------ */

/** A JSON number (or its digits as text, as a form may send it). */
const numberIn = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z.number({ error: BOT_MSG.number(label) }),
  );
/** A percent, 0 to 100, to the cent. */
const percentField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    exactDecimal(
      z
        .number({ error: BOT_MSG.percent(label) })
        .min(0, { error: BOT_MSG.percent(label) })
        .max(100, { error: BOT_MSG.percent(label) }),
      MONEY_DECIMALS,
      BOT_MSG.tooPrecise(label),
    ),
  );
/** Money or a price bound: at least `least`, to the cent. */
const moneyField = (label: string, least: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    exactDecimal(
      z
        .number({ error: BOT_MSG.number(label) })
        .min(least, { error: BOT_MSG.atLeast(label, least) })
        .max(MONEY_MAX, { error: BOT_MSG.tooLarge(label) }),
      MONEY_DECIMALS,
      BOT_MSG.tooPrecise(label),
    ),
  );
/** A whole count: at least `least`. */
const countField = (label: string, least: number, max = COUNT_MAX) =>
  numberIn(label).pipe(
    z
      .number()
      .int({ error: BOT_MSG.wholeNumber(label) })
      .min(least, { error: BOT_MSG.atLeast(label, least) })
      .max(max, { error: BOT_MSG.tooLarge(label) }),
  );
const switchField = z.boolean({ error: 'A switch is true or false.' }).default(false);
/** YYYY-MM-DD (a real day). */
const dateField = (label: string) =>
  z
    .string({ error: BOT_MSG.dateFormat(label) })
    .trim()
    .refine(isCalendarDay, { error: BOT_MSG.dateFormat(label) });
/** A date that may be left empty (the expiration range). */
const optionalDate = (label: string) =>
  z
    .string()
    .nullish()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
    .pipe(dateField(label).nullable());

/** §3 "Money-management bot": what the create and update calls send. */
export const botFields = {
  bot_name: z
    .string({ error: BOT_MSG.nameRequired })
    .trim()
    .min(1, { error: BOT_MSG.nameRequired })
    .max(BOT_NAME_MAX, { error: BOT_MSG.nameTooLong }),
  account_id: accountIdField,
  /** The alert type's name (§7: trade_category as name). */
  trade_category: z
    .string({ error: BOT_MSG.categoryRequired })
    .trim()
    .min(1, { error: BOT_MSG.categoryRequired })
    .max(100, { error: BOT_MSG.categoryRequired })
    .refine(isBotCategory, { error: (i) => BOT_MSG.categoryExcluded(String(i.input)) }),
  alerts_from_date: dateField('Alerts from date'),
  alerts_to_date: dateField('Alerts to date'),
  risk_at_most: percentField('Risk at most'),
  reward_at_least: percentField('Reward at least'),
  /** Entry 1 and Entry 2 sizes (percent of the amount per trade), summing to 100. */
  low_buy_range_proportion: percentField('Entry 1 size'),
  high_buy_range_proportion: percentField('Entry 2 size'),
  /** Exit 1 and Exit 2 sizes, mirroring the entries. */
  low_target_range_proportion: percentField('Exit 1 size'),
  high_target_range_proportion: percentField('Exit 2 size'),
  amount_invested_per_trade: moneyField('Amount per trade', 1),
  max_no_of_trades: countField('Maximum number of trades', 1, TRADES_MAX),
  max_total_amount_set_to_invest: moneyField('Maximum total amount', 1),
  daily_trade_limit: countField('Daily trade limit', 1, TRADES_MAX),
  set_trailing_profit: switchField,
  trailing_profit: z.unknown().optional(),
  new_trailing_profit: z.unknown().optional(),
  trigger_percent: z.unknown().optional(),
  trading_notes: z
    .string({ error: BOT_MSG.notesTooLong })
    .max(TRADE_NOTE_MAX, { error: BOT_MSG.notesTooLong })
    .nullish()
    .transform((v) => v ?? ''),
  alert_price_greater_than: moneyField('Alert price greater than', 0),
  alert_price_less_than: moneyField('Alert price less than', 0),
  set_shares_outs: switchField,
  least_shares_outs: countField('Least shares outstanding', 0),
  max_shares_outs: countField('Most shares outstanding', 0),
  set_shares_float: switchField,
  least_shares_float: countField('Least shares float', 0),
  max_shares_float: countField('Most shares float', 0),
  set_average_volume: switchField,
  least_average_volume: countField('Least average volume', 0),
  max_average_volume: countField('Most average volume', 0),
  set_open_interest: switchField,
  open_interest_greater_than: countField('Open interest from', 0),
  open_interest_less_than: countField('Open interest to', 0),
  set_options_volume: switchField,
  min_options_volume: countField('Least options volume', 0),
  max_options_volume: countField('Most options volume', 0),
  expiration_from_date: optionalDate('Expiration from date'),
  expiration_to_date: optionalDate('Expiration to date'),
  /** The sector filter: ALL SECTORS, or the sectors taken. */
  selected_sectors: z
    .array(z.enum(BOT_SECTORS, { error: BOT_MSG.sector }), { error: BOT_MSG.sector })
    .max(BOT_SECTORS.length)
    .nullish()
    .transform((v) => (v === null || v === undefined || v.length === 0 ? [ALL_SECTORS] : [...new Set(v)])),
  options_strategy: z
    .enum(BOT_OPTIONS_STRATEGIES, { error: BOT_MSG.strategy })
    .nullish()
    .transform((v) => v ?? ''),
  set_entry_prices: switchField,
  entry_one_sign: z.enum(BOT_SIGNS, { error: BOT_MSG.sign('Entry 1 sign') }).default('minus'),
  entry_one_parameter: z
    .enum(BOT_ENTRY_REFERENCES, { error: BOT_MSG.entryReference('Entry 1 price') })
    .default('last_price'),
  entry_one_adder: moneyField('Entry 1 offset', 0).default(0),
  entry_two_sign: z.enum(BOT_SIGNS, { error: BOT_MSG.sign('Entry 2 sign') }).default('plus'),
  entry_two_parameter: z
    .enum(BOT_ENTRY_REFERENCES, { error: BOT_MSG.entryReference('Entry 2 price') })
    .default('last_price'),
  entry_two_adder: moneyField('Entry 2 offset', 0).default(0),
  split_100_percent_buy_range_shares_into_half_exit_ranges: switchField,
  strict_target_price: switchField,
  set_stop_loss_entry_price: switchField,
  stop_loss_entry_sign: z.enum(BOT_SIGNS, { error: BOT_MSG.sign('Stop loss sign') }).default('minus'),
  stop_loss_entry_parameter: z.enum(BOT_STOP_REFERENCES, { error: BOT_MSG.stopReference }).default('last_price'),
  stop_loss_entry_adder: moneyField('Stop loss offset', 0).default(0),
};

const trailingFields = {
  trailing_profit: moneyField('Trailing profit', TRAILING_MIN),
  new_trailing_profit: moneyField('New trailing profit', TRAILING_MIN),
  trigger_percent: moneyField('Trigger percent', TRAILING_MIN),
};
const TRAILING_LABELS = {
  trailing_profit: 'Trailing profit',
  new_trailing_profit: 'New trailing profit',
  trigger_percent: 'Trigger percent',
};

const RANGES = [
  ['least_shares_outs', 'max_shares_outs', 'shares outstanding'],
  ['least_shares_float', 'max_shares_float', 'shares float'],
  ['least_average_volume', 'max_average_volume', 'average volume'],
  ['open_interest_greater_than', 'open_interest_less_than', 'open interest'],
  ['min_options_volume', 'max_options_volume', 'options volume'],
] as const;

/** The rules across fields (§2.1, §5): sizes sum to 100, bounds in order, trailing settings when on. */
function botRules(raw: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const { v } = validOf(botFields, raw);
  const add = adder(ctx);
  const sum = (a?: number, b?: number) => (a === undefined || b === undefined ? null : Math.round((a + b) * 100));
  if (sum(v.low_buy_range_proportion, v.high_buy_range_proportion) !== null) {
    if (sum(v.low_buy_range_proportion, v.high_buy_range_proportion) !== 10_000)
      add(['high_buy_range_proportion'], BOT_MSG.entrySizes);
  }
  // §2.1: the exits mirror the entries (Exit 1 = Entry 1, Exit 2 = Entry 2): Entry 1's shares are
  // sold at one target and Entry 2's at the other, so the exit sizes follow from the entries.
  const pairs = [
    ['low_target_range_proportion', 'low_buy_range_proportion'],
    ['high_target_range_proportion', 'high_buy_range_proportion'],
  ] as const;
  for (const [exit, entry] of pairs) {
    const x = v[exit];
    const e = v[entry];
    if (x !== undefined && e !== undefined && x !== e) add([exit], BOT_MSG.exitSizes);
  }
  const per = v.amount_invested_per_trade;
  const total = v.max_total_amount_set_to_invest;
  if (per !== undefined && total !== undefined && total < per)
    add(['max_total_amount_set_to_invest'], BOT_MSG.totalBelowPerTrade);
  const from = v.alerts_from_date;
  const to = v.alerts_to_date;
  if (from !== undefined && to !== undefined && to < from)
    add(['alerts_to_date'], BOT_MSG.datesOrder('Alerts to date', 'alerts from date'));
  const eFrom = v.expiration_from_date;
  const eTo = v.expiration_to_date;
  if (eFrom && eTo && eTo < eFrom)
    add(['expiration_to_date'], BOT_MSG.datesOrder('Expiration to date', 'expiration from date'));
  const gt = v.alert_price_greater_than;
  const lt = v.alert_price_less_than;
  if (gt !== undefined && lt !== undefined && gt >= lt) add(['alert_price_less_than'], BOT_MSG.priceBounds);
  for (const [least, most, label] of RANGES) {
    const a = v[least];
    const b = v[most];
    if (a !== undefined && b !== undefined && a > b) add([least], BOT_MSG.minAboveMax(label));
  }
  if (v.set_trailing_profit === true) {
    for (const key of Object.keys(trailingFields) as (keyof typeof trailingFields)[]) {
      if (raw[key] === undefined || raw[key] === null || raw[key] === '') {
        add([key], BOT_MSG.trailingRequired(TRAILING_LABELS[key]));
        continue;
      }
      const parsed = trailingFields[key].safeParse(raw[key]);
      if (!parsed.success) add([key], parsed.error.issues[0]!.message);
    }
  }
}

/**
 * POST /livetrading/money-management-bot/create and /update/{id}/ (§7). Trailing settings are read
 * only when the switch is on (§5: shown only then); off, they are stored as 0.
 */
export const botBody = z
  .object(botFields)
  .check(z.superRefine(botRules, onObjects))
  .transform((b) => {
    const trailing = b.set_trailing_profit;
    const read = (key: keyof typeof trailingFields) => (trailing ? (trailingFields[key].parse(b[key]) as number) : 0);
    return {
      ...b,
      trailing_profit: read('trailing_profit'),
      new_trailing_profit: read('new_trailing_profit'),
      trigger_percent: read('trigger_percent'),
    };
  });
export type BotBody = z.output<typeof botBody>;
export type BotBodyIn = z.input<typeof botBody>;

/**
 * §5 "Alert dates and expiration dates cannot be before today" (`today`: New York's date). A date
 * the bot already had (`kept`: an update leaving it as it was) is not refused for having passed.
 */
export function botDateIssues(
  body: Pick<BotBody, 'alerts_from_date' | 'alerts_to_date' | 'expiration_from_date' | 'expiration_to_date'>,
  today: string,
  kept: Partial<
    Record<'alerts_from_date' | 'alerts_to_date' | 'expiration_from_date' | 'expiration_to_date', string | null>
  > = {},
): { path: string[]; message: string }[] {
  const out: { path: string[]; message: string }[] = [];
  const labels = {
    alerts_from_date: 'Alerts from date',
    alerts_to_date: 'Alerts to date',
    expiration_from_date: 'Expiration from date',
    expiration_to_date: 'Expiration to date',
  } as const;
  for (const key of Object.keys(labels) as (keyof typeof labels)[]) {
    const date = body[key];
    if (date && date < today && kept[key] !== date)
      out.push({ path: [key], message: BOT_MSG.dateBeforeToday(labels[key]) });
  }
  return out;
}

/* ---- Defaults (§9 "Bot defaults (form reset)") ---------------------------------------------------- */

/** The form after a reset (§9); the alert dates are today and today plus 30 days (`botDefaults`). */
export const BOT_DEFAULTS = {
  bot_name: '',
  risk_at_most: 10,
  reward_at_least: 50,
  low_buy_range_proportion: 50,
  high_buy_range_proportion: 50,
  low_target_range_proportion: 50,
  high_target_range_proportion: 50,
  amount_invested_per_trade: 1000,
  max_no_of_trades: 10,
  max_total_amount_set_to_invest: 10000,
  daily_trade_limit: 20,
  set_trailing_profit: false,
  trailing_profit: 0,
  new_trailing_profit: 0,
  trigger_percent: 40,
  trading_notes: '',
  alert_price_greater_than: 0,
  alert_price_less_than: 100,
  set_shares_outs: false,
  least_shares_outs: 0,
  max_shares_outs: 100,
  set_shares_float: false,
  least_shares_float: 0,
  max_shares_float: 100,
  set_average_volume: false,
  least_average_volume: 0,
  max_average_volume: 100,
  set_open_interest: false,
  open_interest_greater_than: 0,
  open_interest_less_than: 100,
  set_options_volume: false,
  min_options_volume: 0,
  max_options_volume: 100,
  expiration_from_date: null,
  expiration_to_date: null,
  selected_sectors: [ALL_SECTORS],
  options_strategy: '',
  set_entry_prices: false,
  entry_one_sign: 'minus',
  entry_one_parameter: 'last_price',
  entry_one_adder: 0,
  entry_two_sign: 'plus',
  entry_two_parameter: 'last_price',
  entry_two_adder: 0,
  split_100_percent_buy_range_shares_into_half_exit_ranges: false,
  strict_target_price: false,
  set_stop_loss_entry_price: false,
  stop_loss_entry_sign: 'minus',
  stop_loss_entry_parameter: 'last_price',
  stop_loss_entry_adder: 0,
} as const;
/** The bot alert window a reset gives: today to today plus 30 days (§9, the second reading). */
export const BOT_ALERT_WINDOW_DAYS = 30;

/* ---- Answers (§3) ------------------------------------------------------------------------------ */

const num = z.number();
export const botTakenTradeSchema = z.object({
  trade_id: z.number(),
  order_id: z.string(),
  alert_id: z.number().nullable(),
  ticker: z.string(),
  mode: z.enum(['DEMO', 'LIVE']),
  status: z.string(),
  created: z.string(),
});
export type BotTakenTrade = z.infer<typeof botTakenTradeSchema>;

/** §9 "Bot performance", and the P/L of its trades. */
export const botPerformanceSchema = z.object({
  trades_taken: num,
  trades_left: num,
  amount_invested: z.string(),
  amount_left: z.string(),
  /** Realized P/L of the bot's trades (exact decimal text). */
  profit_loss: z.string(),
});
export type BotPerformanceDto = z.infer<typeof botPerformanceSchema>;

export const botSchema = z.object({
  id: num,
  bot_name: z.string(),
  created: z.string(),
  active: z.boolean(),
  archived: z.boolean(),
  /** The owner (the admin views). */
  email: z.string(),
  name: z.string(),
  trade_account: z.object({ account_id: z.string(), mode: z.enum(['DEMO', 'LIVE']) }),
  trade_category: z.object({ name: z.string(), category: z.string() }),
  alerts_from_date: z.string(),
  alerts_to_date: z.string(),
  risk_at_most: num,
  reward_at_least: num,
  low_buy_range_proportion: num,
  high_buy_range_proportion: num,
  low_target_range_proportion: num,
  high_target_range_proportion: num,
  amount_invested_per_trade: num,
  max_no_of_trades: num,
  max_total_amount_set_to_invest: num,
  daily_trade_limit: num,
  set_trailing_profit: z.boolean(),
  trailing_profit: num,
  new_trailing_profit: num,
  trigger_percent: num,
  trading_notes: z.string(),
  alert_price_greater_than: num,
  alert_price_less_than: num,
  set_shares_outs: z.boolean(),
  least_shares_outs: num,
  max_shares_outs: num,
  set_shares_float: z.boolean(),
  least_shares_float: num,
  max_shares_float: num,
  set_average_volume: z.boolean(),
  least_average_volume: num,
  max_average_volume: num,
  set_open_interest: z.boolean(),
  open_interest_greater_than: num,
  open_interest_less_than: num,
  set_options_volume: z.boolean(),
  min_options_volume: num,
  max_options_volume: num,
  expiration_from_date: z.string().nullable(),
  expiration_to_date: z.string().nullable(),
  /** The first sector taken, or ALL SECTORS (§3 alert_sector). */
  alert_sector: z.string(),
  selected_sectors: z.array(z.string()),
  options_strategy: z.string(),
  set_entry_prices: z.boolean(),
  entry_one_sign: z.enum(BOT_SIGNS),
  entry_one_parameter: z.enum(BOT_ENTRY_REFERENCES),
  entry_one_adder: num,
  entry_two_sign: z.enum(BOT_SIGNS),
  entry_two_parameter: z.enum(BOT_ENTRY_REFERENCES),
  entry_two_adder: num,
  split_100_percent_buy_range_shares_into_half_exit_ranges: z.boolean(),
  strict_target_price: z.boolean(),
  set_stop_loss_entry_price: z.boolean(),
  stop_loss_entry_sign: z.enum(BOT_SIGNS),
  stop_loss_entry_parameter: z.enum(BOT_STOP_REFERENCES),
  stop_loss_entry_adder: num,
  taken_trades: z.array(botTakenTradeSchema),
  performance: botPerformanceSchema,
});
export type BotDto = z.infer<typeof botSchema>;

export const botListSchema = z.object({ data: z.array(botSchema) });
export type BotList = z.infer<typeof botListSchema>;
/** A create, update, deactivate, archive or un-archive: what was done, and the bots after it (newest first). */
export const botChangeSchema = messageSchema.extend({ data: z.array(botSchema) });
export type BotChange = z.infer<typeof botChangeSchema>;

export const botLogSchema = z.object({ id: num, text: z.string(), created: z.string() });
export type BotLogDto = z.infer<typeof botLogSchema>;
export const botLogsSchema = z.object({ data: z.array(botLogSchema) });
export type BotLogs = z.infer<typeof botLogsSchema>;

export const botOwnerSchema = z.object({ email: z.string(), name: z.string(), bots: num });
export const botOwnersSchema = z.object({ data: z.array(botOwnerSchema) });
export type BotOwners = z.infer<typeof botOwnersSchema>;

/* ---- Replay on past alerts (issue 26, beyond the spec) ------------------------------------------ */

export const BOT_REPLAY_DAYS = { min: 1, max: 365, default: 90 } as const;
/** The most alerts a replay reads (oldest first within its days). */
export const BOT_REPLAY_ALERTS_MAX = 2000;
export const BOT_REPLAY_MSG = {
  days: `Replay ${BOT_REPLAY_DAYS.min} to ${BOT_REPLAY_DAYS.max} days.`,
  sharesOnly: 'Replay runs on stock alerts: options alerts have no price history here.',
} as const;

/** POST /livetrading/money-management-bot/replay/: the form as it stands (saved or not) and how many days back. */
export const botReplayBody = z.object({
  bot: botBody,
  days: z
    .number({ error: BOT_REPLAY_MSG.days })
    .int({ error: BOT_REPLAY_MSG.days })
    .min(BOT_REPLAY_DAYS.min, { error: BOT_REPLAY_MSG.days })
    .max(BOT_REPLAY_DAYS.max, { error: BOT_REPLAY_MSG.days }),
});
export type BotReplayBody = z.infer<typeof botReplayBody>;

export const botReplaySchema = z.object({
  days: num,
  /** The alerts of the bot's category published in those days. */
  alerts: num,
  trades: z.array(
    z.object({
      alert_id: num,
      ticker: z.string(),
      day: z.string(),
      status: z.string(),
      /** Realised P/L, plus what is still held valued at the last close (exact decimal text). */
      profit_loss: z.string(),
    }),
  ),
  skipped: z.array(z.object({ alert_id: num, ticker: z.string(), day: z.string(), reason: z.string() })),
  summary: z.object({
    taken: num,
    skipped: num,
    wins: num,
    losses: num,
    /** Wins over trades that made or lost money, in percent; null before any did. */
    win_rate: num.nullable(),
    profit_loss: z.string(),
    max_drawdown: z.string(),
  }),
  /** The running P/L after each trade closed (epoch seconds), oldest first. */
  equity: z.array(z.object({ time: num, value: num })),
});
export type BotReplayResult = z.infer<typeof botReplaySchema>;

/* ---- Calls (§7) -------------------------------------------------------------------------------- */

const botIdParams = z.object({ id: textIdField('Bot ID must be a positive whole number.') });
const botIdQuery = z.object({ bot_id: textIdField('Bot ID must be a positive whole number.') });
const userEmailQuery = z.object({ user_email: z.string().trim().max(254).optional() });
const TAG = 'Money-management bots';
const ADMIN_TAG = 'Admin: bots';
const BOT_ERRORS = [400, 401, 403, 404, 409] as const;

export const BOTS_API = {
  create: operation({
    method: 'POST',
    path: '/livetrading/money-management-bot/create',
    operationId: 'createBot',
    summary: 'Create a money-management bot; answers the bots, newest first',
    tag: TAG,
    body: botBody,
    response: botChangeSchema,
    errors: [400, 401, 403],
  }),
  update: operation({
    method: 'POST',
    path: '/livetrading/money-management-bot/update/:id/',
    operationId: 'updateBot',
    summary: "Change one of the caller's bots; answers the bots, newest first",
    tag: TAG,
    params: botIdParams,
    body: botBody,
    response: botChangeSchema,
    errors: BOT_ERRORS,
  }),
  deactivate: operation({
    method: 'POST',
    path: '/livetrading/money-management-bot/deactivate/:id/',
    operationId: 'deactivateBot',
    summary: 'Stop a bot from taking alerts (its placed trades carry on); answers the bots',
    tag: TAG,
    params: botIdParams,
    response: botChangeSchema,
    errors: BOT_ERRORS,
  }),
  archive: operation({
    method: 'POST',
    path: '/livetrading/money-management-bot/archive/:id/',
    operationId: 'archiveBot',
    summary: 'Archive an inactive bot; answers the bots',
    tag: TAG,
    params: botIdParams,
    response: botChangeSchema,
    errors: BOT_ERRORS,
  }),
  unarchive: operation({
    method: 'POST',
    path: '/livetrading/money-management-bot/unarchive/:id/',
    operationId: 'unarchiveBot',
    summary: 'Un-archive a bot; answers the archived bots',
    tag: TAG,
    params: botIdParams,
    response: botChangeSchema,
    errors: BOT_ERRORS,
  }),
  bots: operation({
    method: 'GET',
    path: '/livetrading/money-management-bot/bots',
    operationId: 'listBots',
    summary: "The caller's bots that are not archived, newest first",
    tag: TAG,
    response: botListSchema,
    errors: [401, 403],
  }),
  archivedBots: operation({
    method: 'GET',
    path: '/livetrading/money-management-bot/archived-bots',
    operationId: 'listArchivedBots',
    summary: "The caller's archived bots, newest first",
    tag: TAG,
    response: botListSchema,
    errors: [401, 403],
  }),
  logs: operation({
    method: 'GET',
    path: '/logs/management-bot',
    operationId: 'getBotLogs',
    summary: "One of the caller's bots' log: what it took and skipped, and why, newest first",
    tag: TAG,
    query: botIdQuery,
    response: botLogsSchema,
    errors: [400, 401, 403, 404],
  }),
  replay: operation({
    method: 'POST',
    path: '/livetrading/money-management-bot/replay/',
    operationId: 'replayBot',
    summary:
      "Run a bot's settings over the alerts and bars of the last days: the trades it would have taken, those it skipped and why",
    tag: TAG,
    body: botReplayBody,
    response: botReplaySchema,
    errors: [400, 401, 403, 503],
  }),
  adminBots: operation({
    method: 'GET',
    path: '/management/money-management-bots',
    operationId: 'adminListBots',
    summary: "Every user's bots (or one user's, by e-mail), with their owners (super users)",
    tag: ADMIN_TAG,
    query: userEmailQuery,
    response: botListSchema,
    errors: [400, 401, 403],
  }),
  adminBotUsers: operation({
    method: 'GET',
    path: '/management/users-with-mmbot',
    operationId: 'adminListBotOwners',
    summary: 'The users who have bots (super users)',
    tag: ADMIN_TAG,
    response: botOwnersSchema,
    errors: [401, 403],
  }),
  adminLogs: operation({
    method: 'GET',
    path: '/management/money-management-bot-logs',
    operationId: 'adminGetBotLogs',
    summary: "Any bot's log (super users)",
    tag: ADMIN_TAG,
    query: botIdQuery,
    response: botLogsSchema,
    errors: [400, 401, 403, 404],
  }),
} as const;
