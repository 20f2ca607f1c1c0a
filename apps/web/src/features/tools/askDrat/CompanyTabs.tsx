import type { ReactNode } from 'react';
import { Empty, Flex, Table, Tabs, Tag, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import type { CompanyInfo, InsiderRow, InstitutionalRow, NewsRow } from '@drat/contracts';
import { formatChange, formatDateTime, formatPercent, formatVolume } from '../../../lib/format';
import { dollars, formatDay } from '../format';
import styles from '../tools.module.css';
import { FilingsTable } from './FilingsTable';

const usd = dollars;
const usdCompact = (n: number | null) => (n === null ? '—' : `$${formatVolume(n)}`);
const pct = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)}%`);
const plain = (n: number | null) => (n === null ? '—' : String(n));
const whole = new Intl.NumberFormat('en-US');

type Row = [label: string, value: ReactNode];

function Section({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <dl className={styles.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt className={styles.figureLabel}>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function BasicInfo({ info }: { info: CompanyInfo }) {
  const b = info.basic_info;
  const s = info.shs_info;
  const t = info.technical_info;
  const website = b.Website ? (
    <Typography.Link href={b.Website} target="_blank" rel="noreferrer">
      {b.Website.replace(/^https?:\/\/(www\.)?/, '')}
    </Typography.Link>
  ) : (
    '—'
  );
  return (
    <Flex vertical gap={20}>
      {b.Description && <Typography.Paragraph style={{ margin: 0 }}>{b.Description}</Typography.Paragraph>}
      <Section
        title="Company"
        rows={[
          ['Company', b.Company],
          ['Website', website],
          ['Exchange', b.Exchange],
          ['Sector', b.Sector],
          ['Industry', b.Industry],
          ['Type', b.Type],
          ['Optionable', b.Optionable],
          ['Shortable', b.Shortable],
          ['CIK', b.CIK ?? '—'],
        ]}
      />
      <Section
        title="Price and valuation"
        rows={[
          ['Price', usd(b.Price)],
          ['Change', `${formatChange(b.Change)} (${formatPercent(b['Change %'])})`],
          ['Open', usd(b.Open)],
          ['Prev Close', usd(b['Prev Close'])],
          ['Day Range', `${usd(b['Day Low'])} - ${usd(b['Day High'])}`],
          ['Volume', formatVolume(b.Volume)],
          ['Avg Volume', formatVolume(b['Avg Volume'])],
          ['Market Cap', usdCompact(b['Market Cap'])],
          ['EPS', b.EPS === null ? '—' : `$${b.EPS.toFixed(2)}`],
          ['P/E', plain(b['P/E'])],
          ['Revenue', usdCompact(b.Revenue)],
          ['Fiscal Year', plain(b['Fiscal Year'])],
        ]}
      />
      <Section
        title="Shares"
        rows={[
          ['Shares Outstanding', formatVolume(s['Shares Outstanding'])],
          ['Shares Float', formatVolume(s['Shares Float'])],
          ['Float %', pct(s['Float %'])],
          ['Inst Own %', pct(s['Inst Own %'])],
        ]}
      />
      <Section
        title="Technicals"
        rows={[
          ['SMA20', usd(t.SMA20)],
          ['SMA50', usd(t.SMA50)],
          ['SMA200', usd(t.SMA200)],
          ['Price vs SMA50', pct(t['SMA50 %'])],
          ['Price vs SMA200', pct(t['SMA200 %'])],
          ['RSI14', plain(t.RSI14)],
          ['52W High', usd(t['52W High'])],
          ['52W Low', usd(t['52W Low'])],
        ]}
      />
      <div>
        <Typography.Title level={5}>Institutional holders</Typography.Title>
        <Table<InstitutionalRow>
          size="small"
          rowKey="Shareholder"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={info.institutional_info}
          locale={{ emptyText: 'No institutional holders reported' }}
          columns={[
            { title: 'Shareholder', dataIndex: 'Shareholder' },
            { title: 'Stake', dataIndex: 'Stake', align: 'right', render: (v: number) => pct(v) },
            {
              title: 'Shares Owned',
              dataIndex: 'Shares Owned',
              align: 'right',
              render: (v: number) => whole.format(v),
            },
          ]}
        />
      </div>
    </Flex>
  );
}

function InsiderTable({ rows }: { rows: InsiderRow[] }) {
  return (
    <Table<InsiderRow>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      locale={{ emptyText: 'No recent insider transactions' }}
      columns={[
        { title: 'Name', dataIndex: 'full_name' },
        { title: 'Position', dataIndex: 'position' },
        { title: 'Reported', dataIndex: 'date_reported', render: (d: string) => formatDay(d) },
        { title: 'Transaction', dataIndex: 'description' },
        { title: 'Shares', dataIndex: 'shares', align: 'right', render: (v: number) => whole.format(v) },
        { title: 'Value', dataIndex: 'value', align: 'right', render: (v: number) => usdCompact(v) },
      ]}
    />
  );
}

function NewsList({ rows }: { rows: NewsRow[] }) {
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No recent news" />;
  return (
    <Flex vertical gap={14}>
      {rows.map((n) => (
        <Flex key={`${n.news_url}|${n.news_title}`} vertical gap={2}>
          <Typography.Link href={n.news_url} target="_blank" rel="noreferrer" strong>
            {n.news_title} <LinkOutlined style={{ fontSize: 11 }} />
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(n.news_date)}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/** The company view's tabs (1-core §2): Basic Info, Recent Fillings, Recent Insider Info, Recent News. */
export function CompanyTabs({ info }: { info: CompanyInfo }) {
  const count = (n: number) => (n > 0 ? <Tag style={{ marginInlineStart: 6 }}>{n}</Tag> : null);
  return (
    <Tabs
      items={[
        { key: 'basic', label: 'Basic Info', children: <BasicInfo info={info} /> },
        {
          key: 'filings',
          label: <span>Recent Fillings{count(info.filings_info.length)}</span>,
          children: <FilingsTable rows={info.filings_info} />,
        },
        {
          key: 'insiders',
          label: <span>Recent Insider Info{count(info.insider_info.length)}</span>,
          children: <InsiderTable rows={info.insider_info} />,
        },
        {
          key: 'news',
          label: <span>Recent News{count(info.news_info.length)}</span>,
          children: <NewsList rows={info.news_info} />,
        },
      ]}
    />
  );
}
