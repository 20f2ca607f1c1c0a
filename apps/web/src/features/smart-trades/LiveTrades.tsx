import { useMemo, useState, type ReactNode } from 'react';
import { Button, Flex, Segmented, Space, Tabs, Typography } from 'antd';
import { FolderOpenOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import type { SmartTradeDto } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { exportFilename } from './exportTrades';
import { useArchiveTrade, useCancelLiveTrade, useDeleteDraft, useUnarchiveTrade } from './mutations';
import { useLiveTrades } from './queries';
import { liveRowActions } from './rowActions';
import {
  actionsColumn,
  ExportTradesButton,
  statusColumn,
  TradeListHeader,
  TradeTable,
  TradeTypeSelect,
  usePhone,
  type TradeActionHandlers,
} from './TradeListParts';
import { lazyDialog } from '../../lib/lazyPage';
import { SharedTrades } from './SharedTrades';
import { TemplatesView } from './TemplatesPanel';
import type { AdvancedMode } from './advancedForm';
import { TradeDrawer } from './TradeDrawer';
import type { TradeSource } from './tradeForm';
import { ofType, typeOptions, type TypeFilter } from './tradeTypes';

// The advanced drawer (super users) and its condition builder: fetched when first opened.
const AdvancedTradeDrawer = lazyDialog(
  async () => (await import('./AdvancedTradeDrawer')).AdvancedTradeDrawer,
  (p) => p.open,
);

// The share form loads the user and plan lists: fetched when a trade is first shared.
const ShareTradeModal = lazyDialog(
  async () => (await import('./ShareTradeModal')).ShareTradeModal,
  (p) => p.trade !== null,
);
import { useTradeDialogs } from './useTradeDialogs';
import { AuthorizationNotice, Positions, TradeMonitor } from '../brokerage';

/**
 * The live trade table (2-trading §2.1, §2.2), shown in live mode: Trade ID, Date,
 * Symbol, Account and Status, filtered by trade type (tabs; the dropdown on a phone), in the
 * server's order (the 'All' list by status group, newest first). 'View Archived Trades' switches to
 * the archived list and back; Export saves the list shown. Row actions by status (rowActions.ts);
 * changes arrive live.
 */
export function LiveTrades({ isSuper }: { isSuper: boolean }) {
  const [view, setView] = useState<View>('trades');
  const views = (
    <Segmented<View>
      value={view}
      onChange={setView}
      options={[
        { value: 'trades', label: 'Smart Trades' },
        { value: 'shared', label: 'Shared Trades' },
        ...(isSuper ? [{ value: 'templates' as const, label: 'SMT Templates' }] : []),
        { value: 'monitor', label: 'Trade Monitor' },
        { value: 'positions', label: 'Positions' },
      ]}
    />
  );
  if (view === 'shared')
    return (
      <Page views={views}>
        <SharedTrades />
      </Page>
    );
  if (view === 'monitor')
    return (
      <Page views={views}>
        <TradeMonitor />
      </Page>
    );
  if (view === 'positions')
    return (
      <Page views={views}>
        <Positions />
      </Page>
    );
  if (view === 'templates')
    return (
      <Page views={views}>
        <TemplatesView />
      </Page>
    );
  return (
    <Page views={views}>
      <Trades isSuper={isSuper} />
    </Page>
  );
}

/**
 * The Smart Trades page's views (§2.1): the trades, the Shared Trades toggle, the SMT Templates
 * toggle (super users), and the brokerage account's Trade Monitor (§2.5) and positions (§2.6).
 */
type View = 'trades' | 'shared' | 'templates' | 'monitor' | 'positions';

function Page({ views, children }: { views: ReactNode; children: ReactNode }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <AuthorizationNotice />
      {/* On a phone the views scroll sideways rather than spill out of the page. */}
      <div style={{ overflowX: 'auto', maxWidth: '100%' }}>{views}</div>
      {children}
    </Space>
  );
}

