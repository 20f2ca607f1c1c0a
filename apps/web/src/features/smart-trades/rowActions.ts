import type { SmartTradeDto } from '@drat/contracts';

/**
 * What a trade's row offers (2-trading §2.2 "Row actions by status"), plus its alert (§2.1 "Alert
 * details of a trade open in a modal"). trade, copy, share and retrade open the trade drawers.
 */
export type TradeAction =
  | 'trade'
  | 'delete'
  | 'copy'
  | 'details'
  | 'logs'
  | 'alert'
  | 'cancel'
  | 'conditions'
  | 'share'
  | 'retrade'
  | 'archive'
  | 'unarchive';

/** Only these can be cancelled (the server refuses the others: nothing is left to cancel). */
const RUNNING = new Set(['PENDING', 'OPEN']);
const RETRADABLE = new Set(['CANCELLED', 'COMPLETED', 'OPEN']);
/** Finished trades: the server archives these (a cancelled or failed trade is as done as a completed one). */
const FINISHED = new Set(['COMPLETED', 'CANCELLED', 'FAIL']);

type Row = Pick<SmartTradeDto, 'status' | 'archived'> & Partial<Pick<SmartTradeDto, 'trade_type'>>;

/**
 * A live trade's actions: a draft is traded or deleted; a placed trade shows its details, log and
 * alert, and is shared; PENDING is copied, PENDING or OPEN cancelled, CANCELLED, COMPLETED or OPEN
 * retraded; a finished trade archived, an archived one un-archived.
 */
export function liveRowActions(t: Row): TradeAction[] {
  if (t.status === 'DRAFT') return ['trade', 'delete'];
  const actions: TradeAction[] = ['details', 'logs', 'alert'];
  if (t.status === 'PENDING') actions.push('copy');
  if (RUNNING.has(t.status)) actions.push('cancel');
  // An advanced trade's condition rows are edited while it runs (super users: the page gives the handler).
  if (RUNNING.has(t.status) && t.trade_type === 'ADVANCED') actions.push('conditions');
  actions.push('share');
  if (RETRADABLE.has(t.status)) actions.push('retrade');
  if (t.archived) actions.push('unarchive');
  else if (FINISHED.has(t.status)) actions.push('archive');
  return actions;
}

/** A demo trade's actions: its details, log and alert, and cancel while it runs (no archive or share: §6). */
export function demoRowActions(t: Row): TradeAction[] {
  return RUNNING.has(t.status) ? ['details', 'logs', 'alert', 'cancel'] : ['details', 'logs', 'alert'];
}
