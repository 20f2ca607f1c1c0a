import { useState } from 'react';
import { Empty, Flex, Select, Space, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { BotDto } from '@drat/contracts';
import type { BotDrawerState } from './BotDrawer';
import { BotsHeader } from './BotsHeader';
import { BotDrawer } from './lazyDrawer';
import { actionsColumn, ADMIN_LABELS, BotTable, nameColumn, settingsColumns, type BotActionHandlers } from './BotTable';
import { useAdminBots, useBotOwners } from './queries';
import { adminActions } from './rowActions';
import { useBotDialogs } from './useBotDialogs';
import { usePhone } from './usePhone';

/** Each row's owner (§2.2: "Each row also carries the owner's email and name"). */
const ownerColumn: ColumnType<BotDto> = {
  title: 'Owner',
  key: 'owner',
  render: (_, b) => (
    <Flex vertical>
      <Typography.Text>{b.email}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {b.name}
      </Typography.Text>
    </Flex>
  ),
};

/**
 * Read MM Bot & Logs (3-bots-admin-public §2.2, super users): every user's bots, or one user's
 * picked from the users who have bots, each row with its owner's e-mail and name; View Details,
 * View Performance, View Logs, Edit (the owner's drawer, saved with the update call) and
 * Deactivate (asked first).
 */
export function AllBotsPage() {
  const phone = usePhone();
  const [userEmail, setUserEmail] = useState('');
  const owners = useBotOwners();
  const bots = useAdminBots(userEmail);
  const [drawer, setDrawer] = useState<BotDrawerState | null>(null);
  const { handlers: dialogHandlers, dialogs, busy } = useBotDialogs(true);
  const handlers: BotActionHandlers = { ...dialogHandlers, update: (bot) => setDrawer({ kind: 'update', bot }) };
  const rows = bots.data?.data ?? [];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <BotsHeader
        title="Money-management bots"
        text={
          userEmail ? `The bots of ${userEmail}, archived ones included.` : "Every user's bots, archived ones included."
        }
      >
        <Select<string>
          aria-label="Bot owner"
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder="All users"
          value={userEmail || undefined}
          onChange={(v) => setUserEmail(v ?? '')}
          loading={owners.isLoading}
          style={{ width: phone ? '100%' : 360 }}
          options={(owners.data?.data ?? []).map((o) => ({
            value: o.email,
            label: `${o.name} · ${o.email} (${o.bots} bot${o.bots === 1 ? '' : 's'})`,
          }))}
          notFoundContent="No user has a bot yet"
        />
      </BotsHeader>
      <BotTable
        rows={rows}
        loading={bots.isLoading || busy}
        emptyText={<Empty description={bots.isError ? bots.error.message : 'No bots.'} />}
        columns={[
          ...(phone ? [] : [ownerColumn]),
          nameColumn(phone, { withArchived: true, withOwner: true }),
          ...settingsColumns({ withArchived: true, compact: true }),
          actionsColumn(adminActions, handlers, ADMIN_LABELS),
        ]}
      />
      {dialogs}
      <BotDrawer state={drawer} admin onClose={() => setDrawer(null)} />
    </Space>
  );
}
