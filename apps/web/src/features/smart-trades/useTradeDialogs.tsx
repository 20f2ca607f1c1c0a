import { useState } from 'react';
import type { SmartTradeDto } from '@drat/contracts';
import { lazyDialog } from '../../lib/lazyPage';
import type { TradeActionHandlers } from './TradeListParts';
import { TradeDetailModal, TradeLogsModal } from './TradeModals';

// The alert's card comes with the alerts area's code: fetched when a trade's alert is first opened.
const TradeAlertModal = lazyDialog(
  async () => (await import('./TradeAlertModal')).TradeAlertModal,
  (p) => p.trade !== null,
);

/** A trade's details, log and alert dialogs (2-trading §2.3), and the row actions that open them. */
export function useTradeDialogs(mode: 'live' | 'demo') {
  const [logsOf, setLogsOf] = useState<number | null>(null);
  const [detailOf, setDetailOf] = useState<number | null>(null);
  const [alertOf, setAlertOf] = useState<SmartTradeDto | null>(null);
  const handlers: TradeActionHandlers = {
    details: (t) => setDetailOf(t.id),
    logs: (t) => setLogsOf(t.id),
    alert: setAlertOf,
  };
  const dialogs = (
    <>
      <TradeLogsModal tradeId={logsOf} onClose={() => setLogsOf(null)} />
      <TradeDetailModal tradeId={detailOf} onClose={() => setDetailOf(null)} />
      <TradeAlertModal trade={alertOf} mode={mode} onClose={() => setAlertOf(null)} />
    </>
  );
  return { handlers, dialogs };
}
