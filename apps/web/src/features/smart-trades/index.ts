/** Smart trades (2-trading §2.1-§2.4): the trade lists, their details, logs and row actions, and the trade drawers. */
import { lazyDialog, lazyPage } from '../../lib/lazyPage';

export const SmartTradesPage = lazyPage(async () => (await import('./SmartTradesPage')).SmartTradesPage);
// Fetched when an alert's Trade is first pressed: /alerts does not download the drawer before.
export const AlertTradeDrawer = lazyDialog(
  async () => (await import('./AlertTradeDrawer')).AlertTradeDrawer,
  (p) => p.alert !== null,
);
// The basic trade drawer for other features (Dione results): fetched when first opened.
export const TradeDrawer = lazyDialog(
  async () => (await import('./TradeDrawer')).TradeDrawer,
  (p) => p.source !== null,
);
export type { DioneLevels, TradeSource } from './tradeForm';
// The share form of a trade or a bot (the bots page shares bots with it): fetched when first opened,
// with the user and plan lists it loads.
export const ShareModal = lazyDialog(
  async () => (await import('./ShareTradeModal')).ShareModal,
  (p) => p.item !== null,
);
export type { ShareItem } from './sharing';
// The alert a trade was made from, as its card (the bots page opens a bot's trade's with it): fetched
// when first opened, with the alerts area's card.
export const TradeAlertModal = lazyDialog(
  async () => (await import('./TradeAlertModal')).TradeAlertModal,
  (p) => p.trade !== null,
);
// A trade status's badge colour (2-trading §2.2), for other lists of trades (a bot's trades).
export { statusColor } from './status';
// The trade tables' parts and row actions, for the super users' list of every user's trades
// (admin-trades, 3-bots-admin-public §2.5).
export { actionsColumn, TradeListHeader, TradeTable, usePhone, type TradeActionHandlers } from './TradeListParts';
export type { TradeAction } from './rowActions';
