import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, DownloadOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { USER_DATA_EXPORT_IDS_MAX, USER_DATA_MSG, USER_DATA_PAGE_SIZES, type UploadedUser } from '@drat/contracts';
import { formatDate } from '../../lib/format';
import { usePhone } from '../smart-trades';
import { failureText } from './errors';
import { useDeleteUserData, useExportUserData } from './mutations';
import { useUserData } from './queries';
import { SearchPanel } from './SearchPanel';
import { DEFAULT_PAGE_SIZE, EMPTY_SEARCH, fullName, searchQuery, type SearchForm } from './search';

const dash = (v: string) => v || '—';
/** How a person is named on their row's delete button. */
const whoIs = (u: UploadedUser) => fullName(u) || u.email || u.phone_number || `#${u.id}`;

/**
 * Fetch Users (/user-data, 3-bots-admin-public §2.10, §6): the search panel, the paged table
 * (25, 50, 100 or 500 rows), Export (the whole search) and Export selected, Delete selected, a
 * delete button on each row, Upload and Pending changes. Only the staff account (`can_edit`)
 * exports the whole search, deletes in bulk and uploads; everyone else is told they have view-only
 * access, and exports the rows they select or deletes one row at a time.
 */
export function UserDataPage() {
  const phone = usePhone();
  const navigate = useNavigate();
  const [search, setSearch] = useState<SearchForm>(EMPTY_SEARCH);
  const filters = useMemo(() => searchQuery(search), [search]);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  const list = useUserData(filters, page, pageSize);
  const exporter = useExportUserData();
  const remove = useDeleteUserData({
    onSuccess: (_n, ids) => setSelected((s) => s.filter((id) => !ids.includes(id))),
  });

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  // Unknown until the first answer: the staff-only actions wait for it.
  const canEdit = list.data?.can_edit === true;
  const known = list.data !== undefined;

  const applySearch = (form: SearchForm) => {
    setSearch(form);
    setPage(1);
    setSelected([]);
  };

  const deleteRow = (u: UploadedUser) => (
    <Popconfirm
      title="Delete this person?"
      description={`${whoIs(u)} leaves the list for good.`}
      okText="Yes"
      cancelText="No"
      onConfirm={() => remove.mutateAsync([u.id]).catch(() => undefined)}
    >
      <Button size="small" danger type="text" icon={<DeleteOutlined />} aria-label={`Delete ${whoIs(u)}`} />
    </Popconfirm>
  );

  const columns: ColumnsType<UploadedUser> = phone
    ? [
        {
          title: 'Person',
          key: 'person',
          render: (_, u) => (
            <Flex vertical>
              <span>{fullName(u) || '—'}</span>
              {[
                u.email,
                u.phone_number,
                u.twitter_handle && `Twitter ${u.twitter_handle}`,
                u.instagram_handle && `Instagram ${u.instagram_handle}`,
              ]
                .filter(Boolean)
                .map((line) => (
                  <Typography.Text key={line} type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                    {line}
                  </Typography.Text>
                ))}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Added {formatDate(u.date_added)}
              </Typography.Text>
              {u.tags.length > 0 && (
                <div style={{ marginTop: 4 }}>
                  <TagList tags={u.tags} />
                </div>
              )}
            </Flex>
          ),
        },
        { title: '', key: 'delete', width: 40, render: (_, u) => deleteRow(u) },
      ]
    : [
        { title: 'First name', dataIndex: 'first_name', render: dash },
        { title: 'Last name', dataIndex: 'last_name', render: dash },
        {
          title: 'E-mail',
          dataIndex: 'email',
          render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{dash(v)}</span>,
        },
        { title: 'Twitter', dataIndex: 'twitter_handle', render: dash, responsive: ['lg'] },
        { title: 'Instagram', dataIndex: 'instagram_handle', render: dash, responsive: ['lg'] },
        { title: 'Phone', dataIndex: 'phone_number', render: dash },
        { title: 'Tags', dataIndex: 'tags', render: (tags: string[]) => <TagList tags={tags} /> },
        { title: 'Date added', dataIndex: 'date_added', render: (v: string) => formatDate(v), responsive: ['md'] },
        { title: 'Actions', key: 'delete', width: 80, align: 'center', render: (_, u) => deleteRow(u) },
      ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <SearchPanel onSearch={applySearch} />
      {known && !canEdit && <Alert type="info" showIcon title={USER_DATA_MSG.viewOnly} />}
      <Card size="small">
        <Flex wrap gap={8} justify="space-between" align="center" style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">
            {known
              ? `${total.toLocaleString('en-US')} ${total === 1 ? 'person' : 'people'}` +
                (selected.length > 0 ? ` · ${selected.length.toLocaleString('en-US')} selected` : '')
              : ' '}
          </Typography.Text>
          <Flex wrap gap={8}>
            {canEdit && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() => exporter.mutate(filters)}
                loading={exporter.isPending && exporter.variables !== undefined && !('ids' in exporter.variables)}
                disabled={total === 0}
              >
                Export
              </Button>
            )}
            <Tooltip title={selected.length > USER_DATA_EXPORT_IDS_MAX ? USER_DATA_MSG.exportIdsTooMany : undefined}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => exporter.mutate({ ids: selected })}
                loading={exporter.isPending && exporter.variables !== undefined && 'ids' in exporter.variables}
                disabled={selected.length === 0 || selected.length > USER_DATA_EXPORT_IDS_MAX}
              >
                Export selected
              </Button>
            </Tooltip>
            {canEdit && (
              <Popconfirm
                title={`Delete ${selected.length.toLocaleString('en-US')} selected ${selected.length === 1 ? 'person' : 'people'}?`}
                description="They leave the list for good."
                okText="Yes"
                cancelText="No"
                disabled={selected.length === 0}
                onConfirm={() => remove.mutateAsync(selected).catch(() => undefined)}
              >
                <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} loading={remove.isPending}>
                  Delete selected
                </Button>
              </Popconfirm>
            )}
            {canEdit && (
              <Button icon={<UploadOutlined />} onClick={() => navigate('/upload-users')}>
                Upload
              </Button>
            )}
            <Button icon={<HistoryOutlined />} onClick={() => navigate('/updates')}>
              Pending changes
            </Button>
          </Flex>
        </Flex>
        <Table<UploadedUser>
          rowKey="id"
          size={phone ? 'small' : 'middle'}
          loading={list.isFetching || remove.isPending}
          dataSource={rows}
          columns={columns}
          scroll={phone ? undefined : { x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(Number)),
          }}
          locale={{
            emptyText: list.isError ? failureText(list.error, USER_DATA_MSG.listFailed) : USER_DATA_MSG.listEmpty,
          }}
          pagination={{
            current: page,
            pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: USER_DATA_PAGE_SIZES.map(String),
            showTotal: phone ? undefined : (n, [from, to]) => `${from}-${to} of ${n.toLocaleString('en-US')}`,
            size: phone ? 'small' : undefined,
            onChange: (next, size) => {
              setPage(size !== pageSize ? 1 : next);
              setPageSize(size);
            },
          }}
        />
      </Card>
    </Space>
  );
}

/** A person's tags as antd tags. */
function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {tags.map((t) => (
        <Tag key={t} style={{ marginInlineEnd: 0 }}>
          {t}
        </Tag>
      ))}
    </Flex>
  );
}
