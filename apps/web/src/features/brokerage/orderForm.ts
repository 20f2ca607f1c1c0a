import {
  ORDER_DURATIONS,
  ORDER_TYPES,
  PRICED_ORDER_TYPES,
  STOP_ORDER_TYPES,
  type OrderDuration,
  type OrderType,
} from '@drat/contracts';

/** The order forms' choices (Modify, Exit) and which prices an order type needs (2-trading §5.5). */

const TYPE_LABELS: Record<OrderType, string> = {
  limit: 'Limit',
  market: 'Market',
  stop: 'Stop',
  stop_limit: 'Stop limit',
  debit: 'Debit',
  credit: 'Credit',
};
const DURATION_LABELS: Record<OrderDuration, string> = {
  day: 'Day',
  gtc: 'Good till cancelled',
  pre: 'Pre-market',
  post: 'Post-market',
};

/** Debit and credit price multileg orders only, which are not modified or exited by hand here. */
export const orderTypeOptions = () =>
  ORDER_TYPES.filter((t) => t !== 'debit' && t !== 'credit').map((t) => ({ value: t, label: TYPE_LABELS[t] }));

export const DURATION_OPTIONS = ORDER_DURATIONS.map((d) => ({ value: d, label: DURATION_LABELS[d] }));

export const needsPrice = (type: OrderType | undefined) => type !== undefined && PRICED_ORDER_TYPES.includes(type);
export const needsStop = (type: OrderType | undefined) => type !== undefined && STOP_ORDER_TYPES.includes(type);

/** 'sell_to_close' → 'Sell to close'. */
export const sideLabel = (side: string) => {
  const words = side.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
