/**
 * The smart-trade engine: `step(trade, event) → { trade, intents, log }` (docs/trading-rules.md).
 * Pure: no I/O, no clock, no randomness; the same trade and event always give the same answer,
 * and the input trade is never changed. The runner records the new trade and its intents in one
 * transaction, sends the intents, and feeds the broker's answers back as events.
 */
import { dec, roundDec, toText } from '../money/decimal';
import { actionPrice, conditionHolds } from './conditions';
import { applyUpdate, isLive } from './orders';
import { heldOf, ordersOf, plan } from './plan';
import type { EngineTrade, Quote, RangeState, StepResult, TradeEdit, TradeEvent, TradeStatus } from './types';

const RUNNING: ReadonlySet<TradeStatus> = new Set(['PENDING', 'OPEN']);

export function step(trade: EngineTrade, event: TradeEvent): StepResult {
  return (event.type === 'quote' && quoteStep(trade, event)) || stepFully(trade, event);
}

/**
 * Most quotes only move a trail's peak, or nothing: such a quote is applied to a light copy (its
 * own quotes, trails and range copies; the orders shared, untouched) and answered at once. If the
 * quote did anything a trader would read in the log (a stop, a trail set or tightened, a target
 * reached), the copy is made whole and the rest of the step runs on it, as `stepFully` would after
 * the quote (the quote's rules change only what the light copy owns: the scenario tests freeze
 * what they step). Nothing else can change on a quiet quote when no condition row is pending and
 * no deadline falls due: the orders, fills and plan are as the last step left them. `book.test.ts`
 * checks both paths agree. Null when the trade is not one a quote can leave quiet.
 */
function quoteStep(trade: EngineTrade, event: Extract<TradeEvent, { type: 'quote' }>): StepResult | null {
  if (!RUNNING.has(trade.status) || trade.exitReason !== null) return null;
  if (trade.conditions.some((row) => !row.done)) return null;
  if (trade.cancelUnfilledAt !== null && !trade.deadlinePassed && event.at >= trade.cancelUnfilledAt) return null;
  const trail: EngineTrade['trail'] = {};
  for (const [k, v] of Object.entries(trade.trail)) trail[k] = { ...v };
  const t: EngineTrade = {
    ...trade,
    quotes: { ...trade.quotes },
    trail,
    ranges: trade.ranges.map((r) => ({ ...r })),
    updatedAt: Math.max(trade.updatedAt, event.at),
  };
  const log: string[] = [];
  onQuote(t, event.instrument, { last: event.last, bid: event.bid, ask: event.ask, at: event.at }, log);
  if (log.length === 0 && t.exitReason === null) return { trade: t, intents: [], log };
  return afterEvent(cloneTrade(t), event, log);
}

/** Every rule, on a copy of the trade (`cloneTrade`). */
export function stepFully(trade: EngineTrade, event: TradeEvent): StepResult {
  const t = cloneTrade(trade);
  const log: string[] = [];
  t.updatedAt = Math.max(t.updatedAt, event.at);

  switch (event.type) {
    case 'submit':
      if (t.status !== 'DRAFT')
        return { trade, intents: [], log: [], refused: `The trade is ${t.status}, not a draft` };
      t.status = 'PENDING';
      log.push(event.by ? `Trade submitted by ${event.by}` : 'Trade submitted');
      break;
    case 'edit': {
      if (event.by) log.push(`Edited by ${event.by}`);
      const refused = applyEdit(t, event.edit, log);
      if (refused) return { trade, intents: [], log: [], refused };
      break;
    }
    case 'cancel':
      if (!RUNNING.has(t.status)) return { trade, intents: [], log: [], refused: `The trade is ${t.status}` };
      if (t.exitReason === null) {
        t.exitReason = 'USER_CANCEL';
        log.push(`Cancelled by ${event.by ?? 'the user'}: unfilled orders are cancelled and what is held is sold`);
      }
      break;
    case 'order':
      applyOrder(t, event, log);
      break;
    case 'indicator':
      t.indicators[event.key] = event.value;
      break;
    case 'quote':
      onQuote(t, event.instrument, { last: event.last, bid: event.bid, ask: event.ask, at: event.at }, log);
      break;
    case 'tick':
      break;
  }
  return afterEvent(t, event, log);
}

