/** Smart trades (2-trading §2.1-§2.3): the trade lists, their details, logs and row actions. */
import { lazyPage } from '../../lib/lazyPage';

export const SmartTradesPage = lazyPage(async () => (await import('./SmartTradesPage')).SmartTradesPage);
