/**
 * What a paper account holds, from its fills (docs/paper-broker.md "Positions"). A position is kept
 * at its average cost: a buy adds its amount to the cost, a sell takes away the sold share of the
 * cost. A position that goes back to 0 is a closed position: what its buys cost, what its sells
 * brought, and the difference. Pure, exact to the cent.
 */
import { dec, percentOf, roundDec, toText, type Dec, type DecimalInput } from '../money/decimal';
import type { PaperSide } from './fills';

export interface Holding {
  qty: string;
  /** What the shares held cost, to the cent. */
  cost: string;
}

/**
 * The holding after a fill of `qty` worth `amount` (to the cent), or null when nothing is left. A
 * sell takes away cost × sold / held (rounded to the cent); a sell of everything takes all of it,
 * so no cent is left behind. Never short: a sell of more than is held empties the holding.
 */
export function holdingAfter(
  holding: Holding | null,
  side: PaperSide,
  qty: DecimalInput,
  amount: DecimalInput,
): Holding | null {
  const held = dec(holding?.qty ?? 0);
  const cost = dec(holding?.cost ?? 0);
  if (side === 'buy') return { qty: toText(held.plus(qty)), cost: toText(cost.plus(amount)) };
  const left = held.minus(qty);
  if (left.lte(0)) return null;
  const taken = roundDec(cost.times(qty).div(held), 2);
  return { qty: toText(left), cost: toText(cost.minus(taken)) };
}

export interface LedgerFill {
  id: number;
  symbol: string;
  side: PaperSide;
  qty: string;
  amount: string;
  /** ISO time. */
  at: string;
}

export interface RoundTrip {
  symbol: string;
  /** Everything bought between opening and closing. */
  qty: string;
  /** What the buys cost. */
  cost: string;
  /** What the sells brought. */
  proceeds: string;
  gainLoss: string;
  /** gainLoss / cost × 100, to 2 places. */
  gainLossPercent: string;
  openedAt: string;
  closedAt: string;
}

export interface Ledger {
  /** Positions that went back to 0, in the order they closed. */
  closed: RoundTrip[];
  /** The fills of each position still open (by symbol): what the account holds now. */
  open: Map<string, number[]>;
}

interface Trip {
  held: Dec;
  bought: Dec;
  cost: Dec;
  proceeds: Dec;
  openedAt: string;
  fillIds: number[];
}

/**
 * Walks an account's fills in the order they happened (oldest first): each symbol's fills from the
 * moment it is bought until it is back to 0 make one round trip. Costs and proceeds are sums of the
 * fills' amounts, so the gain/loss is exact whatever the order of partial buys and sells.
 */
export function ledgerOf(fills: LedgerFill[]): Ledger {
  const trips = new Map<string, Trip>();
  const closed: RoundTrip[] = [];
  for (const f of fills) {
    const trip = trips.get(f.symbol) ?? {
      held: dec(0),
      bought: dec(0),
      cost: dec(0),
      proceeds: dec(0),
      openedAt: f.at,
      fillIds: [],
    };
    trip.fillIds.push(f.id);
    if (f.side === 'buy') {
      trip.held = trip.held.plus(f.qty);
      trip.bought = trip.bought.plus(f.qty);
      trip.cost = trip.cost.plus(f.amount);
    } else {
      trip.held = trip.held.minus(f.qty);
      trip.proceeds = trip.proceeds.plus(f.amount);
    }
    if (trip.held.gt(0)) {
      trips.set(f.symbol, trip);
      continue;
    }
    trips.delete(f.symbol);
    const gainLoss = trip.proceeds.minus(trip.cost);
    closed.push({
      symbol: f.symbol,
      qty: toText(trip.bought),
      cost: toText(trip.cost),
      proceeds: toText(trip.proceeds),
      gainLoss: toText(gainLoss),
      gainLossPercent: toText(percentOf(gainLoss, trip.cost, 2) ?? 0),
      openedAt: trip.openedAt,
      closedAt: f.at,
    });
  }
  return { closed, open: new Map([...trips].map(([symbol, t]) => [symbol, t.fillIds])) };
}
