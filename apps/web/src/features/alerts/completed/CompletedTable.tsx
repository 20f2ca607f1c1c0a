import { Button, Dropdown, Space, Tag } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { AlertDto } from '@drat/contracts';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import type { CompletedColumn } from './columns';
import { downloadCsv, downloadXlsx } from './exportTable';

/** Export to CSV or XLSX: the same columns the table shows, with the same texts. */
export function ExportButton<T>({
  columns,
  rows,
  filename,
  sheet,
}: {
  columns: CompletedColumn<T>[];
  rows: T[];
  filename: string;
  sheet: string;
}) {
  return (
    <Dropdown
      trigger={['click']}
      disabled={rows.length === 0}
      menu={{
        items: [
          { key: 'csv', label: 'Export to CSV' },
          { key: 'xlsx', label: 'Export to XLSX' },
        ],
        onClick: ({ key }) =>
          key === 'csv' ? downloadCsv(columns, rows, filename) : void downloadXlsx(columns, rows, filename, sheet),
      }}
    >
      <Button icon={<DownloadOutlined />}>Export</Button>
    </Dropdown>
  );
}

export function CompletedTable<T extends AlertDto & { deleted?: boolean }>({
  columns,
  rows,
  loading,
  emptyText,
  showDeleted,
  onView,
}: {
  columns: CompletedColumn<T>[];
  rows: T[];
  loading: boolean;
  emptyText: string;
  showDeleted: boolean;
  onView: (row: T) => void;
}) {
  // The admin view marks a soft-deleted alert beside its symbol, the first column.
  const tableColumns: DataColumn<T>[] = columns.map((c, index) => ({
    key: c.key,
    title: c.title,
    render: (row: T) => {
      const cell = c.render?.(row) ?? c.value(row);
      if (!(index === 0 && showDeleted && row.deleted)) return cell;
      return (
        <Space size={6}>
          {cell}
          <Tag color="error">Deleted</Tag>
        </Space>
      );
    },
  }));
  tableColumns.push({
    key: 'view',
    title: 'View Alert',
    render: (row: T) => (
      <Button size="small" icon={<EyeOutlined />} onClick={() => onView(row)} aria-label={`View ${row.ticker} alert`}>
        View
      </Button>
    ),
  });
  return (
    <DataTable<T>
      rowKey={(row) => row.id}
      loading={loading}
      columns={tableColumns}
      rows={rows}
      pageSize={25}
      wide
      empty={emptyText}
    />
  );
}
