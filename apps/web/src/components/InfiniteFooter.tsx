import { Flex, Spin, Typography } from 'antd';
import { useSentinel } from '../lib/paging';

/**
 * The bottom of an infinite list: a sentinel that asks for the next chunk as it scrolls into view,
 * a loader while it loads, and the end text once there is nothing more.
 */
export function InfiniteFooter({
  hasMore,
  loading,
  onMore,
  endText,
  show,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  endText: string;
  show: boolean;
}) {
  const sentinel = useSentinel(() => {
    if (hasMore && !loading) onMore();
  });
  if (!show) return null;
  // The sentinel is detached while a chunk loads: re-attaching it re-checks visibility, so a short
  // list that still leaves the sentinel on screen keeps loading.
  return (
    <Flex justify="center" style={{ padding: '20px 0' }} ref={hasMore && !loading ? sentinel : undefined}>
      {loading ? (
        <Spin aria-label="Loading more" />
      ) : hasMore ? (
        <span style={{ height: 1 }} />
      ) : (
        <Typography.Text type="secondary">{endText}</Typography.Text>
      )}
    </Flex>
  );
}
