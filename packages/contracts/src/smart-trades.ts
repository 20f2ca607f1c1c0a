/**
 * Smart trades (2-trading §2-§9, issue 13): the constants and messages of the area, free of zod
 * (the dashboard shows them: first-download.test.ts). The rest of the area's contracts:
 * - smart-trades-fields.ts: the pieces the schemas are built of (a trade's price field, ids, notes);
 * - smart-trades-conditions.ts: condition rows (requests and answers);
 * - smart-trades-answers.ts: what the calls answer (the trade DTO, logs, templates, the demo account);
 * - smart-trades-forms.ts: the trade bodies with the rules of §5.1-§5.3, and the cancel-by check;
 * - smart-trades-requests.ts: edits of a placed trade, templates, sharing, queries;
 * - smart-trades-api.ts: the operations (SMART_TRADES_API).
 */
import { MARKET_MSG } from './trading-texts';

/* ---- Constants (2-trading §3, §4, §9) ---------------------------------------------------------- */

export const TRADE_TYPES = ['ALERT', 'DIONE', 'CUSTOM', 'ADVANCED', 'SMT TEMPLATE', 'MB'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];
/** Kinds a trader places with the custom / alert-based payload (ADVANCED has its own; MB is placed by a bot). */
export const BASIC_TRADE_TYPES = ['ALERT', 'DIONE', 'CUSTOM', 'SMT TEMPLATE'] as const;
export type BasicTradeType = (typeof BASIC_TRADE_TYPES)[number];

