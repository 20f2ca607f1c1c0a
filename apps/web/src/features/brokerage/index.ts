/**
 * Live trading on a brokerage account (2-trading §2.5-§2.7): Broker Settings, the Trade Monitor,
 * open and closed positions, and the account parts the dashboard and the trade drawers show.
 */
import { lazyPage, lazyPart } from '../../lib/lazyPage';

export const BrokerSettingsPage = lazyPage(async () => (await import('./BrokerSettingsPage')).BrokerSettingsPage);
// The monitor and the positions are views of the Smart Trades page, fetched when first opened.
export const TradeMonitor = lazyPage(async () => (await import('./TradeMonitor')).TradeMonitor);
export const Positions = lazyPage(async () => (await import('./Positions')).Positions);
// Only live traders see it on the dashboard: it and its select are fetched when it is shown.
export const CurrentAccountBar = lazyPart(async () => (await import('./AccountSelect')).CurrentAccountBar);
export { AuthorizationNotice } from './AuthorizationNotice';
export { currentAccountOf } from './accounts';
export { useAccountInfo, useBrokerEvents, useLiveAccounts } from './queries';
export { useTradeAccount } from './AccountParts';
