/**
 * Alpaca's orders as the broker interface speaks of them (docs/alpaca.md): Alpaca's order JSON read
 * into a BrokerOrder, our tag in `client_order_id` (a replacement's with `_r<n>`), and the order
 * bodies of a smart trade's order and of one placed by hand. What Alpaca does not take is refused
 * here, in words, before anything is sent.
 */
import { dec, parseOcc, toText } from '@drat/engine';
import { alpacaRefusal as refusal } from '../../alpaca/http';
import { absolute, exact, exactOrNull, objectsOf, str, type JsonObject } from '../../alpaca/json';
import type { BrokerOrder, BrokerOrderStatus, ManualOrder, PlaceOrder } from '../interface';

/** Alpaca's `client_order_id` is at most 128 characters. */
export const MAX_CLIENT_ORDER_ID = 128;
/** A replacement's client order id: the tag, then `_r` and the replacement's number (tags have no `_`). */
const REPLACEMENT = /_r(\d+)$/;

const ORDER_STATES: Record<string, { status: BrokerOrderStatus; queued: boolean }> = {
  new: { status: 'open', queued: false },
  partially_filled: { status: 'partially_filled', queued: false },
  filled: { status: 'filled', queued: false },
  done_for_day: { status: 'open', queued: true },
  canceled: { status: 'canceled', queued: false },
  expired: { status: 'expired', queued: false },
  replaced: { status: 'canceled', queued: false },
  pending_cancel: { status: 'open', queued: false },
  pending_replace: { status: 'open', queued: false },
  pending_review: { status: 'open', queued: true },
  accepted: { status: 'open', queued: true },
  pending_new: { status: 'open', queued: true },
  accepted_for_bidding: { status: 'open', queued: true },
  stopped: { status: 'open', queued: false },
  rejected: { status: 'rejected', queued: false },
  suspended: { status: 'open', queued: true },
  held: { status: 'open', queued: true },
};

/** The tag a client order id answers to: a replacement's `_r<n>` is not part of it. */
export const tagOfClientOrderId = (id: string) => id.replace(REPLACEMENT, '');

/** The client order id of the order that replaces `id`: T1-BUY-1 → T1-BUY-1_r1 → T1-BUY-1_r2 … */
export function replacementClientOrderId(id: string): string {
  const n = REPLACEMENT.exec(id);
  return `${tagOfClientOrderId(id)}_r${n ? Number(n[1]) + 1 : 1}`;
}

const legsOf = (o: JsonObject) => objectsOf(o.legs);

/** The interface's status of an Alpaca status (`calculated`: done for the day, filled or not). */
function stateOf(o: JsonObject, filled: string, qty: string) {
  const raw = str(o.status) ?? 'new';
  if (raw === 'calculated') {
    return dec(filled).gte(qty) && dec(qty).gt(0)
      ? { status: 'filled' as const, queued: false }
      : { status: 'open' as const, queued: true };
  }
  return ORDER_STATES[raw] ?? { status: 'open' as const, queued: true };
}

export function toBrokerOrder(account: string, o: JsonObject): BrokerOrder {
  const legs = legsOf(o);
  const multileg = str(o.order_class) === 'mleg';
  const symbol = multileg ? legs.map((l) => str(l.symbol) ?? '').join('+') : (str(o.symbol) ?? '');
  const option = !multileg && (str(o.asset_class) === 'us_option' || parseOcc(symbol) !== null);
  const side = str(o.side) ?? str(legs[0]?.side) ?? 'buy';
  const type = str(o.type) ?? str(o.order_type) ?? 'market';
  const qty = exact(o.qty);
  const filled = exact(o.filled_qty);
  const state = stateOf(o, filled, qty);
  // A multileg's net price is signed (a credit is negative); the interface speaks of its size.
  const price = (x: unknown) => (multileg ? absolute(exactOrNull(x)) : exactOrNull(x));
  const createdAt = str(o.created_at) ?? str(o.submitted_at) ?? new Date(0).toISOString();
  const replacedBy = str(o.replaced_by);
  return {
    id: str(o.id) ?? '',
    account,
    tag: str(o.client_order_id) === undefined ? null : tagOfClientOrderId(str(o.client_order_id)!),
    symbol,
    side: side === 'sell' ? 'sell' : 'buy',
    type: type === 'market' ? 'market' : 'limit',
    qty,
    limitPrice: price(o.limit_price),
    status: state.status,
    filledQty: filled,
    avgFillPrice: dec(filled).gt(0) ? price(o.filled_avg_price) : null,
    reason: str(o.status) === 'replaced' && replacedBy ? `replaced by ${replacedBy}` : null,
    createdAt,
    updatedAt: str(o.updated_at) ?? createdAt,
    detail: {
      kind: multileg ? 'multileg' : option ? 'option' : 'equity',
      side: multileg
        ? legs.map((l) => str(l.position_intent) ?? str(l.side) ?? '').join('/')
        : (str(o.position_intent) ?? side),
      type,
      duration: str(o.time_in_force) ?? 'day',
      stopPrice: exactOrNull(o.stop_price),
      optionSymbol: option ? symbol : null,
      queued: state.queued,
    },
  };
}

