/**
 * How the paper broker fills an order from a quote (docs/paper-broker.md). Pure: the broker passes
 * the order, the quote it just read and the volume it saw at the order's previous look, and stores
 * what comes back. Buys trade at the ask and sells at the bid (what a real order would pay or get);
 * an order that can trade when it is placed fills then, entirely (`matchAtPlacement`); a resting
 * limit order takes a share of the volume traded since its previous look, never volume traded
 * before it was placed (Lean's rule: no fill on data from before the order existed).
 */
import { Dec, dec, roundDec, toText, type DecimalInput } from '../money/decimal';

export type PaperSide = 'buy' | 'sell';

export interface PaperOrderToMatch {
  side: PaperSide;
  type: 'limit' | 'market';
  qty: string;
  /** What has filled so far (cumulative). */
  filledQty: string;
  /** Per share (options: per share of the contract); null for a market order. */
  limitPrice: string | null;
  /** 1 for shares, 100 for option contracts. */
  multiplier: number;
}

export interface PaperQuote {
  bid: string;
  ask: string;
  /** The instrument's cumulative volume for the trading day. */
  volume: number;
}

export interface PaperFill {
  qty: string;
  /** Per share, as the quote gave it. */
  price: string;
  /** qty × price × multiplier, to the cent. */
  amount: string;
}

export interface PaperMatch {
  /** What fills now, or null. */
  fill: PaperFill | null;
  /** The volume to remember for the next look (the quote's); null while the price is not good. */
  volume: number | null;
}

/** A limit order takes at most this share of the volume traded since its previous look. */
export const VOLUME_SHARE = '0.1';

/** What `qty` at `price` costs or brings: qty × price × multiplier, rounded once to the cent (ties away from zero). */
export function fillAmount(qty: DecimalInput, price: DecimalInput, multiplier: number): string {
  return toText(roundDec(dec(qty).times(price).times(multiplier), 2));
}

/** The price an order of `side` trades at now: a buy pays the ask, a sell gets the bid. */
export function tradePrice(side: PaperSide, quote: Pick<PaperQuote, 'bid' | 'ask'>): Dec {
  return dec(side === 'buy' ? quote.ask : quote.bid);
}

/** True when a limit of `limit` lets the order trade at the quote: ask ≤ limit for a buy, bid ≥ limit for a sell. */
export function limitAllows(side: PaperSide, limit: DecimalInput, quote: Pick<PaperQuote, 'bid' | 'ask'>): boolean {
  const price = tradePrice(side, quote);
  return side === 'buy' ? price.lte(limit) : price.gte(limit);
}

/**
 * The volume traded since the previous look: the difference of the cumulative volumes, or, when the
 * volume went down (a new trading day restarted the count), everything traded today.
 */
export function volumeSince(previous: number, current: number): number {
  return current < previous ? current : current - previous;
}

/**
 * One look at an order. Market orders fill entirely at once, at the ask (buy) or the bid (sell).
 * Limit orders fill at the ask (buy, when ask ≤ limit) or the bid (sell, when bid ≥ limit), at
 * most 10 % of the volume traded since the previous look (whole units, at least 1 when anything
 * traded); with no previous look the quote's volume only becomes the baseline. A look at a price
 * that is not good drops the baseline (volume null): the first good look after it sets it again. A
 * side with no price (0 or less: no offer, no bid) fills nothing.
 */
export function matchPaperOrder(
  order: PaperOrderToMatch,
  quote: PaperQuote,
  previousVolume: number | null,
): PaperMatch {
  const nothing: PaperMatch = { fill: null, volume: quote.volume };
  const remaining = dec(order.qty).minus(order.filledQty);
  const price = tradePrice(order.side, quote);
  if (remaining.lte(0) || price.lte(0)) return nothing;

  if (order.type === 'market') return { fill: fillOf(remaining, price, order.multiplier), volume: quote.volume };

  if (order.limitPrice === null) return nothing;
  // A price that is not good drops the baseline: the volume traded meanwhile never fills the order,
  // and the broker writes nothing on the looks in between (only when the price crosses).
  if (!limitAllows(order.side, order.limitPrice, quote)) return { fill: null, volume: null };
  if (previousVolume === null) return nothing;
  const traded = volumeSince(previousVolume, quote.volume);
  if (traded <= 0) return nothing;
  const share = dec(traded).times(VOLUME_SHARE).floor();
  const cap = share.lt(1) ? dec(1) : share;
  return { fill: fillOf(Dec.min(remaining, cap), price, order.multiplier), volume: quote.volume };
}

/**
 * The look at an order as it is placed, on the quote of that moment. An order that can trade now
 * (a market order, or a limit order whose limit the quote meets: ask ≤ limit for a buy, bid ≥
 * limit for a sell) fills entirely, at the ask (buy) or the bid (sell), as a market order would;
 * any other order fills nothing, and the quote's volume becomes its baseline (volume traded before
 * it was placed never fills it). A side with no price fills nothing.
 */
export function matchAtPlacement(order: PaperOrderToMatch, quote: PaperQuote): PaperMatch {
  const nothing: PaperMatch = { fill: null, volume: quote.volume };
  const remaining = dec(order.qty).minus(order.filledQty);
  const price = tradePrice(order.side, quote);
  if (remaining.lte(0) || price.lte(0)) return nothing;
  if (order.type === 'limit' && (order.limitPrice === null || !limitAllows(order.side, order.limitPrice, quote)))
    return nothing;
  return { fill: fillOf(remaining, price, order.multiplier), volume: quote.volume };
}

function fillOf(qty: Dec, price: Dec, multiplier: number): PaperFill {
  return { qty: toText(qty), price: toText(price), amount: fillAmount(qty, price, multiplier) };
}

/** The average price of what filled, after `qty` more at `price`: exact, rounded once to 8 places (the column's). */
export function averageFillPrice(
  filledQty: DecimalInput,
  avgPrice: DecimalInput | null,
  qty: DecimalInput,
  price: DecimalInput,
): string {
  const total = dec(filledQty).plus(qty);
  const value = dec(filledQty)
    .times(avgPrice ?? 0)
    .plus(dec(qty).times(price));
  return toText(roundDec(value.div(total), 8));
}

export interface PaperLegQuote {
  /** Contracts of this leg per contract of the order (1 for each leg of a strangle or straddle). */
  ratio: number;
  bid: string;
  ask: string;
  volume: number;
}

/**
 * A multileg order's quote: its bid and ask are the sums of the legs' bids and asks per ratio, and
 * its volume is the smallest leg's (the combination trades no more than its thinnest leg). A leg
 * with no ask (0) leaves the combination with none: it cannot be bought until every leg is offered.
 */
export function multilegQuote(legs: PaperLegQuote[]): PaperQuote {
  const sum = (side: 'bid' | 'ask') => toText(legs.reduce((s, l) => s.plus(dec(l[side]).times(l.ratio)), dec(0)));
  const ask = legs.every((l) => dec(l.ask).gt(0)) ? sum('ask') : '0';
  return { bid: sum('bid'), ask, volume: Math.min(...legs.map((l) => l.volume)) };
}
