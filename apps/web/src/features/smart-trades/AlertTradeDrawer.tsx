import type { AlertDto } from '@drat/contracts';
import { TradeDrawer } from './TradeDrawer';

/**
 * Trade on an alert card (2-trading §4 "Drawers"): the basic trade drawer with the alert's levels
 * copied in, 2 shares split 1/1, on the demo account or (live traders) the brokerage account.
 */
export function AlertTradeDrawer({ alert, onClose }: { alert: AlertDto | null; onClose: () => void }) {
  return <TradeDrawer source={alert ? { kind: 'alert', alert } : null} onClose={onClose} />;
}
