/**
 * The advanced drawer's form (2-trading §3 "Advanced trade draft", §4 "Advanced drawer modes",
 * §5.3) as pure functions: the values a trade opens with, the body sent from the values, and where
 * each issue of the contracts' schema goes on the form. The schema is the server's: the drawer says
 * under each field what the server would say.
 */
import type { z } from 'zod';
import {
  advancedTradeBody,
  CANCEL_BY_FORMAT,
  conditionRowIssues,
  conditionsEditBody,
  liveAdvancedTradeBody,
  TRADE_DEFAULTS,
  TRADE_TIME_ZONE,
  TRAILING_MIN,
  wordedIssue,
  type BUY_INSTRUCTIONS,
  type CALL_OR_PUT,
  type ConditionRow,
  type ConditionsEditBody,
  type SELL_INSTRUCTIONS,
  type SmartTradeDto,
  type TradeRangeDto,
} from '@drat/contracts';
import type { AdvancedTradeInput } from '../../api/trading';
import { ruleFieldShown, rowsToSend } from './conditionRows';

export type AdvancedMode = 'new' | 'retrade' | 'conditions';

/** A number input: null once cleared. */
type Num = number | null | undefined;

export interface RangeValues {
  buy_range?: Num;
  buy_range_quantity?: Num;
  target_range?: Num;
  target_range_quantity?: Num;
  buy_instruction?: (typeof BUY_INSTRUCTIONS)[number] | null;
  sell_instruction?: (typeof SELL_INSTRUCTIONS)[number] | null;
  expiration?: string | null;
  strike?: Num;
  call_or_put?: (typeof CALL_OR_PUT)[number] | null;
}

/** What the form needs of the date-time picker's value (a dayjs). */
export interface PickedTime {
  format(template: string): string;
}

export interface AdvancedValues {
  ticker: string;
  stop_loss: Num;
  extra_ranges: RangeValues[];
  conditions: ConditionRow[];
  set_trailing_profit: boolean;
  trailing_profit: Num;
  new_trailing_profit: Num;
  trigger_percent: Num;
  setCancelIfNotFilledBy: boolean;
  /** The cancel-by time, New York wall clock (sent as CANCEL_BY_FORMAT). */
  expiryDateTime: PickedTime | null;
  trade_notes: string;
}

const EQUITY_RANGE_FIELDS = ['buy_range', 'buy_range_quantity', 'target_range', 'target_range_quantity'] as const;
const OPTION_RANGE_FIELDS = ['buy_instruction', 'sell_instruction', 'expiration', 'strike', 'call_or_put'] as const;
/** The range fields the Equity or the Options tab shows. */
export const rangeFields = (options: boolean): readonly (keyof RangeValues)[] =>
  options ? [...EQUITY_RANGE_FIELDS, ...OPTION_RANGE_FIELDS] : EQUITY_RANGE_FIELDS;

/** The form's own fields (not in a list); the server's 400 lands on these names. */
export const ADVANCED_FIELDS = [
  'ticker',
  'stop_loss',
  'extra_ranges',
  'conditions',
  'trailing_profit',
  'new_trailing_profit',
  'trigger_percent',
  'expiryDateTime',
  'trade_notes',
] as const;

/** §4: the Options tab when the trade's first range has a strike. */
export const isOptionsTrade = (trade: SmartTradeDto | null | undefined) =>
  trade?.extra_ranges[0]?.strike !== null && trade?.extra_ranges[0]?.strike !== undefined;

/** A new range: nothing entered yet. */
export const emptyRange = (): RangeValues => ({});

/** A range of a trade as the form holds it: its buy, target and options fields. */
const rangeValuesOf = (r: TradeRangeDto): RangeValues =>
  Object.fromEntries(rangeFields(true).map((k) => [k, r[k]])) as RangeValues;

/**
 * The values the drawer opens with: a new trade's defaults (stop loss 0.1, trigger 40 %, one empty
 * condition row), or the fields of `trade` (a draft, a retrade, its conditions). `timeOf` reads the
 * trade's cancel-by text into the picker's value.
 */
export function valuesOf(
  trade: SmartTradeDto | null | undefined,
  timeOf: (text: string) => PickedTime | null,
): AdvancedValues {
  const conditions = trade?.conditions.length ? trade.conditions : [[]];
  return {
    ticker: trade?.ticker ?? '',
    stop_loss: trade ? trade.stop_loss : TRADE_DEFAULTS.advanced_stop_loss,
    extra_ranges: trade ? trade.extra_ranges.map(rangeValuesOf) : [],
    conditions,
    set_trailing_profit: trade?.set_trailing_profit ?? false,
    trailing_profit: trade?.trailing_profit || TRAILING_MIN,
    new_trailing_profit: trade?.new_trailing_profit || TRAILING_MIN,
    trigger_percent: trade?.trigger_percent ?? TRADE_DEFAULTS.trigger_percent,
    setCancelIfNotFilledBy: trade?.setCancelIfNotFilledBy ?? false,
    expiryDateTime: trade?.expiryDateTime ? timeOf(trade.expiryDateTime) : null,
    trade_notes: trade?.trade_notes ?? '',
  };
}

/** The draft a trade replaces: opened from a DRAFT row as a new trade (§2.2 'trade'). */
export const draftIdOf = (mode: AdvancedMode, trade: SmartTradeDto | null | undefined) =>
  mode === 'new' && trade?.status === 'DRAFT' ? trade.id : undefined;

