import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Flex, Grid, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type { BotDto, BotTakenTrade, TradeType } from '@drat/contracts';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../lib/format';
import { TradeAlertModal } from '../smart-trades';
import { statusColor } from '../smart-trades';
import { usePhone } from './usePhone';

/** The kind of every trade a bot places (the alert call's `type`; the bot's trade_category is its alert type). */
const BOT_TRADE_TYPE = 'MB' satisfies TradeType;

/**
 * The trades a bot placed (3-bots-admin-public §2.1: "A dropdown picks one bot and shows the trades
 * placed by it"): ticker, status, account mode and when, newest first, with the way to Smart Trades
 * where the trade is followed (the list of the mode the user is in: live trades when live), and the
 * alert behind each trade made from one ("Alert details are fetched per alert when opened": Smart
 * Trades' alert modal, asked of the trade's account, demo or live), or "Signal" for a trade a signal made.
 */
export function TakenTrades({ bots }: { bots: BotDto[] }) {
  const phone = usePhone();
  // Below 576 px the trade's number goes under its ticker and the way to Smart Trades is an icon, so
  // the row keeps its alert within a phone's width.
  const narrow = Grid.useBreakpoint().sm === false;
  const session = useSession();
  const [picked, setPicked] = useState<number | null>(null);
  const bot = bots.find((b) => b.id === picked) ?? null;
  const rows = [...(bot?.taken_trades ?? [])].sort((a, b) => b.created.localeCompare(a.created));
  // The trade whose alert is open; kept after closing so the title stays while the modal fades out.
  const [alertOf, setAlertOf] = useState<{ trade: BotTakenTrade; open: boolean } | null>(null);
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
            { title: 'Trade', dataIndex: 'trade_id', width: 90, responsive: ['sm'], render: (id: number) => `#${id}` },
            {
              title: 'Ticker',
              dataIndex: 'ticker',
              render: (ticker: string, t) =>
                narrow ? (
                  <Flex vertical>
                    {ticker}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      #{t.trade_id}
                    </Typography.Text>
                  </Flex>
                ) : (
                  ticker
                ),
            },
            { title: 'Status', dataIndex: 'status', render: (s: string) => <Tag color={statusColor(s)}>{s}</Tag> },
            {
              title: 'From',
              dataIndex: 'alert_id',
              render: (id: number | null, t) =>
                id === null ? (
                  <Typography.Text type="secondary">Signal</Typography.Text>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    style={{ paddingInline: 0, whiteSpace: 'nowrap' }}
                    onClick={() => setAlertOf({ trade: t, open: true })}
                  >
                    Alert #{id}
                  </Button>
                ),
            },
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
                  narrow ? (
                    <Tooltip title="Smart Trades">
                      <Link to="/smart-trades" aria-label="Smart Trades">
                        <ExportOutlined />
                      </Link>
                    </Tooltip>
                  ) : (
                    <Link to="/smart-trades">
                      <Flex gap={4} component="span" style={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
                        Smart Trades <ExportOutlined />
                      </Flex>
                    </Link>
                  )
                ) : (
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                    {narrow ? (t.mode === 'LIVE' ? 'Live' : 'Demo') : `In ${t.mode === 'LIVE' ? 'live' : 'demo'} mode`}
                  </Typography.Text>
                ),
            },
          ]}
        />
      )}
      <TradeAlertModal
        trade={alertOf?.open ? { id: alertOf.trade.trade_id, trade_type: BOT_TRADE_TYPE } : null}
        mode={alertOf?.trade.mode === 'LIVE' ? 'live' : 'demo'}
        title={alertOf ? `Alert #${alertOf.trade.alert_id} of trade #${alertOf.trade.trade_id}` : undefined}
        onClose={() => setAlertOf((a) => a && { ...a, open: false })}
      />
    </Card>
  );
}
