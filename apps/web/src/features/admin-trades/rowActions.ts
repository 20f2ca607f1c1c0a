import type { AdminSmartTrade, TradeStatus } from '@drat/contracts';
import { statusColor, type TradeAction } from '../smart-trades';

/** Which of the trader's calls acts on a trade: a demo trade's (cancel only) or a live trade's. */
export type TradeMode = 'demo' | 'live';

type Row = Pick<AdminSmartTrade, 'status' | 'archived' | 'account_id'>;

/**
 * A demo trade sits on the owner's demo account, `DEMO-<user id>` (the paper broker's name for it);
 * every other account is a brokerage account (live). The admin lists do not say the mode otherwise.
 */
export const tradeModeOf = (t: Pick<Row, 'account_id'>): TradeMode =>
  t.account_id.startsWith('DEMO-') ? 'demo' : 'live';

/** Finished trades: the server archives these (a cancelled or failed trade is as done as a completed one). */
const FINISHED: ReadonlySet<TradeStatus> = new Set(['COMPLETED', 'CANCELLED', 'FAIL']);

/**
 * A super user's actions on any user's trade (3-bots-admin-public §2.5): View Details, View Logs and
 * Cancel Trade on every trade (the server refuses, in words, one with nothing left to cancel);
 * Archive a finished live trade, Un-archive an archived one. Demo trades are never archived (the
 * server archives live trades only, as the trader's demo list offers no archive).
 */
export function adminRowActions(t: Row): TradeAction[] {
  const actions: TradeAction[] = ['details', 'logs', 'cancel'];
  if (t.archived) actions.push('unarchive');
  else if (tradeModeOf(t) === 'live' && FINISHED.has(t.status)) actions.push('archive');
  return actions;
}

/** §2.5: COMPLETED and OPEN display as positive; the other statuses keep the trader's colours. */
export const adminStatusColor = (status: TradeStatus): string =>
  status === 'COMPLETED' || status === 'OPEN' ? 'success' : statusColor(status);