function Trades({ isSuper }: { isSuper: boolean }) {
  const phone = usePhone();
  const [archived, setArchived] = useState(false);
  const [type, setType] = useState<TypeFilter>('ALL');
  const trades = useLiveTrades(archived);
  const cancel = useCancelLiveTrade();
  const archive = useArchiveTrade();
  const unarchive = useUnarchiveTrade();
  const deleteDraft = useDeleteDraft();
  const { handlers, dialogs } = useTradeDialogs('live');
  const [drawer, setDrawer] = useState<TradeSource | null>(null);
  const [shareOf, setShareOf] = useState<SmartTradeDto | null>(null);
  const [advanced, setAdvanced] = useState<{ trade: SmartTradeDto | null; mode: AdvancedMode } | null>(null);
  // An advanced trade opens the advanced drawer (§4 "Drawers"): a draft as a new trade, else a retrade.
  const again = (as: 'draft' | 'retrade' | 'copy') => (trade: SmartTradeDto) =>
    trade.trade_type === 'ADVANCED'
      ? setAdvanced({ trade, mode: as === 'draft' ? 'new' : 'retrade' })
      : setDrawer({ kind: 'trade', trade, as });
  const options = typeOptions('live', isSuper);
  const rows = useMemo(() => ofType(trades.data?.data ?? [], type), [trades.data, type]);
  const actions: TradeActionHandlers = {
    ...handlers,
    cancel: (t) => cancel.mutate(t.id),
    archive: (t) => archive.mutate(t.id),
    unarchive: (t) => unarchive.mutate(t.id),
    delete: (t) => deleteDraft.mutate(t.order_id),
    trade: again('draft'),
    copy: again('copy'),
    retrade: again('retrade'),
    share: setShareOf,
    ...(isSuper ? { conditions: (trade: SmartTradeDto) => setAdvanced({ trade, mode: 'conditions' }) } : {}),
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <TradeListHeader title={archived ? 'Archived trades' : 'Live trades'}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ kind: 'custom' })}>
          Basic Smart Trade
        </Button>
        {isSuper && (
          <Button icon={<PlusOutlined />} onClick={() => setAdvanced({ trade: null, mode: 'new' })}>
            Advanced Smart Trade
          </Button>
        )}
        {phone && <TradeTypeSelect value={type} options={options} onChange={setType} />}
        <Button icon={archived ? <FolderOpenOutlined /> : <InboxOutlined />} onClick={() => setArchived(!archived)}>
          {archived ? 'View Unarchived Trades' : 'View Archived Trades'}
        </Button>
        <ExportTradesButton trades={rows} filename={exportFilename(archived ? 'archived' : 'live', type)} />
      </TradeListHeader>
      {!phone && (
        <Tabs
          activeKey={type}
          onChange={(key) => setType(key as TypeFilter)}
          items={options.map((o) => ({ key: o.value, label: o.label }))}
          style={{ marginBottom: -16 }}
        />
      )}
      <TradeTable<SmartTradeDto>
        rows={rows}
        loading={trades.isLoading}
        emptyText={archived ? 'No archived trades.' : 'No live trades yet.'}
        columns={[
          // Below tablet width: the symbol with the trade ID under it, status and the actions; the
          // account from desktop width.
          { title: 'Trade ID', dataIndex: 'id', width: 110, responsive: ['md'] },
          { title: 'Date', dataIndex: 'created', responsive: ['md'], render: (v: string) => formatDateTime(v) },
          {
            title: 'Symbol',
            dataIndex: 'ticker',
            render: (ticker: string, t) =>
              phone ? (
                <Flex vertical>
                  {ticker}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    #{t.id}
                  </Typography.Text>
                </Flex>
              ) : (
                ticker
              ),
          },
          { title: 'Account', dataIndex: 'account_id', responsive: ['lg'] },
          statusColumn(),
          actionsColumn(liveRowActions, actions),
        ]}
      />
      {dialogs}
      <TradeDrawer source={drawer} onClose={() => setDrawer(null)} />
      <ShareTradeModal trade={shareOf} onClose={() => setShareOf(null)} />
      <AdvancedTradeDrawer
        open={advanced !== null}
        initial={advanced?.trade ?? null}
        mode={advanced?.mode ?? 'new'}
        onClose={() => setAdvanced(null)}
      />
    </Space>
  );
}
