/**
 * The basic trade drawer's form (2-trading §2.4, §3 "Custom / alert-based trade payload", §4): what
 * it starts from (an alert, nothing, or a trade being traded again), the body it sends, and the
 * estimates the confirmation shows (§9). Pure, so each rule is tested on its own.
 */
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import {
  CANCEL_BY_FORMAT,
  optionsOf,
  SHARES,
  strategyField,
  tradeEstimate,
  type Estimate,
  DEFAULT_SHARES,
  TRADE_DEFAULTS,
  TRADE_TIME_ZONE,
  parseCancelBy,
  type AlertDto,
  type BasicTradeInput,
  type OptionStrategy,
  type SmartTradeDto,
  BASIC_TRADE_TYPES,
  type BasicTradeType,
} from '@drat/contracts';

/** Where a drawer starts: an alert's levels, an empty custom trade, or a trade of the list (draft, retrade, copy). */
export type TradeSource =
  | { kind: 'alert'; alert: AlertDto }
  | { kind: 'dione'; levels: DioneLevels }
  | { kind: 'custom'; template?: number }
  | { kind: 'trade'; trade: SmartTradeDto; as: 'draft' | 'retrade' | 'copy' };

/** A Dione result's levels for one term (1-core §3 "Dione result"). */
export interface DioneLevels {
  ticker: string;
  buy_range_low: number;
  buy_range_high: number;
  target_range_low: number;
  target_range_high: number;
  stop_loss: number;
}

export interface TradeFormValues {
  ticker: string;
  /** '' for shares; an options strategy otherwise. */
  strategy: OptionStrategy | '';
  singleStrike: number | null;
  singleExpiration: string;
  legOneStrike: number | null;
  legTwoStrike: number | null;
  legsExpiration: string;
  buy_range_low: number | null;
  buy_range_high: number | null;
  target_range_low: number | null;
  target_range_high: number | null;
  stop_loss: number | null;
  total: number;
  amount_buy_range_low: number;
  amount_buy_range_high: number;
  set_trailing_profit: boolean;
  trailing_profit: number;
  new_trailing_profit: number;
  trigger_percent: number;
  setCancelIfNotFilledBy: boolean;
  cancelBy: Dayjs | null;
  trade_notes: string;
}

const DEFAULTS = {
  set_trailing_profit: false,
  trailing_profit: 1,
  new_trailing_profit: 1,
  trigger_percent: TRADE_DEFAULTS.trigger_percent,
  setCancelIfNotFilledBy: false,
  cancelBy: null,
  trade_notes: '',
} as const;

const strategyOf = (s: string | null | undefined): OptionStrategy | '' =>
  s === 'BUY CALL' || s === 'BUY PUT' || s === 'STRANGLE' || s === 'STRADDLE' ? s : '';

type OptionFields = Pick<
  TradeFormValues,
  'strategy' | 'singleStrike' | 'singleExpiration' | 'legOneStrike' | 'legTwoStrike' | 'legsExpiration'
>;

/** The strategy and legs of an alert or a trade (both name them alike). */
function optionFieldsOf(
  x: Pick<
    AlertDto,
    'strategy' | 'singleStrike' | 'singleExpiration' | 'legOneStrike' | 'legTwoStrike' | 'legOneExpiration'
  >,
): OptionFields {
  return {
    strategy: strategyOf(x.strategy),
    singleStrike: x.singleStrike,
    singleExpiration: x.singleExpiration ?? '',
    legOneStrike: x.legOneStrike,
    legTwoStrike: x.legTwoStrike,
    legsExpiration: x.legOneExpiration ?? '',
  };
}

/**
 * The form's first values for a source (§4: alert drawer 2 shares 1/1, custom 100 split 50/50; a
 * Dione result's levels as an alert's).
 */
export function initialValues(source: TradeSource): TradeFormValues {
  const empty = {
    singleStrike: null,
    singleExpiration: '',
    legOneStrike: null,
    legTwoStrike: null,
    legsExpiration: '',
  };
  if (source.kind === 'custom') {
    const d = DEFAULT_SHARES.custom;
    return {
      ...DEFAULTS,
      ...empty,
      ticker: '',
      strategy: '',
      buy_range_low: null,
      buy_range_high: null,
      target_range_low: null,
      target_range_high: null,
      stop_loss: null,
      total: d.total,
      amount_buy_range_low: d.low,
      amount_buy_range_high: d.high,
    };
  }
  if (source.kind === 'dione') {
    const d = DEFAULT_SHARES.alert;
    return {
      ...DEFAULTS,
      ...empty,
      ...source.levels,
      strategy: '',
      total: d.total,
      amount_buy_range_low: d.low,
      amount_buy_range_high: d.high,
    };
  }
  if (source.kind === 'alert') {
    const a = source.alert;
    const d = DEFAULT_SHARES.alert;
    return {
      ...DEFAULTS,
      ticker: a.ticker,
      ...optionFieldsOf(a),
      buy_range_low: a.buy_range_low,
      buy_range_high: a.buy_range_high,
      target_range_low: a.target_range_low,
      target_range_high: a.target_range_high,
      stop_loss: a.stop_loss,
      total: d.total,
      amount_buy_range_low: d.low,
      amount_buy_range_high: d.high,
    };
  }
  const t = source.trade;
  const low = t.buy_range_1_stocks ?? 0;
  const high = t.buy_range_2_stocks ?? 0;
  // A draft keeps its cancel-by time; a retrade or copy starts without one (it has passed or will).
  const wall = source.as === 'draft' && t.expiryDateTime ? parseCancelBy(t.expiryDateTime) : null;
  const cancelBy = wall
    ? dayjs(new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second))
    : null;
  return {
    ticker: t.ticker,
    ...optionFieldsOf(t),
    buy_range_low: t.buy_range_1,
    buy_range_high: t.buy_range_2,
    target_range_low: t.target_range_low,
    target_range_high: t.target_range_high,
    stop_loss: t.stop_loss,
    total: low + high,
    amount_buy_range_low: low,
    amount_buy_range_high: high,
    set_trailing_profit: t.set_trailing_profit,
    trailing_profit: t.trailing_profit || 1,
    new_trailing_profit: t.new_trailing_profit || 1,
    trigger_percent: t.trigger_percent || TRADE_DEFAULTS.trigger_percent,
    setCancelIfNotFilledBy: cancelBy !== null && cancelBy.isValid(),
    cancelBy: cancelBy?.isValid() ? cancelBy : null,
    trade_notes: t.trade_notes ?? '',
  };
}

