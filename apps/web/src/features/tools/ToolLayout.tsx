import type { ReactNode } from 'react';
import { Card, Col, Empty, Row, Spin } from 'antd';
import { TickerSearch } from './TickerSearch';

interface Props {
  /** The search box: label and hint name the tool. */
  search: {
    label: string;
    hint: string;
    value: string;
    onChange: (v: string) => void;
    onSearch: (ticker: string) => void;
  };
  pending: boolean;
  pendingText: string;
  /** The result on show, or null for the empty state. */
  result: ReactNode;
  emptyText: string;
  /** The right column (recent searches, forms); below the result on narrow screens. */
  aside: ReactNode;
}

/** One tool tab: the ticker search over the result on the left, `aside` on the right. */
export function ToolLayout({ search, pending, pendingText, result, emptyText, aside }: Props) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card size="small" style={{ marginBottom: 16 }}>
          <TickerSearch {...search} loading={pending} />
        </Card>
        <Spin spinning={pending} description={pendingText}>
          {result ?? (
            <Card>
              <Empty description={emptyText} />
            </Card>
          )}
        </Spin>
      </Col>
      <Col xs={24} xl={8}>
        {aside}
      </Col>
    </Row>
  );
}