/** What every step does after its event's own rule: deadlines, fills, conditions, the plan's intents. */
function afterEvent(t: EngineTrade, event: TradeEvent, log: string[]): StepResult {
  if (RUNNING.has(t.status)) {
    if (t.cancelUnfilledAt !== null && !t.deadlinePassed && event.at >= t.cancelUnfilledAt) {
      t.deadlinePassed = true;
      log.push('Cancel-if-not-filled time reached: unfilled buys are cancelled');
    }
    if (t.exitReason === null) {
      markFills(t);
      fireConditions(t, log);
    }
  }
  const modifies = event.type === 'edit' ? modifyIntents(t) : [];
  const intents = [...modifies, ...plan(t, event.at, log)];
  settle(t, log);
  return { trade: t, intents, log };
}

/**
 * A copy of everything a step may change: the trade's fields, its ranges, orders, condition rows,
 * trails, quotes and indicators. What no step changes (instruments, executions, conditions'
 * items, the trailing spec) is shared; a step replaces those, never edits them. The scenario
 * tests freeze every trade they step, so a step that edited something shared would throw.
 */
function cloneTrade(trade: EngineTrade): EngineTrade {
  const trail: EngineTrade['trail'] = {};
  for (const k in trade.trail) trail[k] = { ...trade.trail[k]! };
  return {
    ...trade,
    ranges: trade.ranges.map((r) => ({ ...r, entries: [...r.entries], exits: [...r.exits] })),
    orders: trade.orders.map((o) => ({ ...o })),
    conditions: trade.conditions.map((row) => ({ ...row })),
    trail,
    quotes: { ...trade.quotes },
    indicators: { ...trade.indicators },
  };
}

/* ---- Orders ---------------------------------------------------------------------------------- */

function applyOrder(t: EngineTrade, event: Extract<TradeEvent, { type: 'order' }>, log: string[]): void {
  const i = t.orders.findIndex((o) => o.clientOrderId === event.clientOrderId);
  if (i < 0) {
    log.push(`An answer for an order this trade does not have (${event.clientOrderId}) was ignored`);
    return;
  }
  const before = t.orders[i]!;
  const range = t.ranges.find((r) => r.id === before.rangeId)!;
  const { order, execution, note } = applyUpdate(before, event, range.instrument.multiplier);
  t.orders[i] = order;
  if (note) log.push(note);
  if (order.status === 'REJECTED' && before.status !== 'REJECTED') {
    log.push(
      `${range.label}: the ${before.purpose.toLowerCase()} order was rejected: ${order.reason ?? 'no reason given'}`,
    );
  }
  if (!execution) return;
  if (order.side === 'buy') {
    range.entries.push(execution);
    range.boughtQty = toText(dec(range.boughtQty).plus(execution.qty));
    range.boughtAmount = toText(dec(range.boughtAmount).plus(execution.amount));
    log.push(`${range.label}: bought ${execution.qty} at ${execution.price}`);
  } else {
    range.exits.push(execution);
    range.soldQty = toText(dec(range.soldQty).plus(execution.qty));
    range.soldAmount = toText(dec(range.soldAmount).plus(execution.amount));
    log.push(`${range.label}: sold ${execution.qty} at ${execution.price}`);
  }
}

/* ---- Quotes: the stop loss, the trailing profit, a target reached early -------------------- */

/** Average entry price per share of what was bought on an instrument (cost basis over quantity). */
function averageEntry(ranges: RangeState[]) {
  const qty = ranges.reduce((s, r) => s.plus(r.boughtQty), dec(0));
  if (qty.isZero()) return null;
  const amount = ranges.reduce((s, r) => s.plus(r.boughtAmount), dec(0));
  return amount.div(qty.times(ranges[0]!.instrument.multiplier));
}

