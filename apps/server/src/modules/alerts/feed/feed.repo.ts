import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AlertSort, CompletedStatus } from '@drat/contracts';
import type { Pool } from 'pg';
import type { Db } from '../../../db/client';
import { alertCategories, alerts, alertTrackers, alertTypes } from '../../../db/schema/index';
import type { AlertRow } from '../alert.dto';
import { alertFields, dayEnd, dayStart, descNullsLast, type AlertRecord, type Page } from '../shared.repo';

/** Alert, type name and category name; the three lists and look-ups below all read these. */
const rowColumns = { alert: alertFields, typeName: alertTypes.name, category: alertCategories.name };

const trackedBy = (userId: unknown) =>
  sql<boolean>`exists (select 1 from ${alertTrackers} where ${alertTrackers.userId} = ${userId} and ${alertTrackers.alertId} = ${alerts.id})`;

const col = (c: { name: string }) => `"${c.name}"`;
const recent = `${col(alerts.createdAt)} desc nulls last, ${col(alerts.id)} desc nulls last`;

/**
 * Orders of GET /alerts, each served by its partial index on live rows (alerts_type_created_idx,
 * _rating_idx, _risk_idx, _reward_idx: migration 0005), so a page is an index walk with no sort.
 * `id desc` breaks ties, so offset paging never repeats or skips a row.
 * Min Risk: smallest risk first. Min Reward: the alerts promising the most reward first (the
 * "reward at least" reading of the risk-reward field).
 */
const ALERT_ORDER: Record<AlertSort, string> = {
  'Most Recent': recent,
  'Alert Rating': `${col(alerts.rating)} desc nulls last, ${recent}`,
  'Min Risk': `${col(alerts.riskPercent)} asc, ${recent}`,
  'Min Reward': `${col(alerts.rewardPercent)} desc nulls last, ${recent}`,
};

const FIELD_KEYS = Object.keys(alertFields) as (keyof typeof alertFields)[];
const FIELD_LIST = FIELD_KEYS.map((k) => col(alertFields[k])).join(', ');
const OF_TYPE = `${col(alerts.alertTypeId)} = $1 and ${col(alerts.deletedAt)} is null`;

/**
 * The page SQL of a sort ($1 type, $2 limit, $3 offset): the page's ids and row versions (xmin),
 * in order; the same for every caller (their tracked flags are read apart). Near the top it walks
 * the sort's index and stops after the page; `deep` takes the ids from the index alone
 * (index-only) before touching rows.
 */
export function pageSql(sort: AlertSort, deep: boolean): string {
  const order = ALERT_ORDER[sort];
  const where = deep
    ? `${col(alerts.id)} in (select ${col(alerts.id)} from alerts where ${OF_TYPE} order by ${order} limit $2 offset $3)`
    : OF_TYPE;
  return `select ${col(alerts.id)}, xmin::text from alerts where ${where} order by ${order}${deep ? '' : ' limit $2 offset $3'}`;
}

/** Whole alert rows by id, with their row versions ($1 ids). */
const ROWS_SQL = `select ${FIELD_LIST}, xmin::text from alerts where ${col(alerts.id)} = any($1::int[])`;

/** When the alert (half-)completed; the completed lists are ordered by it. */
const completedWhen = sql`coalesce(${alerts.completedAt}, ${alerts.halfCompletedAt}, ${alerts.lastTriggerDate}, ${alerts.createdAt})`;
const completedOrHalf = or(eq(alerts.completed, true), eq(alerts.halfCompleted, true))!;

/** Past this offset a page first reads its ids alone (an index-only walk), then only those rows. */
export const DEEP_OFFSET = 1000;

/** One alert of a page: its id and row version (xmin). */
export interface PageKey {
  id: number;
  version: string;
}

