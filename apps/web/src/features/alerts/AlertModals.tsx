import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Descriptions, Empty, Modal, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import type { AlertDto } from '@drat/contracts';
import { AlertCard } from './AlertCard';
import { useTrackAlert } from './queries';

const REDIRECT_RESET_MS = 2000;

/** The popup the 'Notes' button opens, titled '{ticker} Notes' (2-trading §9: alert note modal, width 800). */
export function NotesModal({ alert, onClose }: { alert: AlertDto | null; onClose: () => void }) {
  return (
    <Modal
      open={alert !== null}
      onCancel={onClose}
      footer={null}
      title={alert ? `${alert.ticker} Notes` : ''}
      width={800}
    >
      {alert?.notes ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{alert.notes}</Typography.Paragraph>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No notes for this alert." />
      )}
    </Modal>
  );
}

/**
 * 'More info' (1-core §2): a modal of width 400 with the alert's extra details and a way to the
 * tools. The redirect flag keeps a double click from navigating twice and resets after 2000 ms.
 */
export function MoreInfoModal({ alert, onClose }: { alert: AlertDto | null; onClose: () => void }) {
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);
  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => setRedirecting(false), REDIRECT_RESET_MS);
    return () => clearTimeout(timer);
  }, [redirecting]);

  const goToTools = () => {
    if (redirecting || !alert) return;
    setRedirecting(true);
    onClose();
    navigate('/tools', { state: { ticker: alert.ticker } });
  };

  return (
    <Modal
      open={alert !== null}
      onCancel={onClose}
      width={400}
      title={alert ? `${alert.ticker} — More info` : ''}
      footer={null}
    >
      {alert && alert.modal.length > 0 && (
        <Descriptions
          size="small"
          column={1}
          items={alert.modal.map((m, i) => ({ key: i, label: m.label, children: m.value }))}
          style={{ marginBottom: 16 }}
        />
      )}
      <Typography.Paragraph type="secondary">
        Look deeper into {alert?.ticker}: Dione gives the short and long term analysis with buy range, target range,
        stop loss and risk vs reward.
      </Typography.Paragraph>
      <Button type="primary" block icon={<ExperimentOutlined />} loading={redirecting} onClick={goToTools}>
        Open in Tools
      </Button>
    </Modal>
  );
}

/**
 * One alert's card shown on its own (inside another screen's modal: a tracker's or a completed
 * alert's), with Track and its own Notes and More info dialogs.
 */
export function StandaloneAlertCard({ alert }: { alert: AlertDto }) {
  const { track, isTracking } = useTrackAlert();
  const [notesOf, setNotesOf] = useState<AlertDto | null>(null);
  const [infoOf, setInfoOf] = useState<AlertDto | null>(null);
  return (
    <>
      <AlertCard alert={alert} actions={{ isTracking, onTrack: track, onNotes: setNotesOf, onMoreInfo: setInfoOf }} />
      <NotesModal alert={notesOf} onClose={() => setNotesOf(null)} />
      <MoreInfoModal alert={infoOf} onClose={() => setInfoOf(null)} />
    </>
  );
}
