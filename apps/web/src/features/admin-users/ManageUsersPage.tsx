import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Flex, Grid, Input, Tabs } from 'antd';
import useApp from 'antd/es/app/useApp';
import { UserAddOutlined } from '@ant-design/icons';
import type { AdminProfile } from '@drat/contracts';
import { useSession } from '../../app/session';
import { AuditLog } from './AuditLog';
import { CreateUserModal } from './CreateUserModal';
import { EditPlansModal } from './EditPlansModal';
import { useAdminProfiles, useSetActive, useSetLiveTrader } from './queries';
import { SlotsTab } from './SlotsTab';
import { UpdateProfileModal } from './UpdateProfileModal';
import { UserDrawer } from './UserDrawer';
import { UsersTable, type UserActionHandlers } from './UsersTable';
import { matchesSearch, userActions } from './userWords';

/** The users tab: search by name or e-mail, the table, and what its row menu opens. */
function UsersTab() {
  const phone = Grid.useBreakpoint().md === false;
  const navigate = useNavigate();
  const { modal } = useApp();
  const session = useSession();
  const profiles = useAdminProfiles();
  const setActive = useSetActive();
  const setLive = useSetLiveTrader();
  const [search, setSearch] = useState('');
  const [detailsOf, setDetailsOf] = useState<AdminProfile | null>(null);
  const [profileOf, setProfileOf] = useState<AdminProfile | null>(null);
  const [plansOf, setPlansOf] = useState<AdminProfile | null>(null);

  const all = profiles.data?.data;
  const rows = useMemo(() => (all ?? []).filter((u) => matchesSearch(u, search)), [all, search]);
  // The drawer shows the row as it is now (after a change made while it is open).
  const shown = detailsOf ? ((all ?? []).find((u) => u.id === detailsOf.id) ?? detailsOf) : null;

  const handlers: UserActionHandlers = {
    details: setDetailsOf,
    profile: setProfileOf,
    plans: setPlansOf,
    password: (u) => navigate(`/pwd-reset?email=${encodeURIComponent(u.email)}`),
    grantLive: (u) => setLive.mutate({ user: u, live: true }),
    revokeLive: (u) =>
      modal.confirm({
        title: `Revoke live trading of ${u.email}?`,
        content: 'They trade on the demo account from now on. Live trades already placed carry on at their broker.',
        okText: 'Revoke',
        okButtonProps: { danger: true },
        onOk: () => setLive.mutateAsync({ user: u, live: false }).catch(() => undefined),
      }),
    deactivate: (u) =>
      modal.confirm({
        title: `Deactivate ${u.email}?`,
        content: 'They are signed out everywhere at once and cannot sign in until activated again.',
        okText: 'Deactivate',
        okButtonProps: { danger: true },
        cancelText: 'Keep active',
        onOk: () => setActive.mutateAsync({ user: u, active: false }).catch(() => undefined),
      }),
    activate: (u) => setActive.mutate({ user: u, active: true }),
  };

  return (
    <Flex vertical gap={12}>
      <Input.Search
        aria-label="Search users"
        placeholder="Search by name or e-mail"
        allowClear
        onChange={(e) => setSearch(e.target.value)}
        style={{ maxWidth: phone ? '100%' : 420 }}
      />
      <UsersTable
        rows={rows}
        loading={profiles.isLoading || setActive.isPending || setLive.isPending}
        error={profiles.isError ? profiles.error.message : null}
        actionsOf={(u) => userActions(u, session?.email)}
        handlers={handlers}
      />
      <UserDrawer user={shown} onClose={() => setDetailsOf(null)} />
      <UpdateProfileModal user={profileOf} onClose={() => setProfileOf(null)} />
      <EditPlansModal user={plansOf} onClose={() => setPlansOf(null)} />
    </Flex>
  );
}

const TABS = ['users', 'slots', 'audit'] as const;
type Tab = (typeof TABS)[number];

/**
 * Manage Users (3-bots-admin-public §2.3, super users): Create User, the users table with its row
 * menu (details, profile, password, plans, live trading, activeness), the trade-challenge slot
 * allocation table, and the audit log of every admin action, each a tab (`?tab=` names it).
 */
export function ManageUsersPage() {
  const phone = Grid.useBreakpoint().md === false;
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((t) => t === asked) ?? 'users';
  return (
    <Card styles={{ body: { paddingTop: 4, paddingInline: phone ? 12 : undefined } }}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'users' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        tabBarExtraContent={
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
            {phone ? 'Create' : 'Create User'}
          </Button>
        }
        items={[
          { key: 'users', label: 'Users', children: <UsersTab /> },
          { key: 'slots', label: phone ? 'Slots' : 'Challenge slots', children: <SlotsTab /> },
          { key: 'audit', label: 'Audit log', children: <AuditLog /> },
        ]}
      />
      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
