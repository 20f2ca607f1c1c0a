import type { ReactNode } from 'react';
import { Button, Card, Empty, Popconfirm, Skeleton } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import styles from './tools.module.css';

export interface RecentItem {
  id: number;
  ticker: string;
  /** Second line: company name or price. */
  sub: ReactNode;
  /** Right side: when, and a figure. */
  side: ReactNode;
}

interface Props {
  title: string;
  items: RecentItem[];
  loading: boolean;
  /** The search on show, highlighted. */
  activeId: number | null;
  onSelect: (id: number) => void;
  onClear: () => void;
  clearing: boolean;
}

/**
 * 'Recent Dione Searches' and 'Recent Trade Ideas Searches' (1-core §2): newest first, a click
 * shows that search again (free), Clear History after a confirm.
 */
export function RecentSearches({ title, items, loading, activeId, onSelect, onClear, clearing }: Props) {
  return (
    <Card
      size="small"
      title={title}
      styles={{ title: { whiteSpace: 'normal' } }}
      extra={
        <Popconfirm
          title="Clear History"
          description="Remove every search from this list?"
          okText="Clear"
          okButtonProps={{ danger: true }}
          onConfirm={onClear}
          disabled={items.length === 0}
        >
          <Button size="small" icon={<ClearOutlined />} disabled={items.length === 0} loading={clearing}>
            Clear History
          </Button>
        </Popconfirm>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No searches yet" />
      ) : (
        <nav className={styles.recentList} aria-label={title}>
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              className={styles.recentRow}
              aria-current={item.id === activeId ? 'true' : undefined}
              onClick={() => onSelect(item.id)}
            >
              <span className={styles.recentMain}>
                <span className={styles.recentTicker}>{item.ticker}</span>
                <span className={styles.recentSub}>{item.sub}</span>
              </span>
              <span className={styles.recentSide}>{item.side}</span>
            </button>
          ))}
        </nav>
      )}
    </Card>
  );
}
