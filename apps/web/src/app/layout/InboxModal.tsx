import { Button, Empty, Modal } from 'antd';

/**
 * The inbox (2-trading §2.9), a modal of width 1000. Notifications are produced by the alerts
 * area; until then the inbox is empty.
 */
export function InboxModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="Inbox"
      width={1000}
      footer={
        <Button disabled onClick={onClose}>
          Mark all as read
        </Button>
      }
    >
      <Empty description="No notifications yet. New alerts, triggers and messages from the DRAT team will appear here." />
    </Modal>
  );
}
