/**
 * Tradier's orders as the broker interface speaks of them: Tradier's order JSON read into a
 * BrokerOrder, the order forms of a smart trade's order and of one placed by hand, and the
 * refusals Tradier answers with a 200.
 */
import { dec, parseOcc, toText } from '@drat/engine';
import { ProviderError } from '../../provider-error';
import { field, listAt, num, record, str, type JsonObject } from '../../tradier/normalize';
import type { BrokerOrder, BrokerOrderStatus, ManualOrder, PlaceOrder } from '../interface';

const OPEN_STATUSES: Record<string, { status: BrokerOrderStatus; queued: boolean }> = {
  open: { status: 'open', queued: false },
  partially_filled: { status: 'partially_filled', queued: false },
  pending: { status: 'open', queued: true },
  submitted: { status: 'open', queued: true },
  calculated: { status: 'open', queued: true },
  accepted_for_bidding: { status: 'open', queued: true },
  held: { status: 'open', queued: true },
  filled: { status: 'filled', queued: false },
  canceled: { status: 'canceled', queued: false },
  expired: { status: 'expired', queued: false },
  rejected: { status: 'rejected', queued: false },
  error: { status: 'rejected', queued: false },
};

/** Tradier's number as exact decimal text (its JSON numbers have at most 15 significant digits). */
export function decimal(x: unknown, fallback = '0'): string {
  const n = num(x);
  return n === undefined ? fallback : toText(dec(n));
}

/** A 200 whose body holds `errors` is a refusal (Tradier's downstream systems answer so). */
export function refusalIn(body: unknown, path: string): ProviderError | null {
  const errors = field(body, 'errors', 'error');
  if (errors === undefined) return null;
  const words = (Array.isArray(errors) ? errors : [errors]).map(String).join('; ');
  return new ProviderError('tradier', 'BAD_REQUEST', words || 'Tradier refused the request', { status: 200, path });
}

const isBuy = (side: string) => side === 'buy' || side.startsWith('buy_');

export function toBrokerOrder(account: string, o: JsonObject): BrokerOrder {
  const raw = str(o.status) ?? 'open';
  const known = OPEN_STATUSES[raw] ?? { status: 'open' as const, queued: true };
  const kind = str(o.class) === 'option' ? 'option' : str(o.class) === 'equity' ? 'equity' : 'multileg';
  const side = str(o.side) ?? 'buy';
  const type = str(o.type) ?? 'market';
  const filled = decimal(o.exec_quantity);
  const legs = listAt(o, 'leg')
    .map(record)
    .filter((l): l is JsonObject => l !== undefined);
  return {
    id: String(o.id),
    account,
    tag: str(o.tag) ?? null,
    symbol: str(o.option_symbol) ?? str(o.symbol) ?? '',
    side: isBuy(side) ? 'buy' : 'sell',
    type: type === 'market' ? 'market' : 'limit',
    qty: decimal(o.quantity),
    limitPrice: o.price === undefined || o.price === null ? null : decimal(o.price),
    status: known.status,
    filledQty: filled,
    avgFillPrice: dec(filled).gt(0) ? decimal(o.avg_fill_price) : null,
    reason: str(o.reason_description) ?? null,
    createdAt: str(o.create_date) ?? new Date(0).toISOString(),
    updatedAt: str(o.transaction_date) ?? str(o.create_date) ?? new Date(0).toISOString(),
    detail: {
      kind,
      side: legs.length > 0 ? legs.map((l) => str(l.side)).join('/') : side,
      type,
      duration: str(o.duration) ?? 'day',
      stopPrice: o.stop_price === undefined || o.stop_price === null ? null : decimal(o.stop_price),
      optionSymbol: str(o.option_symbol) ?? null,
      queued: known.queued,
    },
  };
}

/** The underlying of an OCC symbol (Tradier's `symbol` of an option order). */
function underlyingOf(occ: string): string {
  const parts = parseOcc(occ);
  if (!parts) throw new ProviderError('tradier', 'BAD_REQUEST', `${occ} is not an OCC option symbol`);
  return parts.root;
}

/** Tradier's order form for a smart trade's order. */
export function orderForm(p: PlaceOrder): Record<string, string | undefined> {
  const common = { duration: p.duration, tag: p.tag };
  if (p.kind === 'equity') {
    return {
      ...common,
      class: 'equity',
      symbol: p.symbol,
      side: p.side,
      quantity: p.qty,
      type: p.type,
      price: p.type === 'limit' ? (p.limitPrice ?? undefined) : undefined,
    };
  }
  const optionSide = p.side === 'buy' ? 'buy_to_open' : 'sell_to_close';
  if (p.kind === 'option') {
    return {
      ...common,
      class: 'option',
      symbol: underlyingOf(p.symbol),
      option_symbol: p.symbol,
      side: optionSide,
      quantity: p.qty,
      type: p.type,
      price: p.type === 'limit' ? (p.limitPrice ?? undefined) : undefined,
    };
  }
  const legs = p.legs ?? [];
  const form: Record<string, string | undefined> = {
    ...common,
    class: 'multileg',
    symbol: underlyingOf(legs[0]?.symbol ?? ''),
    // A multileg limit is a net debit (buying) or credit (selling) price.
    type: p.type === 'market' ? 'market' : p.side === 'buy' ? 'debit' : 'credit',
    price: p.type === 'limit' ? (p.limitPrice ?? undefined) : undefined,
  };
  legs.forEach((l, i) => {
    form[`option_symbol[${i}]`] = l.symbol;
    form[`side[${i}]`] = optionSide;
    form[`quantity[${i}]`] = toText(dec(p.qty).times(l.ratio));
  });
  return form;
}

export function manualForm(m: ManualOrder): Record<string, string | undefined> {
  return {
    class: m.kind,
    symbol: m.symbol,
    option_symbol: m.kind === 'option' ? (m.optionSymbol ?? undefined) : undefined,
    side: m.side,
    quantity: m.qty,
    type: m.type,
    duration: m.duration,
    price: m.limitPrice ?? undefined,
    stop: m.stopPrice ?? undefined,
    tag: m.tag,
  };
}
