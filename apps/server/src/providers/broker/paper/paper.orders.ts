/**
 * The paper broker's orders in and out: a request checked and written as it will be stored (or
 * refused in the broker's words), a stored order as the broker interface answers it, and a
 * hand-placed order as the paper broker takes it.
 */
import { dec, toText, type Dec } from '@drat/engine';
import { ProviderError } from '../../provider-error';
import type { BrokerOrder, ManualOrder, PlaceOrder } from '../interface';
import type { PaperOrderRow } from './paper.repo';

/** The reasons the paper broker gives, as a broker's own words. */
export const PAPER_REASONS = {
  buyingPower: 'Insufficient buying power',
  shares: 'Not enough shares to sell',
  symbol: 'Unknown symbol',
  noAsk: 'No ask to price a market buy against the buying power',
  notOpen: 'Order is not open',
  marketPrice: 'A market order has no limit price',
  orderType: (type: string) => `The simulated brokerage takes market and limit orders, not ${type}`,
  side: (side: string) => `The simulated brokerage buys and sells what is held; it does not take ${side} orders`,
  duration: (duration: string) => `The simulated brokerage takes day and gtc orders, not ${duration}`,
} as const;

const TAG = /^[A-Za-z0-9-]{1,100}$/;

/** A request that is wrong in itself: BAD_REQUEST, as from any broker. */
export const refuse = (message: string) => new ProviderError('paper', 'BAD_REQUEST', message);

/** The decimal written in `value`, or null when it is not one (decimal.js throws on 'abc'). */
function decimalOrNull(value: string | null): Dec | null {
  try {
    return value === null ? null : dec(value);
  } catch {
    return null;
  }
}

/** A positive decimal with at most `places` decimals (the column's), as text; else a refusal naming `what`. */
export function positive(value: string | null, places: number, what: string): string {
  const d = decimalOrNull(value);
  if (d === null || !d.isFinite() || d.lte(0) || d.decimalPlaces() > places) {
    throw refuse(`${what} must be a positive number with at most ${places} decimals`);
  }
  return toText(d);
}

/** The order as it will be stored, or a refusal of a request that is wrong in itself. */
export function normalized(p: PlaceOrder) {
  if (!TAG.test(p.tag)) throw refuse('The tag must be letters, digits and hyphens');
  if (!Number.isInteger(p.multiplier) || p.multiplier < 1) throw refuse('The multiplier must be a whole number');
  const symbol = p.symbol.trim().toUpperCase();
  if (symbol === '') throw refuse('The symbol is missing');
  const legs = p.legs?.map((l) => ({ symbol: l.symbol.trim().toUpperCase(), ratio: l.ratio })) ?? null;
  if (p.kind === 'multileg' && !legs?.length) throw refuse('A multileg order needs its legs');
  if (legs?.some((l) => !Number.isInteger(l.ratio) || l.ratio < 1)) throw refuse('A leg ratio must be a whole number');
  return {
    accountId: p.account,
    tag: p.tag,
    symbol,
    instrumentKind: p.kind,
    legs,
    multiplier: p.multiplier,
    side: p.side,
    type: p.type,
    duration: p.duration,
    qty: positive(p.qty, 4, 'The quantity'),
    limitPrice: p.type === 'limit' ? positive(p.limitPrice, 8, 'The limit price') : null,
  };
}

export type NormalizedOrder = ReturnType<typeof normalized>;

export function toBrokerOrder(o: PaperOrderRow): BrokerOrder {
  return {
    id: String(o.id),
    account: o.accountId,
    tag: o.tag,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    qty: toText(o.qty),
    limitPrice: o.limitPrice === null ? null : toText(o.limitPrice),
    status: o.status,
    filledQty: toText(o.filledQty),
    avgFillPrice: o.avgFillPrice === null ? null : toText(o.avgFillPrice),
    reason: o.reason,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    detail: {
      kind: o.instrumentKind,
      side: o.instrumentKind === 'equity' ? o.side : `${o.side}_to_${o.side === 'buy' ? 'open' : 'close'}`,
      type: o.type,
      duration: o.duration,
      stopPrice: null,
      optionSymbol: o.instrumentKind === 'option' ? o.symbol : null,
      queued: false,
    },
  };
}

/** A hand-placed order as the paper broker takes it: market or limit, buying or selling what is held. */
export function manualToPlace(m: ManualOrder): PlaceOrder {
  if (m.type !== 'market' && m.type !== 'limit') throw refuse(PAPER_REASONS.orderType(m.type));
  if (m.duration !== 'day' && m.duration !== 'gtc') throw refuse(PAPER_REASONS.duration(m.duration));
  // Exits sell what is held: no short sales, no writing options.
  if (m.side !== 'sell' && m.side !== 'sell_to_close') throw refuse(PAPER_REASONS.side(m.side));
  const option = m.kind === 'option';
  return {
    account: m.account,
    tag: m.tag,
    symbol: option ? m.optionSymbol! : m.symbol,
    kind: m.kind,
    multiplier: option ? 100 : 1,
    side: 'sell',
    type: m.type,
    duration: m.duration,
    qty: m.qty,
    limitPrice: m.type === 'limit' ? m.limitPrice : null,
  };
}