function onQuote(t: EngineTrade, instrument: string, quote: Quote, log: string[]): void {
  const previous = t.quotes[instrument];
  if (previous && previous.at > quote.at) return; // an older quote changes nothing
  t.quotes[instrument] = quote;
  if (!RUNNING.has(t.status) || t.exitReason !== null) return;
  const ranges = t.ranges.filter((r) => r.instrument.key === instrument && !r.completed);
  if (ranges.length === 0) return;
  const bid = dec(quote.bid);
  const held = ranges.reduce((s, r) => s.plus(heldOf(r)), dec(0));

  // 1. The stop loss: at or below it nothing more is bought and what is held is sold.
  if (t.stopLoss !== null && bid.lte(t.stopLoss)) {
    t.exitReason = 'STOP_LOSS';
    t.soldAtStopLoss = held.gt(0);
    log.push(
      held.gt(0)
        ? `Stop loss ${t.stopLoss} reached (bid ${quote.bid}): selling ${toText(held)} held, cancelling unfilled buys`
        : `Stop loss ${t.stopLoss} reached (bid ${quote.bid}) before any buy filled: unfilled buys are cancelled`,
    );
    return;
  }
  if (held.lte(0)) return;

  // 2. The trailing profit: first check the stop set by earlier quotes, then move it with this one.
  if (t.trailing) {
    const trail = (t.trail[instrument] ??= { peak: null, stop: null, tightened: false });
    if (trail.stop !== null && bid.lte(trail.stop)) {
      t.exitReason = 'TRAILING_PROFIT';
      log.push(`Trailing stop ${trail.stop} reached (bid ${quote.bid}): selling ${toText(held)} held`);
      return;
    }
    const entry = averageEntry(ranges.filter((r) => dec(r.boughtQty).gt(0)));
    if (entry !== null) {
      const peak = trail.peak === null || bid.gt(trail.peak) ? bid : dec(trail.peak);
      trail.peak = toText(peak);
      const gain = peak.minus(entry).div(entry).times(100);
      if (!trail.tightened && gain.gte(t.trailing.triggerPercent)) {
        trail.tightened = true;
        log.push(
          `Gain ${toText(roundDec(gain, 2))}% reached the trigger ${t.trailing.triggerPercent}%: the trail tightens to ${t.trailing.newPercent}%`,
        );
      }
      const percent = trail.tightened ? t.trailing.newPercent : t.trailing.percent;
      const candidate = roundDec(peak.times(dec(100).minus(percent)).div(100), 8);
      // In force only where it locks a profit, and it never moves down.
      if (candidate.gt(entry) && (trail.stop === null || candidate.gt(trail.stop))) {
        if (trail.stop === null)
          log.push(`Trailing stop set at ${toText(candidate)} (${percent}% under ${trail.peak})`);
        trail.stop = toText(candidate);
      }
    }
  }

  // 3. A target reached while its buy still works: the rest of the buy is cancelled, the target sells.
  for (const r of ranges) {
    if (r.targetReached || heldOf(r).lte(0) || bid.lt(r.targetPrice)) continue;
    if (!ordersOf(t, r.id, ['BUY']).some(isLive)) continue;
    r.targetReached = true;
    log.push(`${r.label}: target ${r.targetPrice} reached before the buy filled: the rest of the buy is cancelled`);
  }
}

/* ---- Conditions (advanced trades) --------------------------------------------------------- */

function fireConditions(t: EngineTrade, log: string[]): void {
  for (const row of t.conditions) {
    if (row.done || row.conditions.length === 0 || !row.conditions.every((c) => conditionHolds(t, c))) continue;
    const a = row.action;
    const r = t.ranges.find((x) => x.id === a.rangeId);
    if (!r) {
      row.done = true;
      continue;
    }
    if (a.type === 'cancel') {
      if (a.side === 'buy') r.buyCancelled = true;
      else r.targetCancelled = true;
      row.done = true;
      log.push(`Condition met: ${r.label}'s ${a.side === 'buy' ? 'buy' : 'target'} is cancelled`);
      continue;
    }
    const price = actionPrice(t, a);
    if (price === null) continue; // no quote yet to price the action: it waits
    row.done = true;
    if (a.side === 'buy') {
      if (ordersOf(t, r.id, ['BUY']).length > 0) {
        log.push(`Condition met: ${r.label}'s buy was already placed`);
        continue;
      }
      r.gated = false;
      r.buyPrice = price;
      log.push(`Condition met: ${r.label} buys at ${price}`);
    } else {
      r.sellNowAt = price;
      log.push(`Condition met: ${r.label} sells at ${price}`);
    }
  }
}

/* ---- Edits -------------------------------------------------------------------------------- */

