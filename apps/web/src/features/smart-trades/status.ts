import type { TradeStatus } from '@drat/contracts';

/** 2-trading §2.2's badge colours: OPEN warning, PENDING stale, COMPLETED positive, DRAFT yellow, others negative. */
export function statusColor(status: TradeStatus | (string & {})): string {
  if (status === 'OPEN') return 'warning';
  if (status === 'PENDING') return 'default';
  if (status === 'COMPLETED') return 'success';
  if (status === 'DRAFT') return 'gold';
  return 'error';
}
