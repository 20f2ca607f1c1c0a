import { useMemo, useState } from 'react';
import { Segmented, Space } from 'antd';
import { byStatusThenNewest, type DemoTradeDto } from '@drat/contracts';
import { formatDateTime, formatPrice } from '../../lib/format';
import { exportFilename } from './exportTrades';
import { useCancelDemoTrade } from './mutations';
import { useDemoTrades } from './queries';
import { demoRowActions } from './rowActions';
import {
  actionsColumn,
  ExportTradesButton,
  statusColumn,
  TradeListHeader,
  TradeTable,
  TradeTypeSelect,
  usePhone,
} from './TradeListParts';
import { ofType, typeOptions, type TypeFilter } from './tradeTypes';
import { TemplatesView } from './TemplatesPanel';
import { useTradeDialogs } from './useTradeDialogs';

/**
 * The demo trade table (2-trading §2.2: id, ticker, created, net liquidity, status), ordered by
 * status group then newest first, with the demo trade-type filter (All, Alert, DIONE), Export and
 * the row actions: details, log, alert, and cancel while the trade runs. Changes arrive live.
 */
export function DemoTrades({ isSuper }: { isSuper: boolean }) {
  const [view, setView] = useState<'trades' | 'templates'>('trades');
  // A super user keeps their SMT Templates in demo mode too (2-trading §6).
  const views = isSuper ? (
    <Segmented<'trades' | 'templates'>
      value={view}
      onChange={setView}
      options={[
        { value: 'trades', label: 'Demo Trades' },
        { value: 'templates', label: 'SMT Templates' },
      ]}
    />
  ) : null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {views}
      {view === 'templates' ? <TemplatesView /> : <DemoTradeTable />}
    </Space>
  );
}

function DemoTradeTable() {
  const phone = usePhone();
  const trades = useDemoTrades();
  const cancel = useCancelDemoTrade();
  const [type, setType] = useState<TypeFilter>('ALL');
  const { handlers, dialogs } = useTradeDialogs('demo');
  const rows = useMemo(() => byStatusThenNewest(ofType(trades.data?.data ?? [], type)), [trades.data, type]);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <TradeListHeader title="Demo trades">
        <TradeTypeSelect value={type} options={typeOptions('demo', false)} onChange={setType} />
        <ExportTradesButton trades={rows} filename={exportFilename('demo', type)} />
      </TradeListHeader>
      <TradeTable<DemoTradeDto>
        rows={rows}
        loading={trades.isLoading}
        emptyText="No demo trades yet: place one from an alert or a Dione result."
        columns={[
          { title: 'ID', dataIndex: 'id', width: phone ? undefined : 80 },
          { title: 'Ticker', dataIndex: 'ticker' },
          // On a phone: ID, ticker, status and the actions; the rest from tablet width up.
          { title: 'Created', dataIndex: 'created', responsive: ['md'], render: (v: string) => formatDateTime(v) },
          {
            title: 'Net Liquidity',
            dataIndex: 'net_liquidity',
            align: 'right',
            responsive: ['sm'],
            render: (v: number | null) => (v === null ? '—' : formatPrice(v)),
          },
          statusColumn(),
          actionsColumn<DemoTradeDto>(demoRowActions, { ...handlers, cancel: (t) => cancel.mutate(t.id) }),
        ]}
      />
      {dialogs}
    </Space>
  );
}
