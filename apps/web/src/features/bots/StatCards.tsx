import { Card, Col, Row, Statistic } from 'antd';
import { useMarketColors } from '../../lib/marketColors';

/** A figure as the bots' modals show it: its label, its value in words, a gain or a loss. */
export interface StatItem {
  label: string;
  value: string;
  tone?: 'up' | 'down';
}

/**
 * Figures in a grid of cards (the performance modal, the replay's summary): two a row on phones,
 * `perRow` from small screens on; gains and losses in the market's colours. A list, each card
 * named by its label.
 */
export function StatCards({ items, perRow, label }: { items: StatItem[]; perRow: 3 | 4; label: string }) {
  const colors = useMarketColors();
  return (
    <Row gutter={[12, 12]} aria-label={label} role="list">
      {items.map((item) => (
        <Col key={item.label} xs={12} sm={24 / perRow} role="listitem" aria-label={item.label}>
          <Card size="small" style={{ height: '100%' }}>
            <Statistic
              title={item.label}
              value={item.value}
              styles={{
                content: {
                  fontSize: 20,
                  color: item.tone === 'up' ? colors.up : item.tone === 'down' ? colors.down : undefined,
                },
              }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
