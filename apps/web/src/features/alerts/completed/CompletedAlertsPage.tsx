import { useState } from 'react';
import { Alert, Card, Flex, Statistic, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import {
  ALERT_CATEGORIES,
  COMPLETED_SORTS,
  MSG,
  type AlertCategory,
  type AlertDto,
  type CompletedSort,
  type WinRate,
} from '@drat/contracts';
import { ApiError } from '../../../api/client';
import { useMarketColors } from '../../../lib/marketColors';
import { useQuotes } from '../../../lib/live';
import { CategoryTabs, TypePills, useCategoryType } from '../categories';
import { useAllAlertsOfType, useCompletedAlerts } from '../queries';
import { completedColumns, livePriceColumns } from './columns';
import { SortMenu } from '../../../components/SortMenu';
import { lazyDialog } from '../../../lib/lazyPage';
import { CompletedTable, ExportButton } from './CompletedTable';

/** An alert's card, opened from its row: fetched the first time (antd's Modal with it). */
const ViewAlertModal = lazyDialog(
  async () => (await import('./ViewAlertModal')).ViewAlertModal,
  (p) => p.alert !== null,
);

const USER_TABS: readonly AlertCategory[] = ['OPTIONS', 'STOCKS', 'OTC'];

export const LIVE_VIEW_LINK = 'View Records In Relation To Live Price';
export const COMPLETED_VIEW_LINK = 'View COMPLETED Alerts Record';

function WinRateBox({ rate }: { rate: WinRate | undefined }) {
  return (
    <Card size="small" style={{ minWidth: 220 }} data-testid="win-rate">
      <Statistic
        title="Win rate"
        prefix={<TrophyOutlined />}
        value={rate ? rate.win_rate.toFixed(2) : '—'}
        suffix={rate ? '%' : undefined}
      />
      {rate && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {rate.wins} won · {rate.losses} lost · {rate.total} completed
        </Typography.Text>
      )}
    </Card>
  );
}

/** 'There was an error' for a failed load (1-core §8); the server's own text for a sort it cannot do. */
const loadError = (err: Error) => (err instanceof ApiError && err.status === 400 ? err.message : MSG.thereWasAnError);

/**
 * Completed alerts (1-core §2), and the super users' admin view of them: tabs, type pills, sort,
 * win rate, export, and for STOCKS a second table of the alerts against the live price.
 */
export function CompletedAlertsPage({ admin = false }: { admin?: boolean }) {
  const state = useCategoryType(admin ? ALERT_CATEGORIES : USER_TABS);
  const colors = useMarketColors();
  const [sort, setSort] = useState<CompletedSort>('Most Recent');
  const [liveView, setLiveView] = useState(false);
  const [viewing, setViewing] = useState<AlertDto | null>(null);
  const typeName = state.type?.name;
  const showLive = liveView && state.category === 'STOCKS';
  const completed = useCompletedAlerts(admin ? 'admin' : 'user', typeName, sort);
  const all = useAllAlertsOfType(typeName, showLive);
  const liveRows = all.data ?? [];
  const quotes = useQuotes(showLive ? liveRows.map((a) => a.ticker) : [], { fetch: false });

  if (!state.type) {
    return (
      <Card>
        <Typography.Text type="secondary">Your plan has no completed-alert records to show.</Typography.Text>
      </Card>
    );
  }

  const filename = `${typeName}-${showLive ? 'live-price' : 'completed'}-${new Date().toISOString().slice(0, 10)}`;
  const doneColumns = completedColumns(state.category === 'OPTIONS', colors);
  const liveColumns = livePriceColumns(colors, quotes);
  const doneRows = completed.data?.data ?? [];
  const error = showLive ? all.error : completed.error;

  return (
    <Flex vertical gap={16}>
      <Card styles={{ body: { paddingTop: 4 } }}>
        <CategoryTabs state={state} />
        <TypePills state={state} />
      </Card>
      <Flex wrap gap={12} justify="space-between" align="end">
        <Flex wrap gap={8} align="center">
          {!showLive && (
            <SortMenu sorts={COMPLETED_SORTS} value={sort} onChange={setSort} label="Sort completed alerts" />
          )}
          {showLive ? (
            <ExportButton columns={liveColumns} rows={liveRows} filename={filename} sheet={typeName ?? ''} />
          ) : (
            <ExportButton columns={doneColumns} rows={doneRows} filename={filename} sheet={typeName ?? ''} />
          )}
          {state.category === 'STOCKS' && (
            <Typography.Link onClick={() => setLiveView(!liveView)}>
              {showLive ? COMPLETED_VIEW_LINK : LIVE_VIEW_LINK}
            </Typography.Link>
          )}
        </Flex>
        <WinRateBox rate={completed.data} />
      </Flex>
      {error && <Alert type="error" showIcon title={loadError(error)} />}
      {showLive ? (
        <CompletedTable
          columns={liveColumns}
          rows={liveRows}
          loading={all.isLoading}
          emptyText="No alerts of this type yet."
          showDeleted={false}
          onView={setViewing}
        />
      ) : (
        <CompletedTable
          columns={doneColumns}
          rows={doneRows}
          loading={completed.isLoading}
          emptyText="No completed alerts of this type yet."
          showDeleted={admin}
          onView={setViewing}
        />
      )}
      <ViewAlertModal alert={viewing} onClose={() => setViewing(null)} />
    </Flex>
  );
}
