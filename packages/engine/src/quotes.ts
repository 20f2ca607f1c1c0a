/** What a quote is worth: the prices DRAT reads off a market's quotes (exact decimals). */
import { UNKNOWN_PRICE, type OptionQuote, type Quote } from '@drat/contracts';
import { dec, roundDec, toNumber } from './money/decimal';

/** The middle of a bid and an ask, 4 decimals. */
function mid(bid: number, ask: number): number {
  return toNumber(roundDec(dec(bid).plus(ask).div(2), 4));
}

/** A stock's price now: the last trade, or the mid when there has been none; UNKNOWN_PRICE when neither exists. */
export function livePrice(q: Pick<Quote, 'last' | 'bid' | 'ask'>): number {
  if (q.last > 0) return q.last;
  if (q.bid > 0 && q.ask > 0) return mid(q.bid, q.ask);
  return UNKNOWN_PRICE;
}

/** An option's premium: the mid of a two-sided market, else the last trade, else 0 (the web hides a 0 price). */
export function optionMark(o: Pick<OptionQuote, 'bid' | 'ask' | 'last'>): number {
  if (o.bid > 0 && o.ask > 0 && o.ask >= o.bid) return mid(o.bid, o.ask);
  return o.last > 0 ? o.last : 0;
}