export const TRADE_STATUSES = ['DRAFT', 'PENDING', 'OPEN', 'COMPLETED', 'CANCELLED', 'FAIL'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
/** The 'All' list's status groups in order (2-trading §2.2), each newest first. */
export const TRADE_STATUS_ORDER = ['DRAFT', 'PENDING', 'FAIL', 'OPEN', 'COMPLETED', 'CANCELLED'] as const;
/** Prices and conditions can be changed in these statuses only (§4). */
/** The 'All' list's order (2-trading §2.2): by status group in TRADE_STATUS_ORDER, newest first in each. */
export function byStatusThenNewest<T extends { status: TradeStatus; created: string; id: number }>(rows: T[]): T[] {
  const rank = (s: TradeStatus) => TRADE_STATUS_ORDER.indexOf(s);
  return [...rows].sort((a, b) => rank(a.status) - rank(b.status) || b.created.localeCompare(a.created) || b.id - a.id);
}

export const EDITABLE_STATUSES = ['PENDING', 'OPEN'] as const;

export const STOCK_TYPES = ['STOCKS', 'OPTIONS'] as const;
export type StockType = (typeof STOCK_TYPES)[number];
export const TRADE_TABS = ['Equity', 'Options'] as const;

/** §4 "Range status": completed and bought is Completed, completed without buying Cancelled, else Open. */
export const RANGE_STATUSES = ['Open', 'Completed', 'Cancelled'] as const;
export type RangeStatus = (typeof RANGE_STATUSES)[number];
export function rangeStatusOf(range: { completed: boolean; buy_filled: boolean }): RangeStatus {
  if (!range.completed) return 'Open';
  return range.buy_filled ? 'Completed' : 'Cancelled';
}

// Options ranges of advanced trades (§3 "Range").
export const BUY_INSTRUCTIONS = ['buy_to_open', 'sell_to_open'] as const;
export const SELL_INSTRUCTIONS = ['buy_to_close', 'sell_to_close'] as const;
export const CALL_OR_PUT = ['call', 'put'] as const;
/** Legs of a basic options trade are fixed: leg one the CALL, leg two the PUT (§5.2). */
export const LEG_TYPES = { legOne: 'CALL', legTwo: 'PUT' } as const;

// Conditions (§3 "Condition", §9).
export const CONDITION_TYPES = ['Price', 'TA', 'Order Filled', 'ACTION'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const CONDITION_OUTCOMES = ['greater_than', 'less_than', 'equal_to'] as const;
export type ConditionOutcome = (typeof CONDITION_OUTCOMES)[number];
export const PRICE_TYPES = ['last price', 'ask price', 'bid price'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
/** An action trades at a quote, or at a price the trader enters ('custom price', with `customPrice`). */
export const ACTION_PRICE_TYPES = [...PRICE_TYPES, 'custom price'] as const;
export type ActionPriceType = (typeof ACTION_PRICE_TYPES)[number];
export const ACTION_TYPES = ['execute', 'cancel'] as const;
export const ACTION_SIGNS = ['plus', 'minus'] as const;

// Broker orders (§5.5, §9): the monitor's modify and the position exit.
export const ORDER_TYPES = ['limit', 'market', 'stop', 'stop_limit', 'debit', 'credit'] as const;
export const ORDER_DURATIONS = ['gtc', 'day', 'pre', 'post'] as const;
export const ORDER_SIDES = ['sell', 'sell_short', 'sell_to_open', 'sell_to_close'] as const;
export const ORDER_CLASSES = ['option', 'equity'] as const;

// Templates (§3 "Trade template", §5.6, §9).
export const TEMPLATE_ENTRIES = [
  'BUY RANGE LOW',
  'BUY RANGE HIGH',
  'TARGET RANGE LOW',
  'TARGET RANGE HIGH',
  'STOP LOSS',
] as const;
export type TemplateEntry = (typeof TEMPLATE_ENTRIES)[number];
export const PERCENTAGE_TYPES = ['LESS', 'EXCEED'] as const;
export type PercentageType = (typeof PERCENTAGE_TYPES)[number];
/** LESS for buy ranges and stop loss, EXCEED for targets. */
export const TEMPLATE_PERCENTAGE_TYPE: Record<TemplateEntry, PercentageType> = {
  'BUY RANGE LOW': 'LESS',
  'BUY RANGE HIGH': 'LESS',
  'TARGET RANGE LOW': 'EXCEED',
  'TARGET RANGE HIGH': 'EXCEED',
  'STOP LOSS': 'LESS',
};
/** Template caps: 100 % below the price (buy ranges, stop loss), 500 % above it (targets). */
export const TEMPLATE_PERCENT_MAX: Record<PercentageType, number> = { LESS: 100, EXCEED: 500 };
export const TEMPLATE_BASES = ['Ask Price', 'Last Price', 'Bid Price'] as const;
export type TemplateBasis = (typeof TEMPLATE_BASES)[number];
export const TEMPLATE_NAME_MAX = 100;

// Sharing (§3 "Shared item", §5.4, §7).
export const SHARING_TYPES = ['single', 'multiple', 'users-on-plan', 'all'] as const;
export type SharingType = (typeof SHARING_TYPES)[number];
/** What a shared item is: a smart trade or a money-management bot (the `type` query of the shared lists). */
export const SHARE_ITEM_TYPES = ['TRADE', 'BOT'] as const;
export type ShareItemType = (typeof SHARE_ITEM_TYPES)[number];
/** Most e-mail addresses one 'multiple' share may name. */
export const SHARE_USERS_MAX = 500;

/** Defaults of the drawers (§3, §9). */
export const TRADE_DEFAULTS = {
  trigger_percent: 40,
  trailing_profit: 0,
  new_trailing_profit: 0,
  /** The advanced drawer's initial stop loss. */
  advanced_stop_loss: 0.1,
} as const;
/** Shares of the drawers: custom 100 split 50/50, alert 2 split 1/1 (§4 "Amount splitting"). */
export const DEFAULT_SHARES = {
  custom: { total: 100, low: 50, high: 50 },
  alert: { total: 2, low: 1, high: 1 },
} as const;
/** Trailing profit, new trailing profit and trigger percent are at least 1 (%) when set (§5.1, §5.3, §5.5). */
export const TRAILING_MIN = 1;
export const TRAILING_PERCENT_MAX = 100;
/** A gain of the peak over the entry: options can gain far more than 100 %. */
export const TRIGGER_PERCENT_MAX = 10_000;
/** Decimals of a percent field. */
export const PERCENT_DECIMALS = 2;
export const TRADE_NOTE_MAX = 2000;
/** The cancel-by time zone: fixed (§5.1). */
export const TRADE_TIME_ZONE = 'America/New_York';
/** How the web sends the cancel-by time (§9): unpadded day, minute and second are accepted. */
export const CANCEL_BY_FORMAT = 'YYYY-MM-D HH:m:s';
/** What drafts send for an options date left unset (§9): read as absent. */
export const OPTIONS_DATE_PLACEHOLDER = '01-01-2021';
export const STRIKE_MAX = 10_000_000;
export const STRIKE_STEP = 0.5;
export const PRICE_STEP = 0.01;
/** The trade details modal's price step (§5.5). */
export const DETAILS_PRICE_STEP = 0.001;
export const ACTION_VALUE_STEP = 0.01;
/** Our own bounds on the size of an advanced trade. */
export const EXTRA_RANGES_MAX = 20;
export const CONDITION_ROWS_MAX = 20;
export const CONDITION_ITEMS_MAX = 10;
/** A basic trade's ranges 1 and 2 are its two buy ranges; its extra ranges are numbered from 3. */
export const BASIC_RANGE_COUNT = 2;

/* ---- Messages ------------------------------------------------------------------------------------ */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * Texts of the smart-trade area: the spec's words (2-trading §5, §8, §9; 1-core §2 for the demo
 * reset) where it gives them, our own (marked) where it does not. The server answers them, the web
 * shows them from here.
 */
export const TRADE_MSG = {
  // §5.1 Custom trade form
  buyLowBelowHigh: 'Buy Range Low must Be Lower Than Buy Range High',
  buyHighAboveLow: 'Buy Range High must Be Higher Than Buy Range Low',
  targetLowBelowHigh: 'Target Range low must Be Lower Than Target Range High',
  targetHighAboveLow: 'Target Range High must Be Higher Than Target Range Low',
  invalidStopLoss: 'Invalid stop loss',
  reviewContracts: 'Please review your input for number of contracts',
  reviewInput: 'Please review your input',
  dateSetInPast: 'Date set must be greater than current time.',
  incompleteExtraBuy: (n: number) => `Incomplete buy range for Range ${n}`,
  incompleteExtraTarget: (n: number) => `Incomplete target range for Range ${n}`,
  checkInputs: 'Please check your inputs',
  // §5.2 Trade confirmation
  confirmBuyRange: 'Buy Range High must be greater than Buy Range Low.',
  confirmTargetRange: 'Target Range High must be greater than Target Range Low.',
  confirmStopLoss: 'Stop Loss must be smaller than buy range low.',
  cancelByPast: 'Your date and time selection must be greater than the current time',
  trailingPositive: 'Trailing profit must be greater than 0%',
  newTrailingPositive: 'New trailing profit must be greater than 0%',
  triggerAboveTrailing: 'Trigger percent must be greater than trailing profit',
  invalidStrategy: MARKET_MSG.strategyInvalid,
  strangleOrder: 'LEG ONE STRIKE PRICE must be greater than LEG TWO STRIKE PRICE',
  strangleUnequal: 'Two leg strikes are meant to be unequal for STRANGLE type.',
  straddleEqual: 'Two leg strikes are meant to be equal for STRADDLE type.',
  checkPrices: 'Check your input for the buy ranges, target ranges and stop loss.',
  validationError: 'Validation error',
  // §5.3 Advanced trade drawer
  incompleteBuyRange: (n: number) => `Incomplete Buy Range for Range ${n}`,
  incompleteBuyQuantity: (n: number) => `Incomplete Buy Quantity for Range ${n}`,
  setBuyInstruction: (n: number) => `Set buy instruction for Range ${n}`,
  incompleteExpiration: (n: number) => `Incomplete Expiration Date for Range ${n}`,
  setStrike: (n: number) => `Set Strike for Range ${n}`,
  setCallOrPut: (n: number) => `Set Call or Put for Range ${n}`,
  incompleteTargetRange: (n: number) => `Incomplete Target Range for Range ${n}`,
  incompleteSellQuantity: (n: number) => `Incomplete Sell Quantity for Range ${n}`,
  setSellInstruction: (n: number) => `Set sell instruction for Range ${n}`,
  expirationFormat: 'Your expiration date must be in the format YYYY-MM-DD',
  /** 'Invalid day for February' (§5.3); said of any month whose days it passes (our extension). */
  invalidDayFor: (month: string) => `Invalid day for ${month}`,
  addExtraRange: 'Please add at least one extra range for this trade!',
  assignAction: 'Please assign an action to all defined conditions.',
  stopLossBelowRanges:
    'Please check your stop loss. Stop loss cannot be greater or equal to any of the buy ranges or target ranges',
  adjustBuyTarget: (n: number) => `Please adjust buy range and target range for Range ${n}`,
  checkRanges: 'Please check your ranges',
  addRangeFirst: 'Please add at least one range before proceeding',
  createRangeFirst: 'Please create at least one range before proceeding with this action',
  // §5.4 Sharing
  shareEmailRequired: "Please provide the user's email.",
  shareUsersRequired: 'Please provide the users to send to',
  sharePlanRequired: 'Select a plan.',
  // §5.5 Range edit
  pleaseInput: (title: string) => `Please Input ${title}!`,
  // §8 Error catalogue
  shared: 'Sharing made successfully!',
  shareFailed: 'Failed to share.',
  orderModified: 'Order modified successfully',
  orderModifyFailed: 'Failed to modify order',
  orderPlaced: 'Order placed successfully',
  orderPlaceFailed: 'Failed to place order',
  technicalsFailed: 'Failed to fetch technicals',
  sharedFetchFailed: 'An error occured while fetching shared DRAT data.',
  alertNotFoundDione: 'Alert not found. This was probably a Dione Trade.',
  // §9 and 1-core §2
  estimates: 'All values are Estimates',
  confirmResetDemo: 'Are you sure you want to reset your demo account ?',

  // Our own words, where the spec gives none.
  mustBePositive: (label: string) => `${label} must be greater than 0.`,
  tooPrecise: (label: string, places: number) => `${label} has more than ${places} decimals.`,
  trailingMin: (label: string) => `${label} must be at least ${TRAILING_MIN}%.`,
  stopLossZero: 'Stop loss may not be zero.',
  cancelByRequired: 'Choose the date and time to cancel the trade by if it is not filled.',
  cancelByFormat: `Give the cancel-by date and time as ${CANCEL_BY_FORMAT} (New York time).`,
  timeZoneFixed: `The cancel-by time is New York time (${TRADE_TIME_ZONE}).`,
  notesTooLong: `Trade notes must be at most ${TRADE_NOTE_MAX.toLocaleString('en-US')} characters.`,
  tradeTypeInvalid: (allowed: readonly string[]) =>
    allowed.length === 1 ? `Trade type must be ${allowed[0]}.` : `Trade type must be one of: ${allowed.join(', ')}.`,
  alertIdRequired: 'A trade made from an alert names its alert (alert_id).',
  accountRequired: 'Choose the brokerage account to trade on.',
  optionsNeedStrategy: 'Strikes and expirations come with a strategy: BUY CALL, BUY PUT, STRANGLE or STRADDLE.',
  strikeRequired: 'Enter the strike price.',
  expirationRequired: 'Enter the expiration date.',
  legsSameExpiration: 'Both legs expire on the same date.',
  legOneCall: 'Leg one is the CALL.',
  legTwoPut: 'Leg two is the PUT.',
  tooManyRanges: `A trade has at most ${EXTRA_RANGES_MAX} ranges.`,
  tooManyConditions: `A trade has at most ${CONDITION_ROWS_MAX} condition rows of ${CONDITION_ITEMS_MAX} items each.`,
  conditionTypeInvalid: `Condition type must be one of: ${CONDITION_TYPES.join(', ')}.`,
  oneActionPerRow: 'A condition row has one action.',
  conditionBeforeAction: 'Add a condition before the action.',
  orderKeyInvalid: 'Choose an order: buy_range_N (the buy of range N) or sell_range_N (its target).',
  unknownRange: (n: number) => `There is no Range ${n} in this trade.`,
  valueRequired: 'Enter the value to compare the price with.',
  customPriceRequired: 'Enter the custom price.',
  idInvalid: (label: string) => `${label} must be a positive whole number.`,
  orderIdInvalid: 'Give the order_id of the trade.',
  templateNameRequired: 'Please input the template name.',
  templateEntryMissing: (entry: string) => `Give the ${entry} percentage.`,
  templateEntryTwice: (entry: string) => `${entry} is given more than once.`,
  templateEntryInvalid: `Entry name must be one of: ${TEMPLATE_ENTRIES.join(', ')}.`,
  templatePercentRange: (entry: string, max: number) => `The ${entry} percentage must be from 0 to ${max}.`,
  templatePercentType: (entry: string, type: PercentageType) => `The percentage type of ${entry} is ${type}.`,
  templateBasis: `Choose what the percentage is based on: ${TEMPLATE_BASES.join(', ')}.`,
  sharingTypeInvalid: `Choose how to share: ${SHARING_TYPES.join(', ')}.`,
  shareEmailInvalid: (email: string) => `${email} is not a valid e-mail address.`,
  shareTargetRequired: 'Choose the trade or the bot to share.',
  shareTargetBoth: 'Share a trade or a bot, not both.',
  // Answers of the server (its own words).
  tradeNotFound: 'Trade not found.',
  accountNotYours: 'Choose one of your brokerage accounts.',
  mbOnlyBots: 'Only a money-management bot places MB trades.',
  unknownTicker: (ticker: string) => `${ticker} is not a symbol the market knows.`,
  unknownOption: (symbol: string) => `There is no option ${symbol}: check the strike and the expiration.`,
  templateNotFound: 'Template not found.',
  shortOptionsUnsupported: (n: number) =>
    `Range ${n}: a range buys to open and sells to close; writing options (sell to open) is not offered.`,
  taNeedsIndicator: 'Compare an indicator (SMA or EMA) with the price or with another indicator.',
  advancedOnlySuper: 'Only super users can place advanced smart trades.',
  conditionsOnlySuper: 'Only super users can edit the conditions of a trade.',
  conditionsOnlyAdvanced: 'Only an advanced trade has condition rows.',
  draftNotFound: 'Draft not found.',
  advancedRangesEdit: "An advanced trade's ranges are changed one by one (range edit).",
  templatesSuperOnly: 'Only super users can use trade templates.',
  noQuotePrice: (ticker: string, basis: string) => `${ticker} has no ${basis} right now to apply the template to.`,
  draftSaved: 'Draft saved successfully',
  tradePlaced: 'Trade placed successfully',
  /** The inbox message and toast of a trade whose buys the broker refused after it was placed. */
  tradeFailedTitle: (id: number, ticker: string) => `Trade ${id} (${ticker}) failed`,
  tradeFailedContent: (reason: string) => `The broker refused its orders: ${reason}`,
  tradeFailedNoReason: 'no reason given',
  /** The inbox message of one order refused while the trade goes on (the other range runs). */
  orderRefusedTitle: (id: number, ticker: string) => `Trade ${id} (${ticker}): an order was refused`,
  orderRefusedContent: (side: 'buy' | 'sell', reason: string) =>
    `The broker refused a ${side} order of the trade: ${reason}. The rest of the trade goes on.`,
  /** The inbox message of a fill the broker reported after confirming the order's cancel. */
  lateFillTitle: (id: number, ticker: string) => `Trade ${id} (${ticker}): filled after its cancel`,
  lateFillContent: (qty: string, side: 'buy' | 'sell') =>
    side === 'buy'
      ? `The broker filled ${qty} more of a buy after confirming its cancel. The trade counts them and sells them by its rules.`
      : `The broker filled ${qty} more of a sell after confirming its cancel. The trade counts them as sold.`,
  draftDeleted: 'Draft deleted successfully',
  onlyDraftsDeleted: 'Only a draft can be deleted; cancel a placed trade instead.',
  tradeCancelled: 'Trade cancelled successfully',
  cannotCancel: 'Only a pending or open trade can be cancelled.',
  tradeArchived: 'Trade archived successfully',
  tradeUnarchived: 'Trade un-archived successfully',
  onlyFinishedArchived: 'Only a completed or cancelled trade can be archived.',
  tradeEdited: 'Trade updated successfully',
  notEditable: 'Prices and conditions can be changed only while the trade is PENDING or OPEN.',
  templateCreated: 'Template created successfully',
  templateUpdated: 'Template updated successfully',
  templateDeleted: 'Template deleted successfully',
  demoReset: 'Your demo account has been reset.',
  shareSingleOnly:
    'Live traders share a trade with one user, by e-mail; sharing with several users, a plan or all users is for super users.',
  shareWithSelf: 'You cannot share with yourself.',
  draftNotShared: 'A draft cannot be shared: place the trade first.',
  botNotFound: 'Money-management bot not found.',
  planNotFound: 'Plan not found.',
} as const;

/** The name of a month (1-12), for TRADE_MSG.invalidDayFor. */
export const monthName = (month: number): string => MONTHS[month - 1] ?? String(month);

/** Basic trade fields in words (messages of our own name them). */
export const TRADE_FIELD_LABELS = {
  buy_range_low: 'Buy Range Low',
  buy_range_high: 'Buy Range High',
  target_range_low: 'Target Range Low',
  target_range_high: 'Target Range High',
  stop_loss: 'Stop Loss',
  amount_buy_range_low: 'Amount',
  amount_buy_range_high: 'Amount',
} as const;

/* ---- Fields and issues ---------------------------------------------------------------------------- */

/** A place where a body breaks a rule, for the server's 400 (`{ [path[0]]: [message] }`). */
export interface TradeIssue {
  path: (string | number)[];
  message: string;
}

/** An order of a trade in conditions: `buy_range_N` (range N's buy) or `sell_range_N` (its target sell). */
export const ORDER_KEY_PATTERN = /^(buy|sell)_range_([1-9]\d{0,2})$/;
export type OrderKey = `${'buy' | 'sell'}_range_${number}`;
export function orderKeyOf(key: string): { range: number; side: 'buy' | 'sell' } | null {
  const m = ORDER_KEY_PATTERN.exec(key);
  return m ? { range: Number(m[2]), side: m[1] as 'buy' | 'sell' } : null;
}
