import { useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Col, Empty, Flex, Row, Segmented, Spin } from 'antd';
import {
  AppstoreOutlined,
  FilterOutlined,
  FolderOpenOutlined,
  HistoryOutlined,
  KeyOutlined,
  PlusOutlined,
  ReadOutlined,
  TableOutlined,
} from '@ant-design/icons';
import {
  ALERT_MSG,
  ALERT_PAGE_SIZE,
  ALERT_SORTS,
  ALERT_TABLE_PAGE_SIZE,
  type AlertDto,
  type AlertSearchBody,
  type AlertSort,
} from '@drat/contracts';
import { useSession } from '../../app/session';
import { AlertCard, type AlertActions, type Selection } from './AlertCard';
import { CategoryTabs, TypePills, useCategoryType } from './categories';
import { DeletionControls, useDeletionMode } from './DeletionControls';
import { FilterModal } from './filterDialog';
import { InfiniteFooter } from '../../components/InfiniteFooter';
import { SortMenu } from '../../components/SortMenu';
import { listLoadError } from '../../lib/errors';
import { lazyDialog, lazyPart } from '../../lib/lazyPage';
import { useAlertList, useAlertSearch, useAlertTickers, useTrackAlert } from './queries';
import { AlertTypeResourcesModal } from '../resources';

type View = 'cards' | 'table';

// Parts fetched when first shown: the table view (the page opens on cards) and the dialogs (the
// HTML sanitizer of the notes, the publishing forms, an alert's notes and more info: antd's Modal).
const NotesModal = lazyDialog(
  async () => (await import('./AlertModals')).NotesModal,
  (p) => p.alert !== null,
);
const MoreInfoModal = lazyDialog(
  async () => (await import('./AlertModals')).MoreInfoModal,
  (p) => p.alert !== null,
);
const ImportantNotesModal = lazyDialog(
  async () => (await import('./TypeInfoModals')).ImportantNotesModal,
  (p) => p.open,
);
const NewAlertDrawer = lazyDialog(
  async () => (await import('./NewAlertDrawer')).NewAlertDrawer,
  (p) => p.open,
);
const PublisherKeysModal = lazyDialog(
  async () => (await import('./PublisherKeysModal')).PublisherKeysModal,
  (p) => p.open,
);
const AlertTable = lazyPart(
  async () => (await import('./AlertTable')).AlertTable,
  <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />,
);

type Dialog = 'notes' | 'resources' | 'filter' | 'new' | 'keys' | null;

/** A button that is a link: it opens in this tab through the router, or in a new one as any link. */
function PageLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  const open = (e: MouseEvent<HTMLElement>) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <Button href={to} icon={icon} onClick={open}>
      {children}
    </Button>
  );
}

export function AlertGrid({
  alerts,
  actions,
  selection,
}: {
  alerts: AlertDto[];
  actions: AlertActions;
  selection?: Selection;
}) {
  return (
    <Row gutter={[16, 16]}>
      {alerts.map((a) => (
        <Col key={a.id} xs={24} md={12} xl={8} xxl={6}>
          <AlertCard alert={a} actions={actions} selection={selection} />
        </Col>
      ))}
    </Row>
  );
}

/** A completed-alerts page opened on this category and type (it falls back to its first tab). */
const completedLink = (path: string, category: string | undefined, type: string | undefined) => {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (type) query.set('type', type);
  return `${path}?${query.toString()}`;
};

/**
 * The drawer an alert's Trade opens (smart trades' AlertTradeDrawer), handed in by the page's row
 * (app/pages.tsx): smart trades show an alert's card, so alerts does not import smart trades back.
 */
export type TradeDrawerOf = ComponentType<{ alert: AlertDto | null; onClose: () => void }>;

