import type { CSSProperties } from 'react';
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import type { OverviewItem, Quote } from '@drat/contracts';
import { ChangePercent, LivePrice } from '../../../components/LiveNumber';
import { Sparkline } from '../components/Sparkline';
import { directionColor, useMarketColors } from '../../../lib/marketColors';
import { formatPercent } from '../../../lib/format';
import { useQuotes } from '../../../lib/live';
import { useOverview } from '../queries';
import { useCompactCards } from './cardSize';
import styles from '../market.module.css';

interface Props {
  onPick?: (symbol: string) => void;
  selected?: string;
}

/** Major ETFs and the sector ETFs, each with its last price, change and the day's mini chart. */
export function MarketOverview({ onPick, selected }: Props) {
  const overview = useOverview();
  const card = useCompactCards();
  const items = overview.data ? [...overview.data.indices, ...overview.data.sectors] : [];
  const live = useQuotes(
    items.map((i) => i.quote.symbol),
    { fetch: false },
  );

  let body;
  if (overview.isPending)
    body = (
      <div className={styles.tileGrid}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton.Node key={i} active style={{ width: '100%', height: 92 }} />
        ))}
      </div>
    );
  else if (overview.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title="The market overview could not be loaded."
        action={
          <Button size="small" onClick={() => void overview.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (!items.length) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No market data yet" />;
  else {
    const group = (title: string, list: OverviewItem[]) =>
      list.length > 0 && (
        <section aria-label={title}>
          <Typography.Text
            type="secondary"
            strong
            style={{ display: 'block', marginBottom: 8, fontSize: 12, letterSpacing: 0.3 }}
          >
            {title.toUpperCase()}
          </Typography.Text>
          <div className={styles.tileGrid}>
            {list.map((item) => (
              <OverviewTile
                key={item.quote.symbol}
                item={item}
                quote={live[item.quote.symbol.toUpperCase()] ?? item.quote}
                active={selected === item.quote.symbol}
                onPick={onPick}
              />
            ))}
          </div>
        </section>
      );
    body = (
      <Flex vertical gap={16}>
        {group('Major indices', overview.data.indices)}
        {group('Sectors', overview.data.sectors)}
      </Flex>
    );
  }

  return (
    <Card title="Market overview" size={card.size} styles={{ body: { padding: card.padding } }}>
      {body}
    </Card>
  );
}

function OverviewTile({
  item,
  quote,
  active,
  onPick,
}: {
  item: OverviewItem;
  quote: Quote;
  active: boolean;
  onPick?: (symbol: string) => void;
}) {
  const { token } = theme.useToken();
  const colors = useMarketColors();
  const color = directionColor(quote.change, colors);
  const points = item.spark.length ? [...item.spark, quote.last] : [];
  const vars = {
    '--tile-bg': token.colorBgContainer,
    '--tile-border': token.colorBorderSecondary,
    '--tile-hover': token.colorPrimary,
  } as CSSProperties;
  return (
    <button
      type="button"
      className={active ? `${styles.tile} ${styles.tileActive}` : styles.tile}
      style={vars}
      onClick={() => onPick?.(quote.symbol)}
      aria-pressed={active}
      title={`${item.label} (${quote.symbol}): show in the chart`}
    >
      <Flex justify="space-between" align="baseline" gap={6}>
        <Typography.Text strong>{quote.symbol}</Typography.Text>
        <ChangePercent value={quote.change_percentage} style={{ fontSize: 12 }} strong />
      </Flex>
      <Typography.Text type="secondary" className={styles.ellipsis} style={{ fontSize: 12 }}>
        {item.label}
      </Typography.Text>
      <LivePrice value={quote.last} style={{ fontSize: 15, fontWeight: 600, alignSelf: 'flex-start' }} />
      <div style={{ marginTop: 4 }}>
        <Sparkline
          values={points}
          baseline={quote.prevclose}
          color={color}
          height={30}
          label={`${quote.symbol} today, ${formatPercent(quote.change_percentage)}`}
        />
      </div>
    </button>
  );
}
