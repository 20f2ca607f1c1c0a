/**
 * Closed positions of a broker that keeps no gain/loss (Alpaca), from its fill history. Only the
 * latest fills may be at hand, and an account may hold a symbol from before the first fill seen:
 * a round trip is counted only when it is seen whole, from a buy at 0 held until it is back at 0.
 * Pure, exact to the cent: the sums are the paper ledger's (ledger.ts).
 */
import { fillAmount } from '../paper/fills';
import { ledgerOf, type LedgerFill, type RoundTrip } from '../paper/ledger';
import { dec, type Dec } from '../money/decimal';

export interface BrokerFill {
  symbol: string;
  /** A buy adds to what is held, a sell takes away. */
  side: 'buy' | 'sell';
  qty: string;
  /** Per share (options: per share of the contract). */
  price: string;
  /** 1 for shares, 100 for option contracts. */
  multiplier: number;
  /** ISO time. */
  at: string;
}

/**
 * The closed long round trips of `fills` (oldest first), newest first. What was held when the fills
 * begin is what is held now (`heldNow`, by symbol) less what the fills added; a symbol held before
 * the first fill seen starts counting once it is back at 0. Short round trips are left out.
 */
export function closedRoundTrips(fills: BrokerFill[], heldNow: ReadonlyMap<string, Dec>): RoundTrip[] {
  const signed = (f: BrokerFill) => (f.side === 'sell' ? dec(f.qty).neg() : dec(f.qty));
  const held = new Map(heldNow);
  for (const f of fills) held.set(f.symbol, (held.get(f.symbol) ?? dec(0)).minus(signed(f)));
  const trips = new Map<string, LedgerFill[]>();
  const closed: LedgerFill[] = [];
  let id = 0;
  for (const f of fills) {
    const before = held.get(f.symbol) ?? dec(0);
    const after = before.plus(signed(f));
    held.set(f.symbol, after);
    if (before.isZero() && after.gt(0)) trips.set(f.symbol, []);
    const trip = trips.get(f.symbol);
    if (!trip) continue;
    trip.push({
      id: ++id,
      symbol: f.symbol,
      side: f.side,
      qty: f.qty,
      amount: fillAmount(f.qty, f.price, f.multiplier),
      at: f.at,
    });
    if (after.lte(0)) {
      if (after.isZero()) closed.push(...trip);
      trips.delete(f.symbol);
    }
  }
  return ledgerOf(closed).closed.reverse();
}
