import { Flex, Modal, Typography } from 'antd';
import type { AlertDto } from '@drat/contracts';
import { useMarketColors } from '../../../lib/marketColors';
import { StandaloneAlertCard } from '../AlertModals';
import { completionText } from '../format';

/** 'View Alert': the alert's card with its completion text above it. */
export function ViewAlertModal({ alert, onClose }: { alert: AlertDto | null; onClose: () => void }) {
  const colors = useMarketColors();
  const status = alert ? completionText(alert) : null;
  return (
    <Modal
      open={alert !== null}
      onCancel={onClose}
      footer={null}
      title={alert ? `${alert.ticker} alert` : ''}
      width={420}
    >
      {alert && status && (
        <Flex vertical gap={12}>
          <Typography.Text
            style={{ color: status.positive === null ? undefined : status.positive ? colors.up : colors.down }}
          >
            {status.text}
          </Typography.Text>
          <StandaloneAlertCard alert={alert} />
        </Flex>
      )}
    </Modal>
  );
}
