import {
  ALERT_MSG,
  COMPLETED_SORT_STATUS,
  COMPLETED_SORTS,
  NO_RISK_REWARD_SORT_CATEGORIES,
  SEARCH_MAX_RESULTS,
  type AdminCompletedAlertsResponse,
  type AlertCategory,
  type AlertDto,
  type AlertLiveDto,
  type AlertSearchBody,
  type AlertsPage,
  type AlertsQuery,
  type AlertSort,
  type AllAlertsResponse,
  type CompletedAlertsResponse,
  type CompletedSort,
  type CompletedStatus,
} from '@drat/contracts';
import type { Logger } from 'pino';
import { createReadCache, NO_CACHES, type CacheDeps } from '../../../db/read-cache';
import { DomainError } from '../../../core/errors';
import type { MarketDataProvider } from '../../../providers/market/interface';
import { assertEntitled, badRequest, entitledType, entitledTypesOf, searchFilter, type Caller } from '../access';
import { num, req, toAlertDto } from '../alert.dto';
import type { Page } from '../shared.repo';
import type { FeedRepo, PageKey } from './feed.repo';
import { closeJson, createAlertJsonCache, openJson } from './json-cache';
import { liveProfit, winRate } from '@drat/engine';

export interface FeedServiceDeps {
  repo: FeedRepo;
  market: MarketDataProvider;
  log: Logger;
  now: () => Date;
  /** Read caches for the pages and tracked alerts (off when absent). */
  caches?: CacheDeps;
}

/** How long the live-price view waits for the market before it falls back to stored prices. */
const QUOTES_TIMEOUT_MS = 3000;

