import { Table, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import type { FilingRow } from '@drat/contracts';
import { formatDay } from '../format';

/** SEC filings (1-core §3 "Filing": Form Type, Filed At, Link), in the company view and the filings modal. */
export function FilingsTable({ rows }: { rows: FilingRow[] }) {
  return (
    <Table<FilingRow>
      size="small"
      rowKey={(r) => r.Link}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      locale={{ emptyText: 'No recent filings' }}
      columns={[
        {
          title: 'Form Type',
          dataIndex: 'Form Type',
          render: (f: string) => <Typography.Text strong>{f}</Typography.Text>,
        },
        { title: 'Filed At', dataIndex: 'Filed At', render: (d: string) => formatDay(d) },
        {
          title: 'Link',
          dataIndex: 'Link',
          render: (href: string, r) => (
            <Typography.Link
              href={href}
              target="_blank"
              rel="noreferrer"
              aria-label={`Open ${r['Form Type']} filed ${r['Filed At']}`}
            >
              <FileTextOutlined /> View filing
            </Typography.Link>
          ),
        },
      ]}
    />
  );
}