/** Applies a user's edit, or answers why it is refused (2-trading §4's locks). */
function applyEdit(t: EngineTrade, edit: TradeEdit, log: string[]): string | null {
  if (t.status !== 'DRAFT' && !RUNNING.has(t.status)) return `A ${t.status} trade cannot be edited`;
  if (t.exitReason !== null) return 'The trade is selling what it holds: it cannot be edited';
  for (const change of edit.ranges ?? []) {
    const r = t.ranges.find((x) => x.id === change.id);
    if (!r) return `There is no range ${change.id}`;
    if (r.completed) return `${r.label} is completed`;
    if (change.buyPrice !== undefined && r.buyFilled && !dec(change.buyPrice).eq(r.buyPrice)) {
      return `${r.label}'s buy is filled: its buy price is locked`;
    }
    if (change.targetPrice !== undefined && r.sellFilled && !dec(change.targetPrice).eq(r.targetPrice)) {
      return `${r.label}'s sell is filled: its target is locked`;
    }
  }
  for (const change of edit.ranges ?? []) {
    const r = t.ranges.find((x) => x.id === change.id)!;
    if (change.buyPrice !== undefined) r.buyPrice = toText(dec(change.buyPrice));
    if (change.targetPrice !== undefined) r.targetPrice = toText(dec(change.targetPrice));
  }
  if (edit.stopLoss !== undefined) t.stopLoss = toText(dec(edit.stopLoss));
  if (edit.trailing !== undefined) t.trailing = edit.trailing;
  if (edit.conditions !== undefined) {
    t.conditions = edit.conditions;
    for (const r of t.ranges) r.gated = gatedBy(t, r.id) && ordersOf(t, r.id, ['BUY']).length === 0;
  }
  log.push('Trade edited');
  return null;
}

/** A range whose buy an execute action of a pending row places waits for it. */
export function gatedBy(t: Pick<EngineTrade, 'conditions'>, rangeId: string): boolean {
  return t.conditions.some(
    (row) => !row.done && row.action.type === 'execute' && row.action.side === 'buy' && row.action.rangeId === rangeId,
  );
}

/** Live buys and targets follow an edited price (a modify, never a cancel and replace). */
function modifyIntents(after: EngineTrade) {
  const intents: { type: 'modify'; clientOrderId: string; limitPrice: string }[] = [];
  for (const o of after.orders) {
    if (!isLive(o) || o.status === 'CANCELLING' || o.type !== 'limit' || o.purpose === 'EXIT') continue;
    const r = after.ranges.find((x) => x.id === o.rangeId)!;
    const want = o.purpose === 'BUY' ? r.buyPrice : r.targetPrice;
    if (o.limitPrice !== null && !dec(o.limitPrice).eq(want)) {
      o.limitPrice = want;
      intents.push({ type: 'modify', clientOrderId: o.clientOrderId, limitPrice: want });
    }
  }
  return intents;
}

/* ---- Ranges and the trade's status -------------------------------------------------------- */

/** A range's buy is filled once anything was bought; its sell once all that was bought is sold. */
function markFills(t: EngineTrade): void {
  for (const r of t.ranges) {
    r.buyFilled = dec(r.boughtQty).gt(0);
    r.sellFilled = r.buyFilled && heldOf(r).lte(0) && !ordersOf(t, r.id, ['TARGET', 'EXIT']).some(isLive);
  }
}

function settle(t: EngineTrade, log: string[]): void {
  if (t.status === 'DRAFT') return;
  markFills(t);
  for (const r of t.ranges) {
    const buys = ordersOf(t, r.id, ['BUY']);
    const sellsLive = ordersOf(t, r.id, ['TARGET', 'EXIT']).some(isLive);
    const buyLive = buys.some(isLive);
    const buyOver =
      !buyLive &&
      (buys.length > 0 || t.exitReason !== null || t.deadlinePassed || r.buyCancelled || !RUNNING.has(t.status));
    const completed = buyOver && heldOf(r).lte(0) && !sellsLive;
    if (completed && !r.completed) log.push(`${r.label}: ${r.buyFilled ? 'completed' : 'cancelled'}`);
    r.completed = completed;
  }
  const before = t.status;
  const bought = t.ranges.some((r) => r.buyFilled);
  if (!t.ranges.every((r) => r.completed)) {
    t.status = bought ? 'OPEN' : 'PENDING';
  } else if (bought) {
    t.status = t.exitReason === 'USER_CANCEL' ? 'CANCELLED' : 'COMPLETED';
  } else {
    const rejected = t.orders.filter((o) => o.purpose === 'BUY' && o.status === 'REJECTED');
    const allRejected = rejected.length > 0 && t.orders.every((o) => o.purpose !== 'BUY' || o.status === 'REJECTED');
    t.status = allRejected ? 'FAIL' : 'CANCELLED';
    if (allRejected) t.failure = rejected[0]!.reason ?? 'The broker rejected the orders';
  }
  if (t.status !== before) log.push(`Status ${before} → ${t.status}`);
}
