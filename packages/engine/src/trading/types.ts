/**
 * The smart-trade engine's data (docs/trading-rules.md). Everything is plain, JSON-serialisable
 * data: amounts, prices and quantities are decimal strings (exact; `Dec` computes with them), times
 * are epoch milliseconds given by the caller. The engine never reads a clock or a database.
 */

export type TradeStatus = 'DRAFT' | 'PENDING' | 'OPEN' | 'COMPLETED' | 'CANCELLED' | 'FAIL';

/** Why a trade is selling everything it holds. */
export type ExitReason = 'STOP_LOSS' | 'TRAILING_PROFIT' | 'USER_CANCEL';

/** What an order is for. BUY enters a range, TARGET sells it at its target, EXIT sells it now. */
export type OrderPurpose = 'BUY' | 'TARGET' | 'EXIT';

/**
 * An order's state on our side (the transition table is in orders.ts):
 * SUBMITTING (intent recorded, no answer yet) → WORKING → PARTIALLY_FILLED → FILLED;
 * CANCELLING (we asked to cancel) → CANCELLED; REJECTED by the broker.
 */
export type OrderStatus =
  'SUBMITTING' | 'WORKING' | 'PARTIALLY_FILLED' | 'CANCELLING' | 'FILLED' | 'CANCELLED' | 'REJECTED';

/** A decimal as text: '12.5', '0.0005', '100'. */
export type DecimalText = string;

/** The last quote of an instrument (a ticker, an OCC option symbol, or a multileg's combined key). */
export interface Quote {
  last: DecimalText;
  bid: DecimalText;
  ask: DecimalText;
  at: number;
}

/**
 * What a range trades. Equity ranges trade the ticker; options ranges an OCC symbol, or several
 * legs as one multileg order, priced as the sum of the legs' premiums (the caller quotes the
 * combination under `key`). `multiplier` is 100 for options (a premium is per share).
 */
export interface TradeInstrument {
  key: string;
  kind: 'equity' | 'option' | 'multileg';
  multiplier: number;
  /** Option legs, each with its OCC symbol (one for 'option', two for a strangle or straddle). */
  legs?: { symbol: string; ratio: number }[];
}

/** An execution: part of an order filled (quantity, what it cost or brought in, average price). */
export interface Execution {
  qty: DecimalText;
  /** qty × price × multiplier, exact. */
  amount: DecimalText;
  /** Price per share or per contract's share, rounded to 8 decimals for display. */
  price: DecimalText;
  at: number;
}

/** One buy range with the target that sells its shares (2-trading §3 "Range"). */
export interface RangeState {
  /** 'R1', 'R2', … stable for the trade's life (basic trades: R1 = buy range low, R2 = high). */
  id: string;
  /** The spec's label: 'buy_range_1', 'buy_range_2' or 'Range 3'. */
  label: string;
  instrument: TradeInstrument;
  buyPrice: DecimalText;
  buyQty: DecimalText;
  targetPrice: DecimalText;
  /** What the target sells: everything this range bought (the spec's sell quantity). */
  sellQty: DecimalText;
  /** Its buy waits for a condition row's execute action. */
  gated: boolean;
  /** A condition row cancelled its buy / its target (they are not placed again). */
  buyCancelled: boolean;
  targetCancelled: boolean;
  /** A condition row's execute-sell: sell what is held at this price now. */
  sellNowAt: DecimalText | null;
  /** The price reached the target while the buy was still working: the rest of the buy is cancelled. */
  targetReached: boolean;
  entries: Execution[];
  exits: Execution[];
  boughtQty: DecimalText;
  boughtAmount: DecimalText;
  soldQty: DecimalText;
  soldAmount: DecimalText;
  buyFilled: boolean;
  sellFilled: boolean;
  completed: boolean;
}

export interface EngineOrder {
  clientOrderId: string;
  rangeId: string;
  purpose: OrderPurpose;
  side: 'buy' | 'sell';
  instrument: TradeInstrument;
  type: 'limit' | 'market';
  qty: DecimalText;
  limitPrice: DecimalText | null;
  status: OrderStatus;
  /** Cumulative quantity filled and its average price, as the broker reports them. */
  filledQty: DecimalText;
  avgFillPrice: DecimalText | null;
  attempt: number;
  reason: string | null;
  /** The broker refused our cancel (the order was filling): it is not asked again. */
  cancelRefused: boolean;
  updatedAt: number;
}

export interface TrailingSpec {
  /** Trails the best price by this percent… */
  percent: DecimalText;
  /** …and by this one once the gain reached `triggerPercent`. */
  newPercent: DecimalText;
  triggerPercent: DecimalText;
}

