import { useState } from 'react';
import { Empty, Flex, Grid, Input, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AuditEntry } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { useAuditLog } from './queries';
import { auditChanges } from './userWords';

const PAGE_SIZE = 20;

/** Before → after, one line per field the action changed. */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {changes.map((c) => (
        <Typography.Text key={c.field} style={{ fontSize: 12 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.field}:
          </Typography.Text>{' '}
          {c.before} → {c.after}
        </Typography.Text>
      ))}
    </Flex>
  );
}

function columns(phone: boolean): ColumnsType<AuditEntry> {
  return [
    {
      title: 'Time',
      dataIndex: 'created',
      responsive: ['md'],
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
    {
      title: 'Who',
      dataIndex: 'actor_email',
      responsive: ['md'],
    },
    {
      title: 'Action',
      key: 'summary',
      render: (_, e) => (
        // On a phone the hidden columns' words go under the action, and long words wrap.
        <Flex vertical gap={2} align="start" style={phone ? { overflowWrap: 'anywhere' } : undefined}>
          {phone && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(e.created)}
            </Typography.Text>
          )}
          <Typography.Text>{e.summary}</Typography.Text>
          <Flex gap={4} wrap>
            <Tag style={{ marginInlineEnd: 0 }}>{e.action}</Tag>
            {phone && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                by {e.actor_email}
              </Typography.Text>
            )}
          </Flex>
          {phone && <Changes entry={e} />}
        </Flex>
      ),
    },
    { title: 'Before → after', key: 'changes', responsive: ['md'], render: (_, e) => <Changes entry={e} /> },
  ];
}

/**
 * The audit log (DRAT's own, beside §2.3): every admin action, newest first, with who did it, what,
 * when and the record before and after; of one person's (who acted or was acted on) by e-mail.
 */
export function AuditLog() {
  const phone = Grid.useBreakpoint().md === false;
  const [email, setEmail] = useState('');
  const [page, setPage] = useState(1);
  const log = useAuditLog(email, page, PAGE_SIZE);
  return (
    <Flex vertical gap={12}>
      <Input.Search
        aria-label="Filter the audit log by e-mail"
        placeholder="Filter by a person's e-mail"
        allowClear
        enterButton="Filter"
        onSearch={(v) => {
          setEmail(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: phone ? '100%' : 420 }}
      />
      <Table<AuditEntry>
        aria-label="Audit log"
        rowKey="id"
        size={phone ? 'small' : 'middle'}
        loading={log.isFetching}
        dataSource={log.data?.data ?? []}
        columns={columns(phone)}
        locale={{
          emptyText: (
            <Empty
              description={
                log.isError ? log.error.message : email ? `Nothing about ${email}.` : 'No admin actions yet.'
              }
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        scroll={phone ? undefined : { x: 'max-content' }}
      />
    </Flex>
  );
}
