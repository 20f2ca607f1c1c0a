import { useMemo, useState } from 'react';
import { Col, Flex, Row, Space, Typography } from 'antd';
import { useHotlists, useOverview } from '../queries';
import { Hotlists } from './Hotlists';
import { MarketOverview } from './MarketOverview';
import { LiveStatusBadge, MarketClockBadge } from './MarketStatus';
import { PriceChartCard, type TickerSuggestion } from './PriceChartCard';

const DEFAULT_TICKER = 'SPY';

/**
 * The dashboard's market section (1-core §2, issue 3): price chart, hotlists and market overview,
 * all from DRAT's own market data and live over the WebSocket.
 */
export function MarketWidgets() {
  const [ticker, setTicker] = useState(DEFAULT_TICKER);
  const overview = useOverview();
  const hotlists = useHotlists();
  const suggestions = useMemo(() => {
    const seen = new Map<string, TickerSuggestion>();
    const add = (symbol: string, name: string) => {
      if (!seen.has(symbol)) seen.set(symbol, { symbol, name });
    };
    overview.data?.indices.forEach((i) => add(i.quote.symbol, i.label));
    overview.data?.sectors.forEach((i) => add(i.quote.symbol, i.label));
    const h = hotlists.data;
    if (h) [...h.gainers, ...h.losers, ...h.most_active].forEach((q) => add(q.symbol, q.name));
    return [...seen.values()];
  }, [overview.data, hotlists.data]);

  return (
    <section aria-label="Markets">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Markets
        </Typography.Title>
        <Space size={12} align="center">
          <MarketClockBadge />
          <LiveStatusBadge />
        </Space>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15} xxl={16}>
          <PriceChartCard ticker={ticker} onTicker={setTicker} suggestions={suggestions} />
        </Col>
        <Col xs={24} xl={9} xxl={8}>
          <Hotlists onPick={setTicker} selected={ticker} />
        </Col>
        <Col span={24}>
          <MarketOverview onPick={setTicker} selected={ticker} />
        </Col>
      </Row>
    </section>
  );
}