/**
 * The trade type a drawer sends: ALERT for an alert, SMT TEMPLATE when a template filled it, a
 * trade's own basic type when it is traded again (a bot's MB trade traded by hand is CUSTOM).
 */
export function tradeTypeOf(source: TradeSource, usedTemplate: boolean): BasicTradeType {
  if (source.kind === 'alert') return 'ALERT';
  if (source.kind === 'dione') return 'DIONE';
  const own = source.kind === 'trade' ? source.trade.trade_type : null;
  if (own && (BASIC_TRADE_TYPES as readonly string[]).includes(own)) return own as BasicTradeType;
  return usedTemplate ? 'SMT TEMPLATE' : 'CUSTOM';
}

const orNull = (n: number | null | undefined) => (n === null || n === undefined ? undefined : n);

/** The payload of §3 from the form (what the server and the contracts' schema check). */
export function bodyOf(source: TradeSource, v: TradeFormValues, usedTemplate = false): BasicTradeInput {
  const alertId = source.kind === 'alert' ? source.alert.id : source.kind === 'trade' ? source.trade.alert_id : null;
  const single = v.strategy === 'BUY CALL' || v.strategy === 'BUY PUT';
  const twoLegs = v.strategy === 'STRANGLE' || v.strategy === 'STRADDLE';
  return {
    ticker: v.ticker.trim().toUpperCase(),
    trade_type: tradeTypeOf(source, usedTemplate),
    ...(alertId !== null ? { alert_id: alertId } : {}),
    ...(source.kind === 'trade' && source.as === 'draft' ? { draft_id: source.trade.id } : {}),
    buy_range_low: orNull(v.buy_range_low) as number,
    buy_range_high: orNull(v.buy_range_high) as number,
    target_range_low: orNull(v.target_range_low) as number,
    target_range_high: orNull(v.target_range_high) as number,
    stop_loss: orNull(v.stop_loss) as number,
    amount_buy_range_low: v.amount_buy_range_low,
    amount_buy_range_high: v.amount_buy_range_high,
    ...(v.strategy ? { strategy: v.strategy } : {}),
    ...(single ? { singleStrike: orNull(v.singleStrike), singleExpiration: v.singleExpiration || undefined } : {}),
    ...(twoLegs
      ? {
          legOneStrike: orNull(v.legOneStrike),
          legTwoStrike: orNull(v.strategy === 'STRADDLE' ? v.legOneStrike : v.legTwoStrike),
          legOneExpiration: v.legsExpiration || undefined,
          legTwoExpiration: v.legsExpiration || undefined,
          legOneType: 'CALL',
          legTwoType: 'PUT',
        }
      : {}),
    set_trailing_profit: v.set_trailing_profit,
    trailing_profit: v.trailing_profit,
    new_trailing_profit: v.new_trailing_profit,
    trigger_percent: v.trigger_percent,
    setCancelIfNotFilledBy: v.setCancelIfNotFilledBy,
    ...(v.setCancelIfNotFilledBy && v.cancelBy
      ? { expiryDateTime: v.cancelBy.format(CANCEL_BY_FORMAT), timeZone: TRADE_TIME_ZONE }
      : {}),
    trade_notes: v.trade_notes ?? '',
  };
}

/** Where a body's field is on the form (the two legs share one expiration field). */
export function formFieldOf(key: string): keyof TradeFormValues | null {
  if (key === 'legOneExpiration' || key === 'legTwoExpiration') return 'legsExpiration';
  if (key === 'expiryDateTime' || key === 'timeZone') return 'cancelBy';
  return key in FORM_KEYS ? (key as keyof TradeFormValues) : null;
}
const FORM_KEYS: Record<keyof TradeFormValues, true> = {
  ticker: true,
  strategy: true,
  singleStrike: true,
  singleExpiration: true,
  legOneStrike: true,
  legTwoStrike: true,
  legsExpiration: true,
  buy_range_low: true,
  buy_range_high: true,
  target_range_low: true,
  target_range_high: true,
  stop_loss: true,
  total: true,
  amount_buy_range_low: true,
  amount_buy_range_high: true,
  set_trailing_profit: true,
  trailing_profit: true,
  new_trailing_profit: true,
  trigger_percent: true,
  setCancelIfNotFilledBy: true,
  cancelBy: true,
  trade_notes: true,
};
export const FORM_FIELDS = Object.keys(FORM_KEYS) as (keyof TradeFormValues)[];

/** The confirmation's estimates (§9: 'All values are Estimates'): exact, rounded once to cents. */
export function estimateOf(body: BasicTradeInput): Estimate {
  return tradeEstimate(
    [
      { price: body.buy_range_low ?? 0, quantity: body.amount_buy_range_low ?? 0 },
      { price: body.buy_range_high ?? 0, quantity: body.amount_buy_range_high ?? 0 },
    ],
    body.strategy ? optionsOf(strategyField.safeParse(body.strategy).data) : SHARES,
  );
}
