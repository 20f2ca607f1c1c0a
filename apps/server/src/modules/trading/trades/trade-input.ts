/**
 * A custom or alert-based trade as the API receives it (2-trading §3 payload, checked by the
 * contracts' basicTradeBody) turned into what the engine runs: the instrument (the ticker, or the
 * options strategy's legs), range 1 at buy range low selling at target range high, range 2 at buy
 * range high selling at target range low, extra ranges after them, the stop, trailing and deadline.
 */
import { cancelByInstant, type BasicTradeBody } from '@drat/contracts';
import {
  basicRanges,
  equity,
  strategyInstrument,
  type RangeInput,
  type TradeInput,
  type TradeInstrument,
  type TrailingSpec,
} from '@drat/engine';

/** The instrument of a basic trade: its options strategy's, or the ticker's shares. */
export function instrumentOf(body: BasicTradeBody): TradeInstrument {
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
export function basicTradeInput(body: BasicTradeBody, at: number): TradeInput {
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
    ...body.extra_ranges.map((r, i) => ({
      instrument,
      buyPrice: r.buy_range,
      buyQty: r.buy_range_quantity,
      targetPrice: r.target_range,
      sellQty: r.target_range_quantity,
      label: `Range ${i + 3}`,
    })),
  ];
  return {
    id: '0',
    ticker: body.ticker,
    ranges,
    stopLoss: body.stop_loss,
    trailing: trailingOf(body),
    cancelUnfilledAt: deadlineOf(body),
    at,
  };
}
