import { useState } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Typography } from 'antd';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import type { HotlistsResponse, Quote } from '@drat/contracts';
import { ChangePercent, LivePrice } from '../../../components/LiveNumber';
import { formatVolume } from '../../../lib/format';
import { useMarketColors } from '../../../lib/marketColors';
import { useQuotes } from '../../../lib/live';
import { useHotlists } from '../queries';
import { useCompactCards } from './cardSize';
import styles from '../market.module.css';

type ListKey = keyof HotlistsResponse;

const TABS: { key: ListKey; tab: string }[] = [
  { key: 'gainers', tab: 'Top Gainers' },
  { key: 'losers', tab: 'Top Losers' },
  { key: 'most_active', tab: 'Most Active' },
];

const RANK: Record<ListKey, (a: Quote, b: Quote) => number> = {
  gainers: (a, b) => b.change_percentage - a.change_percentage,
  losers: (a, b) => a.change_percentage - b.change_percentage,
  most_active: (a, b) => b.volume - a.volume,
};

interface Props {
  /** A row was chosen (shown in the price chart). */
  onPick?: (symbol: string) => void;
  selected?: string;
}

/** Top gainers, top losers and most active: re-ranked every minute, prices live in between. */
export function Hotlists({ onPick, selected }: Props) {
  const hotlists = useHotlists();
  const card = useCompactCards();
  const [tab, setTab] = useState<ListKey>('gainers');
  const rows = hotlists.data?.[tab] ?? [];
  const live = useQuotes(
    rows.map((r) => r.symbol),
    { fetch: false },
  );
  const colors = useMarketColors();
  // Live prices can change the order between two readings of the lists: keep each list ranked.
  const data = rows.map((r) => live[r.symbol.toUpperCase()] ?? r).sort(RANK[tab]);

  const columns: DataColumn<Quote>[] = [
    {
      title: 'Symbol',
      key: 'symbol',
      ellipsis: true,
      render: (q) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong>{q.symbol}</Typography.Text>
          <Typography.Text type="secondary" className={styles.ellipsis} style={{ fontSize: 12 }} title={q.name}>
            {q.name}
          </Typography.Text>
        </div>
      ),
    },
    { title: 'Last', key: 'last', align: 'right', width: 88, render: (q) => <LivePrice value={q.last} /> },
    {
      title: 'Chg %',
      key: 'change',
      align: 'right',
      width: 86,
      render: (q) => (
        <span
          style={{
            display: 'inline-block',
            padding: '1px 6px',
            borderRadius: 4,
            background: q.change_percentage > 0 ? colors.upSoft : q.change_percentage < 0 ? colors.downSoft : undefined,
          }}
        >
          <ChangePercent value={q.change_percentage} strong />
        </span>
      ),
    },
    {
      title: 'Volume',
      key: 'volume',
      align: 'right',
      width: 78,
      render: (q) => <span className={styles.tabular}>{formatVolume(q.volume)}</span>,
    },
  ];

  let body;
  if (hotlists.isPending) body = <Skeleton active title={false} paragraph={{ rows: 9 }} style={{ padding: 16 }} />;
  else if (hotlists.isError)
    body = (
      <Alert
        type="error"
        showIcon
        style={{ margin: 16 }}
        title="The hotlists could not be loaded."
        action={
          <Button size="small" onClick={() => void hotlists.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else
    body = (
      <DataTable<Quote>
        size="small"
        rowKey={(q) => q.symbol}
        columns={columns}
        rows={data}
        fixed
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No movers right now" />}
        rowProps={(q) =>
          onPick
            ? {
                selected: q.symbol === selected,
                className: styles.hotRow,
                onClick: () => onPick(q.symbol),
                onKeyDown: (e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onPick(q.symbol);
                  }
                },
                tabIndex: 0,
                'aria-label': `Show ${q.symbol} in the chart`,
              }
            : { selected: q.symbol === selected }
        }
      />
    );

  return (
    <Card
      size={card.size}
      title="Hotlists"
      tabList={TABS}
      activeTabKey={tab}
      onTabChange={(key) => setTab(key as ListKey)}
      tabProps={{ size: 'small' }}
      styles={{ body: { padding: 0 } }}
      style={{ height: '100%' }}
    >
      {body}
    </Card>
  );
}
