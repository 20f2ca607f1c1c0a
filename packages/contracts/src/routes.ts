/** Web routes of the spec (1-core §2, 3-bots-admin-public §2.14) shared by the router, guards and tests. */
export const ROUTES = {
  login: '/login',
  resetPassword: '/reset-password',
  resetConfirm: '/reset-password/:token_activation_code/confirm-token',
  resetEmailSent: '/forgot/email-sent/password',
  /** The link e-mailed to a new sign-in address (DRAT's own page). */
  confirmEmail: '/confirm-email/:token',
  dashboard: '/dashboard',
  alerts: '/alerts',
  completedAlerts: '/completed-alerts',
  adminCompletedAlerts: '/admin-completed-alerts',
  triggers: '/triggers',
  trackers: '/trackers',
  tools: '/tools',
  resources: '/resources',
  settings: '/settings',
  news: '/news',
  smartTrades: '/smart-trades',
  tradeSettings: '/trade/settings',
  moneyManagementBot: '/money-management-bot',
  pay: '/pay',
} as const;
