import { Alert, Modal, Skeleton } from 'antd';
import { TRADE_MSG } from '@drat/contracts';
import { StandaloneAlertCard } from '../alerts';
import { useTradeAlert, type AlertTrade } from './queries';

export interface TradeAlertModalProps {
  /**
   * The trade whose alert is shown (a smart trade of the lists, or a bot's trade as
   * `{ id, trade_type: 'MB' }`); null when closed. The alert is fetched while it is open.
   */
  trade: AlertTrade | null;
  /** The trade's account: live trades ask /livetrading/trade-alert, demo ones /demo-trading/trade-alert. */
  mode: 'live' | 'demo';
  /** The modal's title; "Alert of trade {id}" when not given. */
  title?: string;
  onClose: () => void;
}

/**
 * The alert a trade was made from (2-trading §2.1, §2.3 "alert detail"; 3-bots-admin-public §2.1:
 * "Alert details are fetched per alert when opened"), as its card.
 */
export function TradeAlertModal({ trade, mode, title, onClose }: TradeAlertModalProps) {
  const alert = useTradeAlert(mode, trade);
  return (
    <Modal
      open={trade !== null}
      title={title ?? `Alert of trade ${trade?.id ?? ''}`}
      onCancel={onClose}
      footer={null}
      width={420}
    >
      {alert.isLoading && <Skeleton active />}
      {alert.isError && <Alert type="error" showIcon title={alert.error.message} />}
      {alert.data?.found === false && <Alert type="info" showIcon title={TRADE_MSG.alertNotFoundDione} />}
      {alert.data?.found && <StandaloneAlertCard alert={alert.data.data} />}
    </Modal>
  );
}
