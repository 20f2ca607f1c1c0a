/**
 * What orders a trade needs now (docs/trading-rules.md "Orders a trade places"). `plan` compares
 * the trade's state with its live orders and answers the intents that close the gap: a buy not
 * placed yet, a target for shares not covered by a sell, a cancel for an order that must go, an
 * exit for what is held. Run twice on the same state it answers nothing new the second time, and
 * a client order id is derived from (trade, range, leg, purpose, attempt), so a repeated intent
 * names the same order.
 */
import { dec, toText, type Dec } from '../money/decimal';
import { isLive } from './orders';
import type { EngineOrder, EngineTrade, Intent, OrderPurpose, RangeState } from './types';

/** The client order id of a range's order: 'T42-R1-L0-BUY-1' (letters, digits and hyphens, as Tradier's tag takes). */
export function clientOrderId(
  tradeId: string,
  rangeId: string,
  leg: number,
  purpose: OrderPurpose,
  attempt: number,
): string {
  return `T${tradeId}-${rangeId}-L${leg}-${purpose}-${attempt}`;
}

export const ordersOf = (t: EngineTrade, rangeId: string, purposes: readonly OrderPurpose[]): EngineOrder[] =>
  t.orders.filter((o) => o.rangeId === rangeId && purposes.includes(o.purpose));

/** Shares (contracts) bought and not sold yet. */
export const heldOf = (r: RangeState): Dec => dec(r.boughtQty).minus(r.soldQty);

const ACTIVE = new Set(['PENDING', 'OPEN']);

function place(
  t: EngineTrade,
  r: RangeState,
  purpose: OrderPurpose,
  orderType: 'limit' | 'market',
  qty: Dec,
  limitPrice: string | null,
  at: number,
): Intent {
  const attempt = ordersOf(t, r.id, [purpose]).length + 1;
  const side = purpose === 'BUY' ? 'buy' : 'sell';
  const id = clientOrderId(t.id, r.id, 0, purpose, attempt);
  t.orders.push({
    clientOrderId: id,
    rangeId: r.id,
    purpose,
    side,
    instrument: r.instrument,
    type: orderType,
    qty: toText(qty),
    limitPrice,
    status: 'SUBMITTING',
    filledQty: '0',
    avgFillPrice: null,
    attempt,
    reason: null,
    cancelRefused: false,
    updatedAt: at,
  });
  return {
    type: 'place',
    clientOrderId: id,
    rangeId: r.id,
    purpose,
    side,
    instrument: r.instrument,
    orderType,
    qty: toText(qty),
    limitPrice,
  };
}

function cancel(o: EngineOrder, at: number): Intent {
  o.status = 'CANCELLING';
  o.updatedAt = at;
  return { type: 'cancel', clientOrderId: o.clientOrderId };
}

/** The intents a trade needs now; the orders they create are recorded on `t` (mutated). */
export function plan(t: EngineTrade, at: number, log: string[]): Intent[] {
  if (t.status === 'DRAFT') return [];
  const intents: Intent[] = [];
  const exiting = t.exitReason !== null;
  for (const r of t.ranges) {
    const buys = ordersOf(t, r.id, ['BUY']);
    const liveBuy = buys.find(isLive);

    // The buy: placed once, while the trade runs and nothing stops it.
    const buyBlocked = exiting || t.deadlinePassed || r.buyCancelled || r.targetReached;
    if (!liveBuy && buys.length === 0 && ACTIVE.has(t.status) && !buyBlocked && !r.gated) {
      intents.push(place(t, r, 'BUY', 'limit', dec(r.buyQty), r.buyPrice, at));
      log.push(`${r.label}: buy ${r.buyQty} at ${r.buyPrice} placed`);
    } else if (liveBuy && liveBuy.status !== 'CANCELLING' && !liveBuy.cancelRefused && buyBlocked) {
      intents.push(cancel(liveBuy, at));
      log.push(`${r.label}: the unfilled buy is cancelled`);
    }

    // The sells: cancel what must go, then cover what is held and not covered.
    const sells = ordersOf(t, r.id, ['TARGET', 'EXIT']).filter(isLive);
    const sellNow = exiting || r.sellNowAt !== null;
    for (const o of sells) {
      if (o.status === 'CANCELLING' || o.cancelRefused) continue;
      const wrongTarget = o.purpose === 'TARGET' && (sellNow || r.targetCancelled);
      const slowExit = o.purpose === 'EXIT' && exiting && o.type === 'limit';
      if (wrongTarget || slowExit) {
        intents.push(cancel(o, at));
        log.push(`${r.label}: the ${o.purpose === 'TARGET' ? 'target' : 'exit'} order is cancelled`);
      }
    }
    const live = ordersOf(t, r.id, ['TARGET', 'EXIT']).filter(isLive);
    if (live.some((o) => o.status === 'CANCELLING')) continue; // wait for the broker's answer first
    const covered = live.reduce((sum, o) => sum.plus(o.qty).minus(o.filledQty), dec(0));
    const uncovered = heldOf(r).minus(covered);
    if (uncovered.lte(0)) continue;
    const buyWorking = ordersOf(t, r.id, ['BUY']).some((o) => isLive(o));
    if (exiting) {
      intents.push(place(t, r, 'EXIT', 'market', uncovered, null, at));
      log.push(`${r.label}: sell ${toText(uncovered)} at market`);
    } else if (r.sellNowAt !== null) {
      intents.push(place(t, r, 'EXIT', 'limit', uncovered, r.sellNowAt, at));
      log.push(`${r.label}: sell ${toText(uncovered)} at ${r.sellNowAt}`);
    } else if (!buyWorking && !r.targetCancelled) {
      intents.push(place(t, r, 'TARGET', 'limit', uncovered, r.targetPrice, at));
      log.push(`${r.label}: target sell ${toText(uncovered)} at ${r.targetPrice} placed`);
    }
  }
  return intents;
}