const orUndefined = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

/**
 * The body of create-advanced-trade and draft-trade (§3 "Advanced trade draft"): the ranges with the
 * tab's fields, the condition rows holding something, the cancel-by time when it is on. `formIndex`
 * maps the sent condition rows back to the form's.
 */
export function advancedBodyOf(
  v: AdvancedValues,
  options: boolean,
  ctx: { accountId?: string | undefined; draftId?: number | undefined },
): { body: AdvancedTradeInput; formIndex: number[] } {
  const fields = rangeFields(options);
  const sent = rowsToSend(v.conditions ?? []);
  const cancelBy = v.setCancelIfNotFilledBy && v.expiryDateTime ? v.expiryDateTime.format(CANCEL_BY_FORMAT) : undefined;
  const body: AdvancedTradeInput = {
    ticker: (v.ticker ?? '').trim().toUpperCase(),
    trade_type: 'ADVANCED',
    account_id: ctx.accountId as string,
    is_options: options,
    stop_loss: orUndefined(v.stop_loss) as number,
    extra_ranges: (v.extra_ranges ?? []).map(
      (r) =>
        Object.fromEntries(fields.map((k) => [k, orUndefined(r[k])])) as AdvancedTradeInput['extra_ranges'][number],
    ),
    conditions: sent.rows,
    set_trailing_profit: v.set_trailing_profit,
    // Off, the trailing fields keep the schema's defaults.
    ...(v.set_trailing_profit
      ? {
          trailing_profit: orUndefined(v.trailing_profit),
          new_trailing_profit: orUndefined(v.new_trailing_profit),
          trigger_percent: orUndefined(v.trigger_percent),
        }
      : {}),
    trade_notes: v.trade_notes ?? '',
    setCancelIfNotFilledBy: v.setCancelIfNotFilledBy,
    expiryDateTime: cancelBy,
    timeZone: TRADE_TIME_ZONE,
    draft_id: ctx.draftId,
  };
  return { body, formIndex: sent.formIndex };
}

/** The body of the conditions edit of `trade` (§4 'edit conditions'). */
export function conditionsBodyOf(
  tradeId: number,
  rows: readonly ConditionRow[],
): { body: ConditionsEditBody; formIndex: number[] } {
  const sent = rowsToSend(rows);
  return { body: { trade_id: tradeId, conditions: sent.rows }, formIndex: sent.formIndex };
}

export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The schema's issues with `body`, in the contracts' words. */
function schemaIssues(schema: z.ZodType, body: unknown): Issue[] {
  const result = schema.safeParse(body, { error: wordedIssue });
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
}

/**
 * The issues of an advanced trade's body: the rules of placing it (liveAdvancedTradeBody: the
 * account is required), or of saving it as a draft (advancedTradeBody). The cancel-by time is
 * checked at the confirmation (cancelByInFuture).
 */
export const advancedIssues = (body: AdvancedTradeInput, draft: boolean) =>
  schemaIssues(draft ? advancedTradeBody : liveAdvancedTradeBody, body);

/** The issues of a conditions edit: the rows' own, and the orders they name among the trade's ranges. */
export const conditionsIssues = (body: ConditionsEditBody, rangeCount: number): Issue[] => [
  ...schemaIssues(conditionsEditBody, body),
  ...conditionRowIssues(body.conditions, rangeCount),
];

export type FieldName = (string | number)[];

export interface PlacedIssues {
  /** Errors per form field (antd's setFields). */
  fields: { name: FieldName; errors: string[] }[];
  /** Issues no field shows (the account, …): toasts. */
  general: string[];
}

/**
 * Where each issue shows on the form: on its field when the form shows one there (a range's field,
 * a condition's rule), else on the list or row holding it (the ranges, a condition row), else in
 * `general`. Condition rows are renumbered from the sent rows to the form's (`formIndex`).
 */
export function placeIssues(
  issues: readonly Issue[],
  v: AdvancedValues,
  options: boolean,
  formIndex: readonly number[],
): PlacedIssues {
  const fields = new Map<string, { name: FieldName; errors: string[] }>();
  const general: string[] = [];
  const put = (name: FieldName, message: string) => {
    const key = JSON.stringify(name);
    const entry = fields.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(message)) entry.errors.push(message);
    fields.set(key, entry);
  };
  for (const { path, message } of issues) {
    const name = fieldOf(path, v, options, formIndex);
    if (name) put(name, message);
    else if (!general.includes(message)) general.push(message);
  }
  return { fields: [...fields.values()], general };
}

function fieldOf(
  path: readonly PropertyKey[],
  v: AdvancedValues,
  options: boolean,
  formIndex: readonly number[],
): FieldName | null {
  const [top, i, key, rules, rule] = path;
  if (!(ADVANCED_FIELDS as readonly PropertyKey[]).includes(top ?? '')) return null;
  if (top === 'extra_ranges') {
    if (typeof i === 'number' && rangeFields(options).includes(key as keyof RangeValues))
      return [top, i, key as string];
    return [top];
  }
  if (top === 'conditions') {
    const row = typeof i === 'number' ? formIndex[i] : undefined;
    if (row === undefined) return [top];
    const item = typeof key === 'number' ? v.conditions[row]?.[key] : undefined;
    if (item && rules === 'rules' && typeof rule === 'string' && ruleFieldShown(item, rule)) {
      return [top, row, key as number, 'rules', rule];
    }
    return [top, row];
  }
  return [top as string];
}
