import { Alert, Modal, Skeleton } from 'antd';
import { TRADE_MSG, type SmartTradeDto } from '@drat/contracts';
import { StandaloneAlertCard } from '../alerts';
import { useTradeAlert } from './queries';

export interface TradeAlertModalProps {
  /** The trade whose alert is shown; null when closed. */
  trade: SmartTradeDto | null;
  mode: 'live' | 'demo';
  onClose: () => void;
}

/** The alert a trade was made from (2-trading §2.1, §2.3 "alert detail"), as its card. */
export function TradeAlertModal({ trade, mode, onClose }: TradeAlertModalProps) {
  const alert = useTradeAlert(mode, trade);
  return (
    <Modal
      open={trade !== null}
      title={`Alert of trade ${trade?.id ?? ''}`}
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
