import type { TradeType } from '@drat/contracts';

/** What the trade-type tabs and dropdown filter by: every trade, or one trade_type. */
export type TypeFilter = 'ALL' | TradeType;

export interface TypeOption {
  value: TypeFilter;
  label: string;
}

const LABELS: Record<TypeFilter, string> = {
  ALL: 'All',
  ALERT: 'Alert',
  DIONE: 'DIONE',
  CUSTOM: 'Custom',
  'SMT TEMPLATE': 'SMT Template',
  ADVANCED: 'Advanced',
  MB: 'MB',
};

const option = (value: TypeFilter): TypeOption => ({ value, label: LABELS[value] });

/**
 * The trade-type choices (2-trading §2.1, §2.2): live traders get All, Alert, DIONE, Custom,
 * Advanced and MB, super users SMT Template too (in the tabs' order: after Custom); demo users get
 * All, Alert and DIONE.
 */
export function typeOptions(list: 'live' | 'demo', isSuper: boolean): TypeOption[] {
  if (list === 'demo') return (['ALL', 'ALERT', 'DIONE'] as const).map(option);
  const types: TypeFilter[] = ['ALL', 'ALERT', 'DIONE', 'CUSTOM', 'SMT TEMPLATE', 'ADVANCED', 'MB'];
  return types.filter((t) => isSuper || t !== 'SMT TEMPLATE').map(option);
}

/** The trades of one type, in the order given (the server's: by status group, newest first). */
export function ofType<T extends { trade_type: TradeType }>(rows: readonly T[], type: TypeFilter): T[] {
  return type === 'ALL' ? [...rows] : rows.filter((t) => t.trade_type === type);
}

/** A filter's words for a file name: 'all', 'smt-template'. */
export const typeSlug = (type: TypeFilter) => LABELS[type].toLowerCase().replace(/\s+/g, '-');
