import { Modal } from 'antd';

/** The demo/live switch's question before live trading (2-trading §4 "Trade mode"): Proceed goes to Broker Settings. */
export function GoLiveModal({
  open,
  onCancel,
  onProceed,
}: {
  open: boolean;
  onCancel: () => void;
  onProceed: () => void;
}) {
  return (
    <Modal open={open} title="Switch to live trading" okText="Proceed" onCancel={onCancel} onOk={onProceed}>
      Live trading places real orders through your brokerage account. Proceed to Broker Settings to grant DRAT access to
      your account.
    </Modal>
  );
}
