import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Row, Select, Spin } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import {
  ALERT_MSG,
  TRIGGER_PAGE_SIZE,
  TRIGGER_SORTS,
  type AlertCategory,
  type AlertSearchBody,
  type TriggerDto,
  type TriggerSort,
} from '@drat/contracts';
import { CategoryTabs, FilterModal, useCategoryType } from '../alerts';
import { InfiniteFooter } from '../../components/InfiniteFooter';
import { SortMenu } from '../../components/SortMenu';
import { listLoadError } from '../../lib/errors';
import { TriggerCard } from './TriggerCard';
import { useTriggerList, useTriggerSearch, useTriggerTickers } from './queries';

function TriggerGrid({
  triggers,
  category,
  narrow,
}: {
  triggers: TriggerDto[];
  category: AlertCategory | undefined;
  narrow?: boolean;
}) {
  return (
    <Row gutter={[16, 16]}>
      {triggers.map((t) => (
        <Col key={t.id} xs={24} sm={12} lg={narrow ? 12 : 8} xxl={narrow ? 12 : 6}>
          <TriggerCard trigger={t} category={category} />
        </Col>
      ))}
    </Row>
  );
}

/** Triggers (1-core §2 "Triggers screen"): tabs, type picker, sorts, an infinite grid and a filter. */
export function TriggersPage() {
  const state = useCategoryType();
  const [sort, setSort] = useState<TriggerSort>('Most Recent');
  const [filterOpen, setFilterOpen] = useState(false);
  const [search, setSearch] = useState<AlertSearchBody | null>(null);
  const typeName = state.type?.name;
  const list = useTriggerList(typeName, sort, TRIGGER_PAGE_SIZE);
  const tickers = useTriggerTickers(state.category, filterOpen);
  const results = useTriggerSearch(search);

  if (!state.type) {
    return (
      <Card>
        <Empty description="Your plan has no alert types yet." />
      </Card>
    );
  }
  // A failed load-more simply stops paging (1-core §4); only a failed first load is shown.
  const firstLoadFailed = list.isError && list.items.length === 0;

  return (
    <Flex vertical gap={16}>
      <Card styles={{ body: { paddingTop: 4 } }}>
        <CategoryTabs state={state} />
        <Flex wrap gap={8} justify="space-between">
          <Select
            value={typeName}
            onChange={state.setType}
            options={state.types.map((t) => ({ value: t.name, label: t.name }))}
            style={{ minWidth: 220 }}
            aria-label="Alert type"
          />
          <Flex wrap gap={8}>
            <SortMenu sorts={TRIGGER_SORTS} value={sort} onChange={setSort} label="Sort triggers" />
            <Button icon={<FilterOutlined />} onClick={() => setFilterOpen(true)}>
              Filter
            </Button>
          </Flex>
        </Flex>
      </Card>

      {firstLoadFailed && (
        <Alert
          type="error"
          showIcon
          title={listLoadError(
            list.error,
            ALERT_MSG.noPermissionTriggers(typeName ?? ''),
            ALERT_MSG.fetchTriggersFailed,
          )}
        />
      )}
      {list.isLoading && <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />}
      {list.isSuccess && list.items.length === 0 && (
        <Card>
          <Empty description={`No triggers for ${typeName} yet.`} />
        </Card>
      )}
      {list.items.length > 0 && <TriggerGrid triggers={list.items} category={state.category} />}
      <InfiniteFooter
        show={list.items.length > 0}
        hasMore={list.hasNextPage && !list.isFetchNextPageError}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        endText={ALERT_MSG.noMoreResults}
      />

      <FilterModal
        open={filterOpen}
        onClose={() => setFilterOpen(false)}
        title="Filter Trigger"
        category={state.category}
        tickers={tickers.data ?? []}
        tickersLoading={tickers.isLoading}
        onSearch={setSearch}
        searching={results.isFetching}
      >
        {results.isError && <Alert type="error" showIcon title={results.error.message} />}
        {results.isSuccess && results.data.length === 0 && <Empty description={ALERT_MSG.noResults} />}
        {results.data && results.data.length > 0 && (
          <TriggerGrid triggers={results.data} category={state.category} narrow />
        )}
      </FilterModal>
    </Flex>
  );
}
