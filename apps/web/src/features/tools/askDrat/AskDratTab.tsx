import { useState } from 'react';
import { Alert, Card, Flex, Tag, Typography } from 'antd';
import type { CompanyInfo, StockInfoResponse } from '@drat/contracts';
import { TickerChart } from '../../market';
import { ToolLayout } from '../ToolLayout';
import { useCompanySearch } from '../queries';
import { CompanyTabs } from './CompanyTabs';
import { FilingsForm } from './FilingsForm';
import { SheetForm } from './SheetForm';

interface Props {
  ticker: string;
  onTicker: (value: string) => void;
}

const CHART_INTERVALS = ['5min', '1hr', '1day', '1week'] as const;

/** The company detail view (1-core §2 Ask DRAT): price chart, then the four tabs. */
function CompanyView({ info, note }: { info: CompanyInfo; note: string | null }) {
  const b = info.basic_info;
  return (
    <Card role="region" aria-label={`${b.Company} (${info.ticker})`}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="baseline" wrap gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {b.Company}{' '}
            <Typography.Text type="secondary" style={{ fontSize: 15, fontWeight: 400 }}>
              {info.ticker}
            </Typography.Text>
          </Typography.Title>
          <Flex gap={4} wrap>
            <Tag>{b.Exchange}</Tag>
            {b.Sector && <Tag>{b.Sector}</Tag>}
            <Tag color="blue">{b.Type}</Tag>
          </Flex>
        </Flex>
        {note && <Alert type="warning" showIcon title={note} />}
        <TickerChart ticker={info.ticker} defaultInterval="1day" intervals={CHART_INTERVALS} height={300} />
        <CompanyTabs info={info} />
      </Flex>
    </Card>
  );
}

/**
 * The Ask DRAT tab (1-core §2 Tools): a company search (no credit), the SEC filings search and the
 * 10K analysis sheet. Both forms take the searched ticker, and can be used on their own.
 */
export function AskDratTab({ ticker, onTicker }: Props) {
  const search = useCompanySearch();
  // The last company found stays on show while another search runs or fails.
  const [reply, setReply] = useState<StockInfoResponse | null>(null);
  const shownTicker = reply?.data.ticker ?? '';

  return (
    <ToolLayout
      search={{
        label: 'Ask DRAT ticker',
        hint: 'Company profile, technicals, insider trades, institutional holders, SEC filings and news.',
        value: ticker,
        onChange: onTicker,
        onSearch: (symbol) => search.mutate(symbol, { onSuccess: setReply }),
      }}
      pending={search.isPending}
      pendingText="Looking up…"
      result={reply && <CompanyView info={reply.data} note={reply.error} />}
      emptyText="Search a ticker to see the company, its chart, filings, insider trades and news."
      aside={
        <Flex vertical gap={16}>
          <FilingsForm ticker={shownTicker} />
          <SheetForm ticker={shownTicker} />
        </Flex>
      }
    />
  );
}
