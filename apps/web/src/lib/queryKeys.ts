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
