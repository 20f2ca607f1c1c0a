import { Card, Col, Empty, Flex, Row, Typography } from 'antd';
import type { TradeIdeasLevelDto, TradeIdeasResultDto } from '@drat/contracts';
import { formatDateTime, formatPrice } from '../../../lib/format';
import { useMarketColors, type MarketColors } from '../../../lib/marketColors';
import { formatDay } from '../format';
import styles from '../tools.module.css';

const HORIZON: Record<string, string> = {
  'Short Term': 'Pivots of the daily bars',
  'Long Term': 'Pivots of the weekly bars',
};

function Level({ level, maxTouches, colors }: { level: TradeIdeasLevelDto; maxTouches: number; colors: MarketColors }) {
  const support = level.type === 'support';
  const color = support ? colors.up : colors.down;
  const width = `${Math.max(12, Math.round((level.touches / maxTouches) * 100))}%`;
  return (
    <div
      className={styles.level}
      style={{ background: support ? colors.upSoft : colors.downSoft }}
      aria-label={`${support ? 'Support' : 'Resistance'} at ${formatPrice(level.price)}, ${level.touches} touches`}
    >
      <span className={styles.levelPrice} style={{ color }}>
        ${formatPrice(level.price)}
      </span>
      <span>
        <span className={styles.levelBar} style={{ display: 'block', width, background: color }} />
      </span>
      <span className={styles.levelMeta}>
        {level.touches} {level.touches === 1 ? 'touch' : 'touches'} · {formatDay(level.last_touched)}
      </span>
    </div>
  );
}

/** One term: resistances above the price, supports below, as a price ladder (highest first). */
function TermCard({ term }: { term: TradeIdeasResultDto }) {
  const colors = useMarketColors();
  const title = (
    <Flex vertical gap={0} style={{ padding: '10px 0' }}>
      <span>{term.type}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
        {HORIZON[term.type] ?? ''}
      </Typography.Text>
    </Flex>
  );
  const byPriceDesc = (a: TradeIdeasLevelDto, b: TradeIdeasLevelDto) => b.price - a.price;
  const resistances = [...term.resistances].sort(byPriceDesc);
  const supports = [...term.supports].sort(byPriceDesc);
  const maxTouches = Math.max(1, ...term.resistances.map((l) => l.touches), ...term.supports.map((l) => l.touches));
  return (
    <Card title={title} role="region" aria-label={term.type} style={{ height: '100%' }}>
      {!term.found ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={term.message} />
      ) : (
        <Flex vertical gap={10}>
          <Flex gap={14} style={{ fontSize: 12 }}>
            <span style={{ color: colors.down }}>■ Resistances above</span>
            <span style={{ color: colors.up }}>■ Supports below</span>
          </Flex>
          <div className={styles.ladder}>
            {resistances.length === 0 && <Typography.Text type="secondary">None above the price.</Typography.Text>}
            {resistances.map((l) => (
              <Level key={`r${l.price}`} level={l} maxTouches={maxTouches} colors={colors} />
            ))}
            <div className={styles.priceRow}>
              <span>Price ${formatPrice(term.price)}</span>
            </div>
            {supports.map((l) => (
              <Level key={`s${l.price}`} level={l} maxTouches={maxTouches} colors={colors} />
            ))}
            {supports.length === 0 && <Typography.Text type="secondary">None below the price.</Typography.Text>}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {term.message}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}

/** Range Radar's result (1-core §2, §3 "Trade ideas result"): short and long term cards. */
export function RangeRadarCards({
  ticker,
  queriedAt,
  terms,
}: {
  ticker: string;
  queriedAt: string;
  terms: TradeIdeasResultDto[];
}) {
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {ticker}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Searched {formatDateTime(queriedAt)}
        </Typography.Text>
      </Flex>
      <Row gutter={[16, 16]}>
        {terms.map((t) => (
          <Col key={t.type} xs={24} lg={12}>
            <TermCard term={t} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
