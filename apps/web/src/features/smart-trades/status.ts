import { TRADE_STATUS_ORDER, type TradeStatus } from '@drat/contracts';

/** 2-trading §2.2's badge colours: OPEN warning, PENDING stale, COMPLETED positive, DRAFT yellow, others negative. */
export function statusColor(status: TradeStatus): string {
  if (status === 'OPEN') return 'warning';
  if (status === 'PENDING') return 'default';
  if (status === 'COMPLETED') return 'success';
  if (status === 'DRAFT') return 'gold';
  return 'error';
}

/** The 'All' list's order: by status group (DRAFT, PENDING, FAIL, OPEN, COMPLETED, CANCELLED), newest first in each. */
export function byStatusThenNewest<T extends { status: TradeStatus; created: string; id: number }>(rows: T[]): T[] {
  const rank = (s: TradeStatus) => TRADE_STATUS_ORDER.indexOf(s);
  return [...rows].sort((a, b) => rank(a.status) - rank(b.status) || b.created.localeCompare(a.created) || b.id - a.id);
}
