/**
 * A custom or alert-based trade as the API receives it (2-trading §3 payload, checked by the
 * contracts' basicTradeBody) turned into what the engine runs: the instrument (the ticker, or the
 * options strategy's legs), range 1 at buy range low selling at target range high, range 2 at buy
 * range high selling at target range low, extra ranges after them, the stop, trailing and deadline.
 */
import {
  TRADE_MSG,
  cancelByInstant,
  type AdvancedTradeBody,
  type BasicTradeBody,
  type BotTradeBody,
  type ExtraRangeInput,
} from '@drat/contracts';
import {
  basicRanges,
  equity,
  occSymbol,
  optionInstrument,
  strategyInstrument,
  type RangeInput,
  type TradeInput,
  type TradeInstrument,
  type TrailingSpec,
} from '@drat/engine';
import { DomainError } from '../../../core/errors';
import { engineConditions } from './condition-input';

/** The instrument of a basic trade: its options strategy's, or the ticker's shares. */
export function instrumentOf(body: BasicTradeBody | BotTradeBody): TradeInstrument {
  if (!body.strategy) return equity(body.ticker);
  return strategyInstrument(body.ticker, body.strategy, {
    singleStrike: body.singleStrike ?? null,
    singleExpiration: body.singleExpiration ?? null,
    legOneStrike: body.legOneStrike ?? null,
    // A straddle may leave leg two's strike out: it is leg one's.
    legTwoStrike: body.legTwoStrike ?? (body.strategy === 'STRADDLE' ? (body.legOneStrike ?? null) : null),
    legsExpiration: body.legOneExpiration ?? body.legTwoExpiration ?? null,
  });
}

export function trailingOf(body: {
  set_trailing_profit: boolean;
  trailing_profit: number;
  new_trailing_profit: number;
  trigger_percent: number;
}): TrailingSpec | null {
  if (!body.set_trailing_profit) return null;
  return {
    percent: String(body.trailing_profit),
    newPercent: String(body.new_trailing_profit),
    triggerPercent: String(body.trigger_percent),
  };
}

/** The cancel-by instant of a body that sets one (the contracts checked its format). */
export function deadlineOf(body: {
  setCancelIfNotFilledBy: boolean;
  expiryDateTime?: string | undefined;
}): number | null {
  if (!body.setCancelIfNotFilledBy || !body.expiryDateTime) return null;
  return cancelByInstant(body.expiryDateTime)?.getTime() ?? null;
}

/** The engine's input for a basic trade (its id is the row's, given by the runner). */
export function basicTradeInput(body: BasicTradeBody | BotTradeBody, at: number): TradeInput {
  const instrument = instrumentOf(body);
  const ranges: RangeInput[] = [
    ...basicRanges(instrument, {
      buyRangeLow: body.buy_range_low,
      buyRangeHigh: body.buy_range_high,
      targetRangeLow: body.target_range_low,
      targetRangeHigh: body.target_range_high,
      amountLow: body.amount_buy_range_low,
      amountHigh: body.amount_buy_range_high,
    }),
    ...body.extra_ranges.map((r, i) => extraRange(r, instrument, i + 3)),
  ];
  return tradeInput(body, ranges, at);
}

/** An extra range (§3 "Range") as the engine's: its own buy and sell quantities, labelled 'Range N'. */
function extraRange(
  r: Pick<ExtraRangeInput, 'buy_range' | 'buy_range_quantity' | 'target_range' | 'target_range_quantity'>,
  instrument: TradeInstrument,
  n: number,
): RangeInput {
  return {
    instrument,
    buyPrice: r.buy_range,
    buyQty: r.buy_range_quantity,
    targetPrice: r.target_range,
    sellQty: r.target_range_quantity,
    label: `Range ${n}`,
  };
}

/** What every trade's input has besides its ranges: the stop, the trailing and the cancel-by time. */
function tradeInput(
  body: BasicTradeBody | BotTradeBody | AdvancedTradeBody,
  ranges: RangeInput[],
  at: number,
  conditions?: TradeInput['conditions'],
): TradeInput {
  return {
    id: '0',
    ticker: body.ticker,
    ranges,
    stopLoss: body.stop_loss,
    trailing: trailingOf(body),
    cancelUnfilledAt: deadlineOf(body),
    ...(conditions ? { conditions } : {}),
    at,
  };
}

/**
 * The instrument of an advanced trade's range: the ticker's shares, or (is_options) the range's
 * own option. The engine buys a range, then sells it: an options range buys to open and sells to
 * close. Selling to open (writing an option) is refused on its field rather than run backwards.
 */
export function advancedInstrumentOf(body: AdvancedTradeBody, i: number): TradeInstrument {
  const r = body.extra_ranges[i]!;
  if (!body.is_options) return equity(body.ticker);
  if (r.buy_instruction === 'sell_to_open' || r.sell_instruction === 'buy_to_close') {
    throw DomainError.field('extra_ranges', TRADE_MSG.shortOptionsUnsupported(i + 1));
  }
  return optionInstrument(occSymbol(body.ticker, r.expiration!, r.call_or_put!, r.strike!));
}

/** The engine's input for an advanced trade: range N is extra_ranges[N-1], with its condition rows. */
export function advancedTradeInput(body: AdvancedTradeBody, at: number): TradeInput {
  const ranges = body.extra_ranges.map((r, i) => extraRange(r, advancedInstrumentOf(body, i), i + 1));
  const rangeIds = ranges.map((_, i) => `R${i + 1}`);
  return tradeInput(body, ranges, at, engineConditions(body.ticker, body.conditions, rangeIds));
}
