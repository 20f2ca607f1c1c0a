import { useState } from 'react';
import { Flex, Segmented, Select, Space, Typography } from 'antd';
import type { AdminSmartTrade, SmartTradeDto } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { actionsColumn, TradeListHeader, TradeTable, usePhone, type TradeActionHandlers } from '../smart-trades';
import { AdminTradeDrawer } from './AdminTradeDrawer';
import { useAdminArchiveTrade, useAdminCancelTrade, useAdminUnarchiveTrade } from './mutations';
import { useAdminSmartTrades, useSmartTradeOwners } from './queries';
import { adminRowActions } from './rowActions';
import { TradeLogsPanel } from './TradeLogsPanel';
import { Account, AdminStatusTag, Owner } from './TradeParts';

type Shelf = 'unarchived' | 'archived';

/**
 * Read SMT & Logs (3-bots-admin-public §2.5, super users): every user's smart trades, or one user's
 * picked from the users who have trades, unarchived or archived; each row with its owner. Row
 * actions: View Details (a drawer), View Logs (the logs panel under the table), Cancel Trade (asked
 * first; every trade), Archive (a finished live trade) and Un-archive (an archived one), each
 * through the trader's own call on behalf of the super user.
 */
export function AllSmartTradesPage() {
  const phone = usePhone();
  const [userEmail, setUserEmail] = useState('');
  const [shelf, setShelf] = useState<Shelf>('unarchived');
  const archived = shelf === 'archived';
  const owners = useSmartTradeOwners();
  const trades = useAdminSmartTrades(archived, userEmail);
  const cancel = useAdminCancelTrade();
  const archive = useAdminArchiveTrade();
  const unarchive = useAdminUnarchiveTrade();
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const [logsOf, setLogsOf] = useState<AdminSmartTrade | null>(null);
  const rows = trades.data?.data ?? [];
  const rowOf = (t: SmartTradeDto) => rows.find((r) => r.id === t.id) ?? null;

  const handlers: TradeActionHandlers = {
    details: (t) => setDetailOf(t.order_id),
    logs: (t) => setLogsOf(rowOf(t)),
    cancel: (t) => cancel.mutate(t),
    archive: (t) => archive.mutate(t),
    unarchive: (t) => unarchive.mutate(t),
  };
  const busy = cancel.isPending || archive.isPending || unarchive.isPending;
  const whose = userEmail ? `the trades of ${userEmail}` : "every user's trades";

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <TradeListHeader title={archived ? 'Archived smart trades' : 'Smart trades'}>
        <Select<string>
          aria-label="Trade owner"
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder="All users"
          value={userEmail || undefined}
          onChange={(v) => {
            setUserEmail(v ?? '');
            setLogsOf(null);
          }}
          loading={owners.isLoading}
          style={{ width: phone ? '100%' : 340 }}
          options={(owners.data?.data ?? []).map((o) => ({
            value: o.email,
            label: `${o.email} (${o.trades} trade${o.trades === 1 ? '' : 's'})`,
          }))}
          notFoundContent="No user has a smart trade yet"
        />
        <Segmented<Shelf>
          aria-label="Archived or not"
          value={shelf}
          onChange={(v) => {
            setShelf(v);
            setLogsOf(null);
          }}
          options={[
            { value: 'unarchived', label: 'Unarchived' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
      </TradeListHeader>
      <Typography.Text type="secondary">
        {archived ? `Archived: ${whose}, newest first.` : `Not archived: ${whose}, newest first.`}
      </Typography.Text>
      <TradeTable<AdminSmartTrade>
        rows={rows}
        loading={trades.isLoading || busy}
        emptyText={trades.isError ? trades.error.message : archived ? 'No archived trades.' : 'No trades.'}
        columns={[
          { title: 'Trade ID', dataIndex: 'id', width: 110, responsive: ['md'] },
          {
            title: 'Date',
            dataIndex: 'created',
            responsive: ['md'],
            render: (v: string) => formatDateTime(v),
          },
          { title: 'Owner', key: 'owner', responsive: ['md'], render: (_, t) => <Owner trade={t} /> },
          {
            title: 'Symbol',
            dataIndex: 'ticker',
            // On a phone: the trade ID and its owner under the symbol.
            render: (ticker: string, t) =>
              phone ? (
                <Flex vertical>
                  {ticker}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    #{t.id}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                    {t.email}
                  </Typography.Text>
                </Flex>
              ) : (
                ticker
              ),
          },
          {
            title: 'Type',
            key: 'type',
            responsive: ['lg'],
            render: (_, t) => (
              <Flex vertical>
                {t.trade_type}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t.stock_type}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: 'Account', key: 'account', responsive: ['xl'], render: (_, t) => <Account trade={t} /> },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (_, t) => <AdminStatusTag status={t.status} failReason={t.fail_reason} />,
          },
          actionsColumn<AdminSmartTrade>(adminRowActions, handlers),
        ]}
      />
      <TradeLogsPanel trade={logsOf} onClose={() => setLogsOf(null)} />
      <AdminTradeDrawer orderId={detailOf} onClose={() => setDetailOf(null)} />
    </Space>
  );
}
