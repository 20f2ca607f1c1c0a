import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Grid, Skeleton, Tabs, Typography, theme } from 'antd';
import useApp from 'antd/es/app/useApp';
import { BellOutlined, BgColorsOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { MSG, type Profile } from '@drat/contracts';
import { AccountTab } from './AccountTab';
import { AppearanceTab } from './AppearanceTab';
import { NotificationsTab } from './NotificationsTab';
import { useProfile } from './queries';
import { SecurityTab } from './SecurityTab';

const TABS = ['account', 'notifications', 'security', 'appearance'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (v: string | null): v is TabKey => (TABS as readonly string[]).includes(v ?? '');

/** Renders a tab's body once the profile is there; loading and failure look the same on every tab. */
function WithProfile({ children }: { children: (profile: Profile) => ReactNode }) {
  const profile = useProfile();
  if (profile.data) return <>{children(profile.data)}</>;
  if (profile.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={MSG.profileFetchFailed}
        action={
          <Button type="primary" size="small" loading={profile.isFetching} onClick={() => profile.refetch()}>
            Try again
          </Button>
        }
      />
    );
  return <Skeleton active paragraph={{ rows: 8 }} />;
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A tab title; on narrow screens the words after the first are kept for screen readers only. */
function TabLabel({ icon, text, compact }: { icon: ReactNode; text: string; compact: boolean }) {
  const [first, ...rest] = text.split(' ');
  return (
    <span>
      {!compact && (
        <span aria-hidden style={{ marginInlineEnd: 8 }}>
          {icon}
        </span>
      )}
      {compact && rest.length > 0 ? (
        <>
          {first}
          <span style={visuallyHidden}> {rest.join(' ')}</span>
        </>
      ) : (
        text
      )}
    </span>
  );
}

/** Settings (1-core §2): Account Information, Notifications, Security and Appearance. */
export function SettingsPage() {
  const { token } = theme.useToken();
  const { message } = useApp();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = isTab(requested) ? requested : 'account';
  const profile = useProfile();
  const screens = Grid.useBreakpoint();
  const compact = screens.sm === false;

  useEffect(() => {
    if (profile.isError) message.error(MSG.profileFetchFailed);
  }, [profile.isError, profile.errorUpdatedAt, message]);

  const select = (key: string) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (key === 'account') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <div style={{ maxWidth: 1120, margin: '0 auto', width: '100%' }}>
      <header style={{ marginBottom: token.marginMD }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Settings
        </Typography.Title>
        <Typography.Text type="secondary">Manage your account, notifications, security and appearance.</Typography.Text>
      </header>
      <Tabs
        activeKey={active}
        onChange={select}
        size={compact ? 'middle' : 'large'}
        tabBarGutter={compact ? 12 : undefined}
        items={[
          {
            key: 'account',
            label: <TabLabel icon={<UserOutlined />} text="Account Information" compact={compact} />,
            children: <WithProfile>{(p) => <AccountTab profile={p} />}</WithProfile>,
          },
          {
            key: 'notifications',
            label: <TabLabel icon={<BellOutlined />} text="Notifications" compact={compact} />,
            children: <WithProfile>{(p) => <NotificationsTab profile={p} />}</WithProfile>,
          },
          {
            key: 'security',
            label: <TabLabel icon={<SafetyCertificateOutlined />} text="Security" compact={compact} />,
            children: <WithProfile>{(p) => <SecurityTab profile={p} />}</WithProfile>,
          },
          {
            key: 'appearance',
            label: <TabLabel icon={<BgColorsOutlined />} text="Appearance" compact={compact} />,
            children: <AppearanceTab />,
          },
        ]}
      />
    </div>
  );
}
