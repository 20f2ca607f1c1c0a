import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Flex, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { USER_DATA_MSG, type PendingChange } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { usePhone } from '../smart-trades';
import { failureText } from './errors';
import { useDecideChange, useDecideChanges, type Decision } from './mutations';
import { usePendingChanges } from './queries';
import { fieldLabel } from './search';

const shownValue = (v: string) => (v ? v : <Typography.Text type="secondary">(empty)</Typography.Text>);

/**
 * Pending User Changes (/updates, 3-bots-admin-public §2.10, §4): what uploaded files propose to
 * change about people already in the list, oldest first: the person, the field, its current and
 * new value and when it was proposed. The staff account accepts or rejects each, or the rows
 * selected at once; decided changes leave the list. Everyone else sees them, view-only.
 */
export function PendingChangesPage() {
  const phone = usePhone();
  const navigate = useNavigate();
  const changes = usePendingChanges();
  const one = useDecideChange();
  const [selected, setSelected] = useState<number[]>([]);
  const many = useDecideChanges({ onSuccess: () => setSelected([]) });
  const rows = changes.data?.data ?? [];
  const canEdit = changes.data?.can_edit === true;
  // Only the rows still listed (a change decided one by one leaves the list and the selection).
  const chosen = selected.filter((id) => rows.some((r) => r.id === id));
  const known = changes.data !== undefined;
  const deciding = (id: number, action: Decision) =>
    one.isPending && one.variables?.id === id && one.variables.action === action;

  const actions: ColumnsType<PendingChange>[number] = {
    title: 'Actions',
    key: 'actions',
    width: phone ? 90 : 200,
    render: (_, c) => (
      <Flex gap={6} wrap>
        <Button
          size="small"
          type="primary"
          icon={<CheckOutlined />}
          aria-label={`Accept ${fieldLabel(c.field_name)} of ${c.user_email}`}
          loading={deciding(c.id, 'accept')}
          disabled={one.isPending || many.isPending}
          onClick={() => one.mutate({ id: c.id, action: 'accept' })}
        >
          {phone ? null : 'Accept'}
        </Button>
        <Button
          size="small"
          danger
          icon={<CloseOutlined />}
          aria-label={`Reject ${fieldLabel(c.field_name)} of ${c.user_email}`}
          loading={deciding(c.id, 'reject')}
          disabled={one.isPending || many.isPending}
          onClick={() => one.mutate({ id: c.id, action: 'reject' })}
        >
          {phone ? null : 'Reject'}
        </Button>
      </Flex>
    ),
  };

  const columns: ColumnsType<PendingChange> = phone
    ? [
        {
          title: 'Change',
          key: 'change',
          render: (_, c) => (
            <Flex vertical gap={2}>
              <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                {c.user_email}
              </Typography.Text>
              <span>{fieldLabel(c.field_name)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                {c.current_value || '(empty)'} → {c.new_value || '(empty)'}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(c.created_at)}
              </Typography.Text>
            </Flex>
          ),
        },
        ...(canEdit ? [actions] : []),
      ]
    : [
        {
          title: 'Person',
          dataIndex: 'user_email',
          render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{v}</span>,
        },
        { title: 'Field', dataIndex: 'field_name', render: fieldLabel },
        { title: 'Current value', dataIndex: 'current_value', render: shownValue },
        { title: 'New value', dataIndex: 'new_value', render: shownValue },
        { title: 'Date', dataIndex: 'created_at', render: (v: string) => formatDateTime(v), responsive: ['md'] },
        ...(canEdit ? [actions] : []),
      ];

  const bulk = (action: Decision) => (
    <Popconfirm
      title={`${action === 'accept' ? 'Accept' : 'Reject'} ${chosen.length.toLocaleString('en-US')} selected ${chosen.length === 1 ? 'change' : 'changes'}?`}
      okText="Yes"
      cancelText="No"
      disabled={chosen.length === 0}
      onConfirm={() => many.mutateAsync({ ids: chosen, action }).catch(() => undefined)}
    >
      <Button
        type={action === 'accept' ? 'primary' : 'default'}
        danger={action === 'reject'}
        icon={action === 'accept' ? <CheckOutlined /> : <CloseOutlined />}
        disabled={chosen.length === 0 || one.isPending}
        loading={many.isPending && many.variables?.action === action}
      >
        {action === 'accept' ? 'Accept selected' : 'Reject selected'}
      </Button>
    </Popconfirm>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {known && !canEdit && <Alert type="info" showIcon title={USER_DATA_MSG.viewOnly} />}
      {changes.isError && (
        <Alert type="error" showIcon title={failureText(changes.error, USER_DATA_MSG.pendingFailed)} />
      )}
      <Card size="small">
        <Flex wrap gap={8} justify="space-between" align="center" style={{ marginBottom: 12 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/user-data')}>
            Back to user data
          </Button>
          <Flex wrap gap={8} align="center">
            <Typography.Text type="secondary">
              {known
                ? `${rows.length.toLocaleString('en-US')} pending ${rows.length === 1 ? 'change' : 'changes'}` +
                  (chosen.length > 0 ? ` · ${chosen.length.toLocaleString('en-US')} selected` : '')
                : ' '}
            </Typography.Text>
            {canEdit && bulk('accept')}
            {canEdit && bulk('reject')}
          </Flex>
        </Flex>
        <Table<PendingChange>
          rowKey="id"
          size={phone ? 'small' : 'middle'}
          loading={changes.isFetching || many.isPending}
          dataSource={rows}
          columns={columns}
          scroll={phone ? undefined : { x: 'max-content' }}
          rowSelection={
            canEdit
              ? {
                  selectedRowKeys: chosen,
                  onChange: (keys) => setSelected(keys.map(Number)),
                }
              : undefined
          }
          locale={{
            emptyText: changes.isError
              ? failureText(changes.error, USER_DATA_MSG.pendingFailed)
              : USER_DATA_MSG.noPending,
          }}
          pagination={{
            defaultPageSize: 25,
            hideOnSinglePage: true,
            showSizeChanger: true,
            size: phone ? 'small' : undefined,
          }}
        />
      </Card>
    </Space>
  );
}