export function feedRepo(db: Db) {
  // drizzle(pool) keeps the pool as $client (Db's type leaves it out).
  const client = (db as unknown as { $client?: Pool }).$client;
  if (!client) throw new Error('feedRepo needs a drizzle database over a pg pool');
  const pool: Pool = client;
  const pageSqls = Object.fromEntries(
    (Object.keys(ALERT_ORDER) as AlertSort[]).map((sort, i) => [
      sort,
      {
        near: { name: `alerts_page_${i}`, text: pageSql(sort, false) },
        deep: { name: `alerts_page_deep_${i}`, text: pageSql(sort, true) },
      },
    ]),
  ) as Record<AlertSort, Record<'near' | 'deep', { name: string; text: string }>>;

  /**
   * The hot read of the alert screens: a page of live alerts of a type as (id, row version), `limit`
   * from `offset`. Plain SQL on the pool (named, prepared statements, rows as arrays): the query
   * builder's per-row mapping cost several times the query itself here.
   */
  async function pageKeys(typeId: number, sort: AlertSort, { limit, offset }: Page): Promise<PageKey[]> {
    const statement = pageSqls[sort][offset > DEEP_OFFSET ? 'deep' : 'near'];
    const result = await pool.query<[number, string]>({
      ...statement,
      values: [typeId, limit, offset],
      rowMode: 'array',
    });
    return result.rows.map(([id, version]) => ({ id, version }));
  }

  /** Whole rows of the alerts `ids` (any order), with their row versions. */
  async function rowsByIds(ids: number[]): Promise<{ alert: AlertRecord; version: string }[]> {
    if (ids.length === 0) return [];
    const result = await pool.query<unknown[]>({
      name: 'alerts_rows_by_ids',
      text: ROWS_SQL,
      values: [ids],
      rowMode: 'array',
    });
    return result.rows.map((row: unknown[]) => {
      const alert: Record<string, unknown> = {};
      for (let i = 0; i < FIELD_KEYS.length; i += 1) alert[FIELD_KEYS[i]!] = row[i];
      return { alert: alert as unknown as AlertRecord, version: row[FIELD_KEYS.length] as string };
    });
  }

  const withUser = (userId: number) =>
    db
      .select({ ...rowColumns, tracked: trackedBy(userId) })
      .from(alerts)
      .innerJoin(alertTypes, eq(alertTypes.id, alerts.alertTypeId))
      .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId));

  return {
    pageKeys,
    rowsByIds,

    /** The ids of every alert the user tracks. */
    async trackedIds(userId: number): Promise<Set<number>> {
      const result = await pool.query<[number]>({
        name: 'alerts_tracked_ids',
        text: `select ${col(alertTrackers.alertId)} from alert_trackers where ${col(alertTrackers.userId)} = $1`,
        values: [userId],
        rowMode: 'array',
      });
      return new Set(result.rows.map(([id]) => id));
    },

    /** Live alerts of the types, filtered by market days and tickers, newest first. */
    search(
      userId: number,
      typeIds: number[],
      filter: { from?: string; to?: string; tickers?: string[] },
      max: number,
    ): Promise<AlertRow[]> {
      const where: SQL[] = [inArray(alerts.alertTypeId, typeIds), isNull(alerts.deletedAt)];
      if (filter.from && filter.to)
        where.push(gte(alerts.createdAt, dayStart(filter.from)), lt(alerts.createdAt, dayEnd(filter.to)));
      if (filter.tickers?.length) where.push(inArray(alerts.ticker, filter.tickers));
      return withUser(userId)
        .where(and(...where))
        .orderBy(descNullsLast(alerts.createdAt), descNullsLast(alerts.id))
        .limit(max);
    },

    /** Distinct tickers of the live alerts of the types, A to Z. */
    async tickers(typeIds: number[]): Promise<string[]> {
      const rows = await db
        .selectDistinct({ ticker: alerts.ticker })
        .from(alerts)
        .where(and(inArray(alerts.alertTypeId, typeIds), isNull(alerts.deletedAt)))
        .orderBy(asc(alerts.ticker));
      return rows.map((r) => r.ticker);
    },

    /**
     * Completed and half-completed alerts, most recently completed first; with `first`, those whose
     * completed_status is `first` come before the others. Deleted alerts only when `withDeleted`.
     */
    completed(
      userId: number,
      typeId: number | undefined,
      first: CompletedStatus | null,
      { limit, offset }: Page,
      withDeleted = false,
    ): Promise<AlertRow[]> {
      const where: SQL[] = [completedOrHalf];
      if (typeId !== undefined) where.push(eq(alerts.alertTypeId, typeId));
      if (!withDeleted) where.push(isNull(alerts.deletedAt));
      const order: SQL[] = first ? [sql`(${alerts.completedStatus} = ${first}) desc`] : [];
      return withUser(userId)
        .where(and(...where))
        .orderBy(...order, sql`${completedWhen} desc`, desc(alerts.id))
        .limit(limit)
        .offset(offset);
    },

    /**
     * The counts behind the win rate (1-core §9), over exactly the rows the completed table shows
     * (completed and half-completed; deleted ones only when `withDeleted`): a win exits above its
     * alert price, a loss below; a half-completed alert's exit so far is its target-1 exit.
     */
    async winCounts(
      typeId: number | undefined,
      withDeleted = false,
    ): Promise<{ wins: number; losses: number; total: number }> {
      const where: SQL[] = [completedOrHalf];
      if (typeId !== undefined) where.push(eq(alerts.alertTypeId, typeId));
      if (!withDeleted) where.push(isNull(alerts.deletedAt));
      const exit = sql`coalesce(${alerts.exitPrice}, ${alerts.halfExitPrice})`;
      const [row] = await db
        .select({
          wins: sql<number>`(count(*) filter (where ${exit} > ${alerts.alertPrice}))::int`,
          losses: sql<number>`(count(*) filter (where ${exit} < ${alerts.alertPrice}))::int`,
          total: sql<number>`count(*)::int`,
        })
        .from(alerts)
        .where(and(...where));
      return row ?? { wins: 0, losses: 0, total: 0 };
    },

    /**
     * Alerts of one type published in [from, to) that are not deleted, the newest `limit` of them
     * oldest first (a bot's replay); or, with `ids`, those alerts. No one's tracked flag.
     */
    async published(
      q: { ids: number[] } | { typeId: number; from: Date; to: Date; limit: number },
    ): Promise<AlertRow[]> {
      const base = db
        .select(rowColumns)
        .from(alerts)
        .innerJoin(alertTypes, eq(alertTypes.id, alerts.alertTypeId))
        .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId));
      if ('ids' in q) {
        if (q.ids.length === 0) return [];
        return base.where(and(inArray(alerts.id, q.ids), isNull(alerts.deletedAt))).orderBy(asc(alerts.id));
      }
      return base
        .where(
          and(
            eq(alerts.alertTypeId, q.typeId),
            isNull(alerts.deletedAt),
            gte(alerts.createdAt, q.from),
            lt(alerts.createdAt, q.to),
          ),
        )
        .orderBy(desc(alerts.createdAt), desc(alerts.id))
        .limit(q.limit)
        .then((rows) => rows.reverse());
    },

    /** One alert by id (deleted ones too: the caller decides), with the caller's tracked flag. */
    async byId(userId: number, id: number): Promise<AlertRow | undefined> {
      const [row] = await withUser(userId).where(eq(alerts.id, id)).limit(1);
      return row;
    },

    /** Soft delete: sets deleted_at on the live ones among `ids`; returns the ids it changed. */
    async softDelete(ids: number[], at: Date): Promise<number[]> {
      const rows = await db
        .update(alerts)
        .set({ deletedAt: at })
        .where(and(inArray(alerts.id, ids), isNull(alerts.deletedAt)))
        .returning({ id: alerts.id });
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },
  };
}
export type FeedRepo = ReturnType<typeof feedRepo>;
