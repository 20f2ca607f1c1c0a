import { useState } from 'react';
import { Button, Grid, Result, Skeleton, Tabs, Typography, theme } from 'antd';
import { FileExcelOutlined, FilePdfOutlined, PlaySquareOutlined } from '@ant-design/icons';
import { RESOURCE_MSG, RESOURCE_TABS, type ResourcesResponse } from '@drat/contracts';
import { useSession } from '../../app/session';
import { DocumentList, SheetList, useListStyle, VideoGrid, type ListControl } from './ResourceLists';
import { useDeleteResource } from './queries';
import { useFileOpener } from './useFileOpener';

type TabKey = (typeof RESOURCE_TABS)[number]['key'];
const ICONS = {
  documents: <FilePdfOutlined />,
  videos: <PlaySquareOutlined />,
  sheets: <FileExcelOutlined />,
} as const;

export interface ResourceTabsProps {
  data: ResourcesResponse | undefined;
  /** When `data` arrived (the query's dataUpdatedAt): its links to files expire. */
  fetchedAt: number;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Tighter spacing inside a modal. */
  compact?: boolean;
}

/**
 * Tabs Documents, Videos and Sheets over one resources answer, for the library page and the
 * alert-type modal. Files open from their signed links, renewed when old (useFileOpener). Super
 * users get a delete button behind a yes/no confirm.
 */
export function ResourceTabs({ data, fetchedAt, isPending, error, onRetry, compact = false }: ResourceTabsProps) {
  const { token } = theme.useToken();
  const session = useSession();
  const style = useListStyle();
  const remove = useDeleteResource();
  const onOpen = useFileOpener(fetchedAt);
  const [active, setActive] = useState<TabKey>('documents');
  // On a phone the three tabs fit side by side only without icons and with a small gutter.
  const narrow = Grid.useBreakpoint().sm === false;
  const control: ListControl = {
    enabled: session?.is_super === true,
    pendingId: remove.isPending ? (remove.variables ?? null) : null,
    onDelete: (r) => remove.mutate(r.id),
    onOpen,
  };

  if (error && !data) {
    return (
      <Result
        status="warning"
        title={RESOURCE_MSG.loadFailed}
        subTitle={error.message}
        extra={<Button onClick={onRetry}>Try again</Button>}
      />
    );
  }

  const body = (key: TabKey) => {
    if (isPending || !data) return <Skeleton active paragraph={{ rows: 5 }} />;
    if (key === 'documents') return <DocumentList items={data.pdfs} control={control} />;
    if (key === 'videos') return <VideoGrid items={data.videos} control={control} />;
    return <SheetList items={data.sheets} control={control} />;
  };

  return (
    <div style={style}>
      <Tabs
        activeKey={active}
        onChange={(k) => setActive(k as TabKey)}
        size={compact || narrow ? 'middle' : 'large'}
        tabBarGutter={narrow ? token.marginMD : undefined}
        items={RESOURCE_TABS.map((tab) => ({
          key: tab.key,
          label: (
            <span>
              {!narrow && (
                <span aria-hidden style={{ marginInlineEnd: token.marginXS }}>
                  {ICONS[tab.key]}
                </span>
              )}
              {tab.label}
              {data && (
                <Typography.Text
                  type="secondary"
                  aria-hidden
                  style={{ marginInlineStart: token.marginXS, fontSize: token.fontSizeSM }}
                >
                  {data[tab.list].length}
                </Typography.Text>
              )}
            </span>
          ),
          children: body(tab.key),
        }))}
      />
    </div>
  );
}
