/**
 * Every user's smart trades for super users (3-bots-admin-public §2.4, §2.5): Read SMT & Logs and
 * Smart Trader Analysis, each fetched when first opened.
 */
import { lazyPage } from '../../lib/lazyPage';

export const AllSmartTradesPage = lazyPage(async () => (await import('./AllSmartTradesPage')).AllSmartTradesPage);
export const SmartTraderPage = lazyPage(async () => (await import('./SmartTraderPage')).SmartTraderPage);
