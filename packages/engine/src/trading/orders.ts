/**
 * An order's life on our side, as an explicit table (docs/trading-rules.md "Orders"): every
 * (status, broker answer) pair has one outcome, and pairs not in the table change nothing but are
 * logged. Fills are cumulative (the broker reports the quantity filled so far and its average
 * price), so the same fill reported twice is a no-op and an older report is ignored.
 */
import { dec, roundDec, toText, type Dec } from '../money/decimal';
import type { EngineOrder, Execution, OrderStatus, OrderUpdate } from './types';

/** The order will not change any more (a late fill after a cancel is still applied). */
export const TERMINAL: ReadonlySet<OrderStatus> = new Set(['FILLED', 'CANCELLED', 'REJECTED']);

/** The order may still fill: at the broker, or on its way there, or being cancelled. */
export function isLive(order: EngineOrder): boolean {
  return !TERMINAL.has(order.status);
}

type Answer = OrderUpdate['status'];

/**
 * The status after an answer, before fills are counted; `undefined`: the pair is not allowed.
 * 'partially_filled' and 'filled' are settled by the quantities (see `applyUpdate`).
 */
const TABLE: Record<OrderStatus, Partial<Record<Answer, OrderStatus>>> = {
  SUBMITTING: {
    accepted: 'WORKING',
    partially_filled: 'PARTIALLY_FILLED',
    filled: 'FILLED',
    rejected: 'REJECTED',
    cancelled: 'CANCELLED',
  },
  WORKING: {
    accepted: 'WORKING',
    partially_filled: 'PARTIALLY_FILLED',
    filled: 'FILLED',
    cancelled: 'CANCELLED',
    rejected: 'REJECTED',
  },
  PARTIALLY_FILLED: {
    accepted: 'PARTIALLY_FILLED',
    partially_filled: 'PARTIALLY_FILLED',
    filled: 'FILLED',
    cancelled: 'CANCELLED',
  },
  CANCELLING: {
    accepted: 'CANCELLING',
    partially_filled: 'CANCELLING',
    filled: 'FILLED',
    cancelled: 'CANCELLED',
    // The broker refused the cancel (it had filled, or is closing): back to where it was.
    cancel_rejected: 'WORKING',
    rejected: 'REJECTED',
  },
  FILLED: { filled: 'FILLED', partially_filled: 'FILLED', accepted: 'FILLED', cancel_rejected: 'FILLED' },
  // Brokers report fills that happened before the cancel took effect, after it.
  CANCELLED: { cancelled: 'CANCELLED', partially_filled: 'CANCELLED', filled: 'FILLED', cancel_rejected: 'CANCELLED' },
  REJECTED: { rejected: 'REJECTED' },
};

export interface AppliedUpdate {
  order: EngineOrder;
  /** The quantity newly filled by this update, with its amount (for the range's books). */
  execution: Execution | null;
  /** Words for the log when the update was odd (not allowed, stale, more than ordered). */
  note: string | null;
}

/**
 * Applies a broker answer to an order. The new fill is the difference between the reported
 * cumulative quantity and the one we had; its amount is cumQty × avg − ours, so average prices
 * reported over several partial fills add up exactly.
 */
export function applyUpdate(order: EngineOrder, update: OrderUpdate, multiplier: number): AppliedUpdate {
  const next = TABLE[order.status][update.status];
  if (next === undefined) {
    return { order, execution: null, note: `${order.clientOrderId}: ignored '${update.status}' while ${order.status}` };
  }
  const had = dec(order.filledQty);
  const reported = dec(update.filledQty || '0');
  let status: OrderStatus = next;
  let note: string | null = null;
  let execution: Execution | null = null;
  const o: EngineOrder = {
    ...order,
    status,
    updatedAt: update.at,
    reason: update.reason ?? order.reason,
    cancelRefused: order.cancelRefused || update.status === 'cancel_rejected',
  };

  if (reported.lt(had)) {
    note = `${order.clientOrderId}: an older report (${toText(reported)} filled, we have ${toText(had)}) was ignored`;
  } else if (reported.gt(had)) {
    const avg = update.avgFillPrice === null ? null : dec(update.avgFillPrice);
    if (avg === null) {
      note = `${order.clientOrderId}: a fill without a price was ignored`;
    } else {
      const before = had.times(order.avgFillPrice ?? 0);
      const delta = reported.minus(had);
      const value = reported.times(avg).minus(before);
      execution = {
        qty: toText(delta),
        amount: toText(value.times(multiplier)),
        price: toText(roundDec(value.div(delta), 8)),
        at: update.at,
      };
      o.filledQty = toText(reported);
      o.avgFillPrice = toText(avg);
      if (reported.gt(order.qty)) {
        note = `${order.clientOrderId}: filled ${toText(reported)}, more than the ${order.qty} ordered`;
      }
    }
  }
  // The quantities settle 'filled' and 'partially filled' whatever the word said.
  const filled: Dec = dec(o.filledQty);
  if (filled.gte(o.qty) && status !== 'REJECTED') status = 'FILLED';
  else if (status === 'FILLED' && filled.lt(o.qty)) status = filled.isZero() ? 'WORKING' : 'PARTIALLY_FILLED';
  else if (status === 'WORKING' && filled.gt(0)) status = 'PARTIALLY_FILLED';
  o.status = status;
  return { order: o, execution, note };
}
