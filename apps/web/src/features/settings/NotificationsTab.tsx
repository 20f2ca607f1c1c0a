import { useState } from 'react';
import { Button, Switch } from 'antd';
import { SlidersOutlined } from '@ant-design/icons';
import type { Profile } from '@drat/contracts';
import { NOTIFICATION_SETTINGS, type NotificationSetting } from '../../api/profile';
import { Section, SettingRow } from './parts';
import { useToggleNotification } from './queries';
import { lazyDialog } from '../../lib/lazyPage';

/** The alert types' notification switches: fetched the first time the modal opens. */
const AlertPreferenceModal = lazyDialog(
  async () => (await import('./AlertPreferenceModal')).AlertPreferenceModal,
  (p) => p.open,
);

const ROWS: { which: NotificationSetting; label: string; description: string }[] = [
  { which: 'emails', label: 'Receive Email', description: 'News, account notices and alert summaries by e-mail.' },
  { which: 'sms', label: 'Receive SMS', description: 'Text messages to the phone number on your account.' },
  {
    which: 'trackers',
    label: "Receive My Trackers' Notification",
    description: 'A notification when a ticker you track reaches a target or a stop.',
  },
  {
    which: 'alerts',
    label: 'Receive New Trade Alert Notifications',
    description: 'A notification for every new trade alert of the types you choose.',
  },
];

export function NotificationsTab({ profile }: { profile: Profile }) {
  const toggle = useToggleNotification();
  const [modalOpen, setModalOpen] = useState(false);
  const alertsOn = profile.get_alerts_notification;

  return (
    <Section title="Notifications" description="Choose how DRAT keeps you informed. Each change is saved at once.">
      {ROWS.map(({ which, label, description }, i) => {
        const id = `notify-${which}`;
        const busy = toggle.isPending && toggle.variables === which;
        return (
          <SettingRow
            key={which}
            id={id}
            label={label}
            description={description}
            divider={i > 0}
            control={
              <Switch
                id={id}
                checked={profile[NOTIFICATION_SETTINGS[which]]}
                loading={busy}
                disabled={toggle.isPending && !busy}
                onChange={() => toggle.mutate(which)}
              />
            }
            footer={
              which === 'alerts' ? (
                <Button icon={<SlidersOutlined />} disabled={!alertsOn} onClick={() => setModalOpen(true)}>
                  Modify
                </Button>
              ) : undefined
            }
          />
        );
      })}
      <AlertPreferenceModal open={modalOpen} onClose={() => setModalOpen(false)} />
    </Section>
  );
}