/** The alert list (1-core §2 "Alerts screen"). */
export function AlertsPage({ TradeDrawer }: { TradeDrawer: TradeDrawerOf }) {
  const session = useSession()!;
  const state = useCategoryType();
  const [view, setView] = useState<View>('cards');
  const [sort, setSort] = useState<AlertSort>('Most Recent');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notesOf, setNotesOf] = useState<AlertDto | null>(null);
  const [infoOf, setInfoOf] = useState<AlertDto | null>(null);
  const [tradeOf, setTradeOf] = useState<AlertDto | null>(null);
  const [search, setSearch] = useState<AlertSearchBody | null>(null);
  const deletion = useDeletionMode();
  const { track, isTracking } = useTrackAlert();

  const typeName = state.type?.name;
  const list = useAlertList(typeName, sort, view === 'cards' ? ALERT_PAGE_SIZE : ALERT_TABLE_PAGE_SIZE);
  const tickers = useAlertTickers(state.category, dialog === 'filter');
  const results = useAlertSearch(search);
  const actions: AlertActions = {
    isTracking,
    onTrack: track,
    onNotes: setNotesOf,
    onMoreInfo: setInfoOf,
    onTrade: setTradeOf,
  };
  const close = () => setDialog(null);

  if (state.categories.length === 0 || !state.type) {
    return (
      <Card>
        <Empty description="Your plan has no alert types yet." />
      </Card>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Card styles={{ body: { paddingTop: 4 } }}>
        <CategoryTabs state={state} />
        <TypePills state={state} />
      </Card>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Flex wrap gap={8}>
          {state.type.raw_note.trim() && (
            <Button icon={<ReadOutlined />} onClick={() => setDialog('notes')}>
              Important Notes
            </Button>
          )}
          <Button icon={<FolderOpenOutlined />} onClick={() => setDialog('resources')}>
            Resources
          </Button>
          <Button icon={<FilterOutlined />} onClick={() => setDialog('filter')}>
            Filter
          </Button>
          {/* How this type's alerts played out (1-core §2): the same tab and type, when it has one there. */}
          <PageLink to={completedLink('/completed-alerts', state.category, typeName)} icon={<HistoryOutlined />}>
            Completed Alerts
          </PageLink>
          {session.is_super && (
            <PageLink
              to={completedLink('/admin-completed-alerts', state.category, typeName)}
              icon={<HistoryOutlined />}
            >
              Completed Alerts (Admin View)
            </PageLink>
          )}
          {session.is_super && <DeletionControls mode={deletion} />}
          {session.is_super && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')}>
              New alert
            </Button>
          )}
          {session.is_super && (
            <Button icon={<KeyOutlined />} onClick={() => setDialog('keys')}>
              Publisher keys
            </Button>
          )}
        </Flex>
        <Flex wrap gap={8}>
          <Segmented<View>
            value={view}
            onChange={setView}
            options={[
              { value: 'cards', icon: <AppstoreOutlined />, label: 'Cards' },
              { value: 'table', icon: <TableOutlined />, label: 'Table' },
            ]}
          />
          <SortMenu sorts={ALERT_SORTS} value={sort} onChange={setSort} label="Sort alerts" />
        </Flex>
      </Flex>

      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={listLoadError(list.error, ALERT_MSG.noPermissionAlerts(typeName ?? ''), ALERT_MSG.fetchAlertsFailed)}
        />
      )}
      {list.isLoading && <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />}
      {list.isSuccess && list.items.length === 0 && (
        <Card>
          <Empty description={`No ${typeName} alerts yet.`} />
        </Card>
      )}
      {list.items.length > 0 &&
        (view === 'cards' ? (
          <AlertGrid alerts={list.items} actions={actions} selection={deletion.selection} />
        ) : (
          <AlertTable alerts={list.items} actions={actions} selection={deletion.selection} loading={false} />
        ))}
      <InfiniteFooter
        show={list.items.length > 0}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        endText={ALERT_MSG.endOfAlerts}
      />

      <ImportantNotesModal type={state.type} open={dialog === 'notes'} onClose={close} />
      <AlertTypeResourcesModal alertType={state.type} open={dialog === 'resources'} onClose={close} />
      <FilterModal
        open={dialog === 'filter'}
        onClose={close}
        title="Filter Alert"
        category={state.category}
        tickers={tickers.data ?? []}
        tickersLoading={tickers.isLoading}
        onSearch={setSearch}
        searching={results.isFetching}
      >
        {results.isError && <Alert type="error" showIcon title={results.error.message} />}
        {results.isSuccess && results.data.length === 0 && <Empty description={ALERT_MSG.noResults} />}
        {results.data && results.data.length > 0 && (
          <Row gutter={[12, 12]}>
            {results.data.map((a) => (
              <Col key={a.id} xs={24} sm={12}>
                <AlertCard alert={a} actions={actions} />
              </Col>
            ))}
          </Row>
        )}
      </FilterModal>
      {session.is_super && <NewAlertDrawer open={dialog === 'new'} onClose={close} defaultType={state.type.name} />}
      {session.is_super && <PublisherKeysModal open={dialog === 'keys'} onClose={close} />}
      <NotesModal alert={notesOf} onClose={() => setNotesOf(null)} />
      <MoreInfoModal alert={infoOf} onClose={() => setInfoOf(null)} />
      <TradeDrawer alert={tradeOf} onClose={() => setTradeOf(null)} />
    </Flex>
  );
}