/** The trailing stop of one instrument's holding. */
export interface TrailState {
  /** Best bid since the first fill. */
  peak: DecimalText | null;
  /** The trailing stop: only ever raised; in force only above the average entry price. */
  stop: DecimalText | null;
  /** The gain reached trigger_percent: the trail is new_trailing_profit (is_new_trailing_profit_processed). */
  tightened: boolean;
}

export type Comparison = 'greater_than' | 'less_than' | 'equal_to';
export type PriceType = 'last' | 'ask' | 'bid';

/** An indicator value by its key, e.g. 'SMA:50:1day' (conditions.ts `indicatorKey`). */
export type IndicatorKey = string;

export type Operand = { kind: 'value'; value: DecimalText } | { kind: 'indicator'; key: IndicatorKey };

/**
 * One IF/AND item of a condition row (2-trading §3 "Condition"). `not` negates a price or TA
 * comparison (the spec's 'is not'); it is still false while a value it needs is not known.
 */
export type Condition =
  | { kind: 'price'; instrument: string; priceType: PriceType; is: Comparison; right: Operand; not?: boolean }
  | { kind: 'ta'; left: IndicatorKey; is: Comparison; right: IndicatorKey; not?: boolean }
  | { kind: 'filled'; rangeId: string; side: 'buy' | 'sell'; is: boolean };

/** The one action of a row: execute or cancel a range's buy or sell, at a price ± an offset. */
export interface ConditionAction {
  type: 'execute' | 'cancel';
  rangeId: string;
  side: 'buy' | 'sell';
  priceType: PriceType | 'custom';
  customPrice: DecimalText | null;
  sign: '+' | '-';
  offset: DecimalText;
}

export interface ConditionRow {
  id: string;
  conditions: Condition[];
  action: ConditionAction;
  /** It fired (a row acts once). */
  done: boolean;
}

/** A smart trade as the engine sees it. */
export interface EngineTrade {
  id: string;
  status: TradeStatus;
  ticker: string;
  ranges: RangeState[];
  stopLoss: DecimalText | null;
  trailing: TrailingSpec | null;
  trail: Record<string, TrailState>;
  /** Epoch ms of setCancelIfNotFilledBy (America/New_York, converted by the caller); null: never. */
  cancelUnfilledAt: number | null;
  deadlinePassed: boolean;
  exitReason: ExitReason | null;
  soldAtStopLoss: boolean;
  conditions: ConditionRow[];
  indicators: Record<IndicatorKey, DecimalText>;
  quotes: Record<string, Quote>;
  orders: EngineOrder[];
  /** Why the trade failed (FAIL). */
  failure: string | null;
  updatedAt: number;
}

/** An order update from the broker: cumulative filled quantity and average price. */
export interface OrderUpdate {
  type: 'order';
  clientOrderId: string;
  status: 'accepted' | 'partially_filled' | 'filled' | 'rejected' | 'cancelled' | 'cancel_rejected';
  filledQty: DecimalText;
  avgFillPrice: DecimalText | null;
  reason?: string;
  at: number;
}

/** A user's change of prices, trailing, stop or conditions (allowed in PENDING and OPEN). */
export interface TradeEdit {
  stopLoss?: DecimalText;
  trailing?: TrailingSpec | null;
  ranges?: { id: string; buyPrice?: DecimalText; targetPrice?: DecimalText }[];
  conditions?: ConditionRow[];
}

export type TradeEvent =
  /** `by`: who acted when not the trader, in a log's words (a bot, a super user); see docs/trading-rules.md. */
  | { type: 'submit'; at: number; by?: string }
  | ({ type: 'quote'; instrument: string } & Quote)
  | OrderUpdate
  | { type: 'indicator'; key: IndicatorKey; value: DecimalText; at: number }
  | { type: 'tick'; at: number }
  | { type: 'edit'; edit: TradeEdit; at: number; by?: string }
  | { type: 'cancel'; at: number; by?: string };

export type Intent =
  | {
      type: 'place';
      clientOrderId: string;
      rangeId: string;
      purpose: OrderPurpose;
      side: 'buy' | 'sell';
      instrument: TradeInstrument;
      orderType: 'limit' | 'market';
      qty: DecimalText;
      limitPrice: DecimalText | null;
    }
  | { type: 'modify'; clientOrderId: string; limitPrice: DecimalText }
  | { type: 'cancel'; clientOrderId: string };

export interface StepResult {
  trade: EngineTrade;
  intents: Intent[];
  /** What happened, in words for the trade's log (2-trading "Log entry"). */
  log: string[];
  /** Set when an edit was refused (a locked field): nothing changed. */
  refused?: string;
}
