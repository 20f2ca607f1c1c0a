import { Button, Descriptions, Empty, Flex, Modal, Skeleton, Table, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { BOT_LOGS_WIDTH, type BotDto, type BotLogDto } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { formatMoney } from '../../lib/format';
import { botSettingsInWords, performanceInWords } from './botWords';
import { useBotLogs } from './queries';
import { StatCards } from './StatCards';
import { usePhone } from './usePhone';

/** Details (3-bots-admin-public §2.1, §2.2 "View Details"): every setting of the bot in words, by section. */
export function BotDetailsModal({ bot, admin, onClose }: { bot: BotDto | null; admin: boolean; onClose: () => void }) {
  return (
    <Modal
      open={bot !== null}
      title={bot ? `Details of ${bot.bot_name}` : ''}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={820}
    >
      {bot && (
        <Flex vertical gap={16} style={{ marginTop: 12 }}>
          {botSettingsInWords(bot, admin).map((section) => (
            <Descriptions
              key={section.title}
              title={section.title}
              size="small"
              bordered
              column={{ xs: 1, sm: 1, md: 2 }}
              items={section.rows.map((r) => ({ key: r.label, label: r.label, children: r.value }))}
            />
          ))}
        </Flex>
      )}
    </Modal>
  );
}

/** Performance (§9 "Bot performance"): trades taken and left, the amount invested and left, and the P/L. */
export function BotPerformanceModal({ bot, onClose }: { bot: BotDto | null; onClose: () => void }) {
  return (
    <Modal
      open={bot !== null}
      title={bot ? `Performance of ${bot.bot_name}` : ''}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={720}
    >
      {bot && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {formatMoney(bot.amount_invested_per_trade)} a trade, up to {bot.max_no_of_trades} trades and{' '}
            {formatMoney(bot.max_total_amount_set_to_invest)} in all.
          </Typography.Text>
          <StatCards items={performanceInWords(bot.performance)} perRow={3} label="Performance" />
        </Flex>
      )}
    </Modal>
  );
}

/** A list's button that reads it again ("Refresh the log"), turning while it reads. */
export function RefreshButton({
  what,
  query,
}: {
  what: string;
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
}) {
  return (
    <Tooltip title={`Read the ${what} again`}>
      <Button
        size="small"
        aria-label={`Refresh the ${what}`}
        icon={<ReloadOutlined spin={query.isFetching} />}
        onClick={() => void query.refetch()}
      />
    </Tooltip>
  );
}

/** Logs (§2.1: width 1091): what the bot took and skipped, and why, newest first with their time. */
export function BotLogsModal({ bot, admin, onClose }: { bot: BotDto | null; admin: boolean; onClose: () => void }) {
  const phone = usePhone();
  const logs = useBotLogs(bot?.id ?? null, admin);
  const rows = [...(logs.data?.data ?? [])].sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id);
  return (
    <Modal
      open={bot !== null}
      title={bot ? `Logs of ${bot.bot_name}` : ''}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={BOT_LOGS_WIDTH}
    >
      {logs.isLoading ? (
        <Skeleton active />
      ) : logs.isError ? (
        <Empty description={logs.error.message} />
      ) : (
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text type="secondary">What the bot took and skipped, and why: newest first.</Typography.Text>
            <RefreshButton what="log" query={logs} />
          </Flex>
          <Table<BotLogDto>
            rowKey="id"
            size="small"
            dataSource={rows}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: 'Nothing logged yet.' }}
            columns={[
              {
                title: 'Time',
                dataIndex: 'created',
                width: phone ? 110 : 200,
                render: (v: string) => (
                  <Typography.Text type="secondary" style={{ whiteSpace: phone ? 'normal' : 'nowrap' }}>
                    {formatDateTime(v)}
                  </Typography.Text>
                ),
              },
              { title: 'What happened', dataIndex: 'text' },
            ]}
          />
        </Flex>
      )}
    </Modal>
  );
}
