import { useState } from 'react';
import { Button, Card, Empty, Flex, Space, Tooltip } from 'antd';
import {
  ApiOutlined,
  FolderOpenOutlined,
  InboxOutlined,
  PlusOutlined,
  RobotOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { useSession } from '../../app/session';
import type { BotDto } from '@drat/contracts';
import { ShareModal } from '../smart-trades';
import type { BotDrawerState } from './BotDrawer';
import { BotsHeader } from './BotsHeader';
import { BotDrawer, SignalsDrawer } from './lazyDrawer';
import { actionsColumn, BotTable, nameColumn, OWNER_LABELS, settingsColumns, type BotActionHandlers } from './BotTable';
import { useBotChange, useBotShared } from './mutations';
import { useBots } from './queries';
import { ownerActions } from './rowActions';
import { SharedBots } from './SharedBots';
import { TakenTrades } from './TakenTrades';
import { useBotDialogs } from './useBotDialogs';
import { usePhone } from './usePhone';

/**
 * Money Management Bots (3-bots-admin-public §2.1): the user's bots, or the archived ones, with
 * Create New Management Action, the archive toggle, Shared Bots (live traders: the bots shared
 * with them and by them) and Signals (the webhook that hands outside signals to a bot, and what it
 * received); a bot's trades by a dropdown; each row's details, performance, logs,
 * Update, Copy, Share, Deactivate (asked first), Archive and Un-archive. Every change puts the
 * server's list in place of the one shown (§4).
 */
export function BotsPage() {
  const phone = usePhone();
  const session = useSession();
  // Sharing is the live traders' (2-trading §6): the server refuses it to others.
  const canShare = session?.is_live_trader === true;
  const [view, setView] = useState<'bots' | 'shared'>('bots');
  const [archived, setArchived] = useState(false);
  const bots = useBots(archived);
  const [drawer, setDrawer] = useState<BotDrawerState | null>(null);
  const [shareOf, setShareOf] = useState<BotDto | null>(null);
  const [signalsOpen, setSignalsOpen] = useState(false);
  const { handlers: dialogHandlers, dialogs, busy } = useBotDialogs(false);
  const archive = useBotChange('archive');
  const unarchive = useBotChange('unarchive');
  const refreshShared = useBotShared();
  const rows = bots.data?.data ?? [];

  const handlers: BotActionHandlers = {
    ...dialogHandlers,
    update: (bot) => setDrawer({ kind: 'update', bot }),
    copy: (bot) => setDrawer({ kind: 'create', from: bot }),
    share: setShareOf,
    archive: (bot) => archive.mutate(bot),
    unarchive: (bot) => unarchive.mutate(bot),
  };
  const create = () => setDrawer({ kind: 'create' });
  const shared = view === 'shared';
  const sharedButton = (
    <Button
      icon={shared ? <RobotOutlined /> : <ShareAltOutlined />}
      disabled={!canShare}
      onClick={() => setView(shared ? 'bots' : 'shared')}
    >
      {shared ? 'My Bots' : 'Shared Bots'}
    </Button>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <BotsHeader
        title={shared ? 'Shared bots' : archived ? 'Archived bots' : 'Your bots'}
        text={
          shared
            ? 'Bots shared with you and by you.'
            : archived
              ? 'Bots you put away. Un-archive one to see it with your other bots.'
              : 'Each bot turns the alerts that pass its filters into trades, within the limits you set.'
        }
      >
        <Flex wrap gap={8}>
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            Create New Management Action
          </Button>
          <Button
            icon={archived && !shared ? <FolderOpenOutlined /> : <InboxOutlined />}
            onClick={() => {
              setArchived(shared ? true : !archived);
              setView('bots');
            }}
          >
            {archived && !shared ? 'View Unarchived Bots' : 'View Archived Bots'}
          </Button>
          {canShare ? sharedButton : <Tooltip title="Sharing bots is for live traders">{sharedButton}</Tooltip>}
          <Button icon={<ApiOutlined />} onClick={() => setSignalsOpen(true)}>
            Signals
          </Button>
        </Flex>
      </BotsHeader>
      {shared ? (
        <Card>
          <SharedBots onUse={(bot) => setDrawer({ kind: 'create', shared: bot })} />
        </Card>
      ) : (
        <>
          <TakenTrades key={String(archived)} bots={rows} />
          <BotTable
            rows={rows}
            loading={bots.isLoading || busy || archive.isPending || unarchive.isPending}
            emptyText={
              bots.isError ? (
                <Empty description={bots.error.message} />
              ) : archived ? (
                <Empty description="No archived bots." />
              ) : (
                <Empty description="No bots yet. A bot takes the alerts you choose and trades them for you.">
                  <Button type="primary" icon={<PlusOutlined />} onClick={create}>
                    Create your first bot
                  </Button>
                </Empty>
              )
            }
            columns={[
              nameColumn(phone),
              ...settingsColumns(),
              actionsColumn((bot) => ownerActions(bot, canShare), handlers, OWNER_LABELS),
            ]}
          />
        </>
      )}
      {dialogs}
      <ShareModal
        item={shareOf && { kind: 'bot', id: shareOf.id, name: shareOf.bot_name }}
        onClose={() => setShareOf(null)}
        onShared={refreshShared}
      />
      <SignalsDrawer open={signalsOpen} onClose={() => setSignalsOpen(false)} />
      <BotDrawer
        state={drawer}
        onClose={() => setDrawer(null)}
        onCreated={() => {
          setArchived(false);
          setView('bots');
        }}
      />
    </Space>
  );
}
