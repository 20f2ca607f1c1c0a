/**
 * Query keys that more than one feature reads or invalidates. Keys used by one feature only stay
 * in that feature's queries.ts.
 */

/** My Trackers. Tracking an alert (alerts) or a Dione term (tools) invalidates them. */
export const trackerKeys = {
  all: ['trackers'] as const,
  alerts: () => [...trackerKeys.all, 'alerts'] as const,
  dione: () => [...trackerKeys.all, 'dione'] as const,
  alert: (id: number) => [...trackerKeys.all, 'alert', id] as const,
};

/**
 * Brokerage accounts (2-trading §2.5-§2.7, 1-core §2): the accounts, their balances, orders and
 * positions. Read by Broker Settings, the dashboard, the trade drawers and the Trade Monitor.
 */
export const brokerKeys = {
  all: ['brokerage'] as const,
  accounts: () => [...brokerKeys.all, 'accounts'] as const,
  connection: () => [...brokerKeys.all, 'connection'] as const,
  allAccounts: () => [...brokerKeys.all, 'all-accounts'] as const,
  info: (account: string) => [...brokerKeys.all, 'info', account] as const,
  orders: (account: string) => [...brokerKeys.all, 'orders', account] as const,
  positions: (account: string) => [...brokerKeys.all, 'positions', account] as const,
};