function checkTag(tag: string) {
  if (tag.length === 0 || tag.length > MAX_CLIENT_ORDER_ID - 4) {
    throw refusal(`The tag ${tag} must be 1 to ${MAX_CLIENT_ORDER_ID - 4} characters (Alpaca's client_order_id)`);
  }
}

export const OPTION_DAY_ONLY =
  'Alpaca takes option orders for the day only (time_in_force day), not good till cancelled';

/** Alpaca's order body for a smart trade's order. */
export function orderBody(p: PlaceOrder): JsonObject {
  checkTag(p.tag);
  const price = p.type === 'limit' ? p.limitPrice : null;
  if (p.type === 'limit' && price === null) throw refusal(`A limit order needs a limit price (${p.tag})`);
  const common = { qty: p.qty, type: p.type, client_order_id: p.tag };
  if (p.kind === 'equity') {
    return { ...common, symbol: p.symbol, side: p.side, time_in_force: p.duration, limit_price: price ?? undefined };
  }
  if (p.duration !== 'day') throw refusal(OPTION_DAY_ONLY);
  const intent = p.side === 'buy' ? 'buy_to_open' : 'sell_to_close';
  if (p.kind === 'option') {
    if (!parseOcc(p.symbol)) throw refusal(`${p.symbol} is not an OCC option symbol`);
    return {
      ...common,
      symbol: p.symbol,
      side: p.side,
      position_intent: intent,
      time_in_force: 'day',
      limit_price: price ?? undefined,
    };
  }
  const legs = p.legs ?? [];
  if (legs.length < 2 || legs.length > 4)
    throw refusal(`Alpaca takes a multileg order of 2 to 4 legs, not ${legs.length}`);
  for (const l of legs) if (!parseOcc(l.symbol)) throw refusal(`${l.symbol} is not an OCC option symbol`);
  return {
    ...common,
    order_class: 'mleg',
    time_in_force: 'day',
    // The net price of a multileg is signed: a debit (buying) positive, a credit (selling) negative.
    limit_price: price === null ? undefined : toText(p.side === 'buy' ? dec(price) : dec(price).neg()),
    legs: legs.map((l) => ({ symbol: l.symbol, ratio_qty: String(l.ratio), side: p.side, position_intent: intent })),
  };
}

/** Alpaca's order body for an order placed by hand (a position's Exit). */
export function manualBody(m: ManualOrder): JsonObject {
  checkTag(m.tag);
  const optionSide = m.side === 'sell_to_open' || m.side === 'sell_to_close';
  if (m.kind === 'equity' && optionSide)
    throw refusal(`${m.side} is an option side; an equity order sells or sells short`);
  if (m.kind === 'option' && !optionSide) throw refusal(`An option order sells to open or to close, not ${m.side}`);
  if (m.type === 'debit' || m.type === 'credit') throw refusal(`Alpaca has no ${m.type} orders outside a multileg`);
  if (m.kind === 'option' && m.type !== 'market' && m.type !== 'limit')
    throw refusal(`Alpaca takes market and limit option orders, not ${m.type}`);
  const extended = m.duration === 'pre' || m.duration === 'post';
  if (extended && m.type !== 'limit')
    throw refusal(`Alpaca trades outside market hours with limit orders only, not ${m.type}`);
  if (m.kind === 'option' && m.duration !== 'day') throw refusal(OPTION_DAY_ONLY);
  const symbol = m.kind === 'option' ? (m.optionSymbol ?? '') : m.symbol;
  if (m.kind === 'option' && !parseOcc(symbol)) throw refusal(`${symbol || 'No symbol'} is not an OCC option symbol`);
  return {
    symbol,
    qty: m.qty,
    // Alpaca has no short-sale side: a sell beyond what is held is a short sale where shorting is on.
    side: 'sell',
    position_intent: m.kind === 'option' ? m.side : undefined,
    type: m.type,
    time_in_force: extended ? 'day' : m.duration,
    extended_hours: extended ? true : undefined,
    limit_price: m.type === 'limit' || m.type === 'stop_limit' ? (m.limitPrice ?? undefined) : undefined,
    stop_price: m.type === 'stop' || m.type === 'stop_limit' ? (m.stopPrice ?? undefined) : undefined,
    client_order_id: m.tag,
  };
}
