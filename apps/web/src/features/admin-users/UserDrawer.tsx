import type { ReactNode } from 'react';
import { Descriptions, Drawer, Empty, Flex, Grid, List, Tag, Typography } from 'antd';
import type { AdminProfile } from '@drat/contracts';
import { formatDate, formatDateTime } from '../../lib/format';

const yesNo = (value: boolean, yes = 'Yes', no = 'No') => (
  <Tag color={value ? 'success' : 'default'}>{value ? yes : no}</Tag>
);

/** Each current plan with the alert types it gives. */
function Plans({ user }: { user: AdminProfile }) {
  if (user.current_plans.length === 0) return <Typography.Text type="secondary">No current plan</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      {user.current_plans.map((plan) => (
        <div key={plan.id}>
          <Typography.Text strong>{plan.name}</Typography.Text>
          <Flex wrap gap={4} style={{ marginTop: 4 }}>
            {plan.accessible_alerts.length === 0 ? (
              <Typography.Text type="secondary">No alert types</Typography.Text>
            ) : (
              plan.accessible_alerts.map((a) => <Tag key={a}>{a}</Tag>)
            )}
          </Flex>
        </div>
      ))}
    </Flex>
  );
}

/** The last sign-ins: address and time, newest first as the server gives them. */
function LastLogins({ user }: { user: AdminProfile }) {
  if (user.user_last_login_log.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Never signed in" />;
  return (
    <List
      size="small"
      bordered
      dataSource={user.user_last_login_log}
      renderItem={(log) => (
        <List.Item>
          <Flex justify="space-between" wrap gap={8} style={{ width: '100%' }}>
            <Typography.Text code>{log.ip_address}</Typography.Text>
            <Typography.Text type="secondary">{formatDateTime(log.datetime_created)}</Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}

/** View details (3-bots-admin-public §2.3, §3 "User profile (admin)"): every field of the user. */
export function UserDrawer({ user, onClose }: { user: AdminProfile | null; onClose: () => void }) {
  const phone = Grid.useBreakpoint().md === false;
  const rows: { label: string; value: ReactNode }[] = user
    ? [
        { label: 'Id', value: user.id },
        { label: 'Name', value: user.name || '—' },
        { label: 'Email', value: <Typography.Text copyable>{user.email}</Typography.Text> },
        { label: 'Phone number', value: user.phone_number || '—' },
        { label: 'Joined', value: formatDateTime(user.joined_date) },
        { label: 'Status', value: yesNo(user.active_status, 'Active', 'Inactive') },
        { label: 'Trader type', value: yesNo(user.is_live_trader, 'Live', 'Demo') },
        ...(user.is_super ? [{ label: 'Role', value: <Tag color="purple">Super user</Tag> }] : []),
        { label: 'Subscription start', value: formatDate(user.subscription_start_date) },
        { label: 'Subscription end', value: formatDate(user.subscription_end_date) },
        { label: 'Receives e-mails', value: yesNo(user.receive_emails) },
        { label: 'Receives SMS', value: yesNo(user.receive_sms) },
        { label: 'Dione credits', value: user.dione_credits },
        { label: 'Two-factor sign-in (OTP)', value: yesNo(user.otp_enabled, 'On', 'Off') },
      ]
    : [];
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      title={user ? `Details of ${user.name || user.email}` : ''}
      size={phone ? '100%' : 560}
      destroyOnHidden
    >
      {user && (
        <Flex vertical gap={20}>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={rows.map((r) => ({ key: r.label, label: r.label, children: r.value }))}
          />
          <div>
            <Typography.Title level={5}>Current plans</Typography.Title>
            <Plans user={user} />
          </div>
          <div>
            <Typography.Title level={5}>Last sign-ins</Typography.Title>
            <LastLogins user={user} />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
