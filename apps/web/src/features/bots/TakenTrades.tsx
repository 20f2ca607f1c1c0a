import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, Flex, Select, Table, Tag, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type { BotDto, BotTakenTrade } from '@drat/contracts';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../lib/format';
import { tradeStatusColor } from './botWords';
import { usePhone } from './usePhone';

/**
 * The trades a bot placed (3-bots-admin-public §2.1: "A dropdown picks one bot and shows the trades
 * placed by it"): ticker, status, account mode and when, newest first, with the way to Smart Trades
 * where the trade is followed (the list of the mode the user is in: live trades when live).
 */
export function TakenTrades({ bots }: { bots: BotDto[] }) {
  const phone = usePhone();
  const session = useSession();
  const [picked, setPicked] = useState<number | null>(null);
  const bot = bots.find((b) => b.id === picked) ?? null;
  const rows = [...(bot?.taken_trades ?? [])].sort((a, b) => b.created.localeCompare(a.created));
  const shownOnSmartTrades = (t: BotTakenTrade) => (t.mode === 'LIVE') === (session?.is_live_trader === true);
  return (
    <Card size="small">
      <Flex wrap gap={8} justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text strong>Trades placed by a bot</Typography.Text>
        <Select<number>
          aria-label="Bot whose trades to show"
          placeholder="Choose a bot"
          value={bot?.id}
          onChange={setPicked}
          allowClear
          onClear={() => setPicked(null)}
          style={{ width: phone ? '100%' : 300 }}
          options={bots.map((b) => ({
            value: b.id,
            label: `${b.bot_name} (${b.taken_trades.length} trade${b.taken_trades.length === 1 ? '' : 's'})`,
          }))}
          notFoundContent="No bots here"
        />
      </Flex>
      {bot === null ? (
        <Typography.Text type="secondary">Choose one of your bots to see the trades it placed.</Typography.Text>
      ) : (
        <Table<BotTakenTrade>
          rowKey="trade_id"
          size="small"
          dataSource={rows}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: `${bot.bot_name} has not placed a trade yet.` }}
          columns={[
            { title: 'Trade', dataIndex: 'trade_id', width: 90, render: (id: number) => `#${id}` },
            { title: 'Ticker', dataIndex: 'ticker' },
            { title: 'Status', dataIndex: 'status', render: (s: string) => <Tag color={tradeStatusColor(s)}>{s}</Tag> },
            {
              title: 'Account',
              dataIndex: 'mode',
              responsive: ['sm'],
              render: (m: string) => (m === 'DEMO' ? 'Demo' : 'Live'),
            },
            { title: 'Placed', dataIndex: 'created', responsive: ['md'], render: (v: string) => formatDateTime(v) },
            {
              title: '',
              key: 'open',
              align: 'right',
              render: (_, t) =>
                shownOnSmartTrades(t) ? (
                  <Link to="/smart-trades">
                    <Flex gap={4} component="span" style={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
                      Smart Trades <ExportOutlined />
                    </Flex>
                  </Link>
                ) : (
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                    In {t.mode === 'LIVE' ? 'live' : 'demo'} mode
                  </Typography.Text>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
