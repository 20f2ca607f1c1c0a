import type { SmartTraderStats, TradeStatus } from '@drat/contracts';

/** The statuses §2.4 splits the counts by, in its order, with the word shown (OPEN is shown as Active). */
export const SHOWN_STATUSES = [
  { status: 'COMPLETED', label: 'Completed' },
  { status: 'OPEN', label: 'Active' },
  { status: 'PENDING', label: 'Pending' },
  { status: 'CANCELLED', label: 'Cancelled' },
] as const satisfies readonly { status: TradeStatus; label: string }[];

export interface StatusCount {
  status: TradeStatus;
  label: string;
  count: number;
}

/** One kind's counts (equity or options) in §2.4's statuses and order; a status the answer lacks counts 0. */
export function countsOf(list: SmartTraderStats['data']['equity']): StatusCount[] {
  return SHOWN_STATUSES.map(({ status, label }) => ({
    status,
    label,
    count: list.filter((x) => x.status === status).reduce((n, x) => n + x.count, 0),
  }));
}

/** How many trades the shown statuses hold together. */
export const totalOf = (counts: readonly StatusCount[]): number => counts.reduce((n, c) => n + c.count, 0);
