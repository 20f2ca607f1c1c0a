import { Modal } from 'antd';
import { ResourceTabs } from './ResourceTabs';
import { useAlertTypeResources } from './queries';
import { useLoadErrorToast } from './useLoadErrorToast';

export interface AlertTypeResourcesModalProps {
  /** The alert type whose resources to show (an AlertTypeRight of the session fits); null keeps the modal closed. */
  alertType: { id: number; name: string } | null | undefined;
  /** Shown while true and an alert type is given; true by default. */
  open?: boolean;
  onClose: () => void;
}

/**
 * The alert-type resources modal of the alerts screen (1-core §2, 2-trading §2.3): tabs Documents,
 * Videos and Sheets for one alert type; super users can delete after a yes/no confirm.
 */
export function AlertTypeResourcesModal({ alertType, open = true, onClose }: AlertTypeResourcesModalProps) {
  const shown = open && !!alertType;
  const resources = useAlertTypeResources(shown ? alertType.id : null);
  useLoadErrorToast(resources.error, resources.errorUpdatedAt, shown);
  return (
    <Modal
      open={shown}
      onCancel={onClose}
      footer={null}
      width={820}
      title={alertType ? `${alertType.name} Resources` : 'Resources'}
      destroyOnHidden
    >
      <ResourceTabs
        compact
        data={resources.data}
        fetchedAt={resources.dataUpdatedAt}
        isPending={resources.isPending}
        error={resources.error}
        onRetry={() => void resources.refetch()}
      />
    </Modal>
  );
}