/** The alert lists, search, completed alerts, live-price view and soft deletion (1-core §7). */
export function createFeedService({ repo, market, log, now, caches = NO_CACHES }: FeedServiceDeps) {
  const jsonCache = createAlertJsonCache();
  // Pages are the same for every caller of a type: (type, sort, limit, offset) → ids and versions,
  // forgotten on any change to alerts. Tracked alerts per user, forgotten on the user's tracker
  // changes. Both through the change feed (src/db/read-cache.ts).
  const pagesCache = createReadCache<PageKey[]>({ ...caches, topics: ['alerts'], maxEntries: 10_000 });
  const trackedCache = createReadCache<Set<number>>({ ...caches, topics: ['trackers'], maxEntries: 50_000 });
  const pageKeys = (typeId: number, sort: AlertSort, page: Page) =>
    pagesCache.read(`${typeId}|${sort}|${page.limit}|${page.offset}`, () => repo.pageKeys(typeId, sort, page));
  const trackedBy = (userId: number) => trackedCache.read(String(userId), () => repo.trackedIds(userId));

  function completedSort(sort: string | undefined): CompletedStatus | null {
    const s = (sort ?? 'Most Recent') as CompletedSort;
    if (!COMPLETED_SORTS.includes(s)) throw badRequest(ALERT_MSG.cannotSortCompleted);
    return COMPLETED_SORT_STATUS[s];
  }

  /** Last prices by ticker from the market; empty when it cannot answer in time (stored prices then). */
  async function lastPrices(tickers: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (tickers.length === 0) return out;
    let timer: NodeJS.Timeout | undefined;
    try {
      const quotes = await Promise.race([
        market.quotes(tickers),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('quotes timed out')), QUOTES_TIMEOUT_MS);
        }),
      ]);
      for (const q of quotes) if (Number.isFinite(q.last) && q.last > 0) out.set(q.symbol.toUpperCase(), q.last);
    } catch (err) {
      log.warn({ err }, 'live-price view: market quotes unavailable, using stored latest prices');
    } finally {
      clearTimeout(timer);
    }
    return out;
  }

  /**
   * GET /alerts: one page of a type's alerts as the response's JSON text (AlertsPage); `hasMore`
   * from reading one alert past the page. Alerts already sent in their current row version come
   * from the JSON cache; only the others are read whole.
   */
  async function pageJson({ userId, rights }: Caller, q: AlertsQuery): Promise<string> {
    const type = entitledType(rights, q.name, 'alerts');
    if (NO_RISK_REWARD_SORT_CATEGORIES.includes(type.category)) {
      if (q.sort === 'Min Risk') throw badRequest(ALERT_MSG.cannotSortMinRisk);
      if (q.sort === 'Min Reward') throw badRequest(ALERT_MSG.cannotSortMinReward);
    }
    const [keys, tracked] = await Promise.all([
      pageKeys(type.id, q.sort, { limit: q.limit + 1, offset: q.offset }),
      trackedBy(userId),
    ]);
    const hasMore = keys.length > q.limit;
    const page = hasMore ? keys.slice(0, q.limit) : keys;
    const opens = new Map<number, string>();
    const missing: number[] = [];
    for (const k of page) {
      const open = jsonCache.get(k.id, k.version);
      if (open === undefined) missing.push(k.id);
      else opens.set(k.id, open);
    }
    for (const { alert, version } of await repo.rowsByIds(missing)) {
      const open = openJson({
        ...toAlertDto({ alert, typeName: type.name, category: type.category }),
        tracked: undefined,
      });
      jsonCache.set(alert.id, version, open);
      opens.set(alert.id, open);
    }
    // An alert deleted between the two reads is left out.
    const items = page.flatMap((k) => {
      const open = opens.get(k.id);
      return open === undefined ? [] : [closeJson(open, tracked.has(k.id))];
    });
    return `{"alerts":[${items.join(',')}],"hasMore":${hasMore}}`;
  }

  return {
    pageJson,
    /** This process's own tracker writes show at once, without waiting for the change feed. */
    forgetTracked: (userId: number) => trackedCache.forget(String(userId)),

    /** GET /alerts as an object (AlertsPage). */
    async page(caller: Caller, q: AlertsQuery): Promise<AlertsPage> {
      return JSON.parse(await pageJson(caller, q)) as AlertsPage;
    },

    /** GET /alerts/tickers: tickers of the live alerts of the caller's types in the category. */
    async tickers({ rights }: Caller, category: AlertCategory): Promise<{ data: string[] }> {
      const types = entitledTypesOf(rights, category, 'alerts');
      return { data: await repo.tickers(types.map((t) => t.id)) };
    },

    /** POST /alerts/search/: by market days and/or tickers; 'No results.' with an empty list. */
    async search({ userId, rights }: Caller, body: AlertSearchBody): Promise<{ data: AlertDto[]; message?: string }> {
      const filter = searchFilter(body);
      const types = entitledTypesOf(rights, body.category, 'alerts');
      const rows = await repo.search(
        userId,
        types.map((t) => t.id),
        filter,
        SEARCH_MAX_RESULTS,
      );
      if (rows.length === 0) return { data: [], message: ALERT_MSG.noResults };
      return { data: rows.map(toAlertDto) };
    },

    /** DELETE /alerts/batch-delete (super users): soft delete; the rows stay. */
    async softDelete(ids: number[]): Promise<{ message: string; deleted: number[] }> {
      const deleted = await repo.softDelete(ids, now());
      pagesCache.clear(); // the deleter's next read must not wait for the change feed
      return { message: ALERT_MSG.deleted, deleted };
    },

    /** GET /alerts/completed-alerts: completed and half-completed alerts of a type, and its win rate. */
    async completed(
      { userId, rights }: Caller,
      q: { name: string; sort?: string } & Page,
    ): Promise<CompletedAlertsResponse> {
      const type = entitledType(rights, q.name, 'alerts');
      const first = completedSort(q.sort);
      const [rows, counts] = await Promise.all([
        repo.completed(userId, type.id, first, { limit: q.limit + 1, offset: q.offset }),
        repo.winCounts(type.id),
      ]);
      const hasMore = rows.length > q.limit;
      return {
        data: (hasMore ? rows.slice(0, q.limit) : rows).map(toAlertDto),
        hasMore,
        win_rate: winRate(counts.wins, counts.total),
        ...counts,
      };
    },

    /** GET /alerts/admin-completed-alerts (super users): deleted alerts too, flagged; every type without a name. */
    async adminCompleted(
      { userId, rights }: Caller,
      q: { name?: string; sort?: string } & Page,
    ): Promise<AdminCompletedAlertsResponse> {
      const typeId = q.name === undefined ? undefined : entitledType(rights, q.name, 'alerts').id;
      const first = completedSort(q.sort);
      const [rows, counts] = await Promise.all([
        repo.completed(userId, typeId, first, { limit: q.limit + 1, offset: q.offset }, true),
        repo.winCounts(typeId, true),
      ]);
      const hasMore = rows.length > q.limit;
      return {
        data: (hasMore ? rows.slice(0, q.limit) : rows).map((r) => ({
          ...toAlertDto(r),
          deleted: r.alert.deletedAt !== null,
        })),
        hasMore,
        win_rate: winRate(counts.wins, counts.total),
        ...counts,
      };
    },

    /**
     * GET /alerts/all-alerts: every live alert of a type, newest first, with the market's last price
     * now, the P/L against the alert price and a coarse status. Option alerts keep their stored
     * latest price (the option's, which the underlying's quote is not).
     */
    async allAlerts({ userId, rights }: Caller, q: { name: string } & Page): Promise<AllAlertsResponse> {
      const type = entitledType(rights, q.name, 'alerts');
      const [keys, tracked] = await Promise.all([
        pageKeys(type.id, 'Most Recent', { limit: q.limit + 1, offset: q.offset }),
        trackedBy(userId),
      ]);
      const hasMore = keys.length > q.limit;
      const shown = hasMore ? keys.slice(0, q.limit) : keys;
      const byId = new Map((await repo.rowsByIds(shown.map((k) => k.id))).map((r) => [r.alert.id, r]));
      const named = { typeName: type.name, category: type.category };
      // An alert deleted between the two reads is left out.
      const page = shown.flatMap((k) => {
        const row = byId.get(k.id);
        return row ? [{ alert: row.alert, tracked: tracked.has(k.id), ...named }] : [];
      });
      const quoted = type.category === 'OPTIONS' ? [] : [...new Set(page.map((r) => r.alert.ticker))];
      const prices = await lastPrices(quoted);
      const data = page.map((r): AlertLiveDto => {
        const dto = toAlertDto(r);
        const live = prices.get(r.alert.ticker.toUpperCase()) ?? num(r.alert.latestPrice);
        const { pl, percent } = liveProfit(req(r.alert.alertPrice), live);
        return {
          ...dto,
          live_price: live,
          live_p_l: pl,
          live_p_l_percent: percent,
          alert_status: r.alert.completed ? 'COMPLETED' : r.alert.halfCompleted ? 'HALF COMPLETED' : 'ONGOING',
        };
      });
      return { data, hasMore };
    },

    /**
     * GET /alerts/pl-alert: the alert behind a profit/loss entry. A soft-deleted alert is still
     * returned here: trades made from it keep pointing at it.
     */
    async plAlert({ userId, rights }: Caller, alertId: number): Promise<{ data: AlertDto }> {
      const row = await repo.byId(userId, alertId);
      if (!row) throw new DomainError('NOT_FOUND', ALERT_MSG.plAlertFailed);
      assertEntitled(rights, row.alert.alertTypeId, row.typeName, 'alerts');
      return { data: toAlertDto(row) };
    },

    /**
     * Published alerts for the areas that act on them (money-management bots): by id, or one type's
     * in [from, to) oldest first; deleted ones left out. Nobody's rights: the caller is a job.
     */
    async published(
      q: { ids: number[] } | { typeId: number; from: Date; to: Date; limit: number },
    ): Promise<AlertDto[]> {
      return (await repo.published(q)).map((row) => toAlertDto(row));
    },

    /** One live alert the caller may see, or a 404 / 403 (tracker-alert). */
    async visibleAlert({ userId, rights }: Caller, alertId: number): Promise<AlertDto> {
      const row = await repo.byId(userId, alertId);
      if (!row || row.alert.deletedAt !== null) throw new DomainError('NOT_FOUND', ALERT_MSG.alertNotFound);
      assertEntitled(rights, row.alert.alertTypeId, row.typeName, 'alerts');
      return toAlertDto(row);
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
