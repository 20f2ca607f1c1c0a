import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { TRIGGER_SORT_KEYWORDS, TRIGGER_SORTS, type TriggerSort } from '@drat/contracts';
import type { Db } from '../../../db/client';
import { alerts, alertTriggers, alertTypes } from '../../../db/schema/index';
import type { TriggerRow } from '../alert.dto';
import { dayEnd, dayStart, descNullsLast, type Page } from '../shared.repo';

const rowColumns = {
  trigger: alertTriggers,
  typeName: alertTypes.name,
  alertPrice: alerts.alertPrice,
  buyRangeLow: alerts.buyRangeLow,
  buyRangeHigh: alerts.buyRangeHigh,
  targetRangeLow: alerts.targetRangeLow,
  targetRangeHigh: alerts.targetRangeHigh,
  stopLoss: alerts.stopLoss,
  rating: alerts.rating,
};

/** True when the note holds any of the sort's words (1-core §4 keywords, case-insensitive). */
function noteHasAny(words: readonly string[]): SQL {
  return or(...words.map((w) => sql`strpos(lower(${alertTriggers.triggerNote}), ${w}) > 0`))!;
}

/**
 * Orders of GET /alerts/triggers: Most Recent walks alert_triggers_type_created_idx (created_at desc
 * nulls last, the index's order; ties sorted by id as they come); a keyword sort
 * puts the triggers whose note matches first (newest first), then the rest, newest first.
 */
function triggerOrder(sort: TriggerSort): SQL[] {
  const words = TRIGGER_SORT_KEYWORDS[sort];
  const recent = [descNullsLast(alertTriggers.createdAt), desc(alertTriggers.id)];
  return words.length === 0 ? recent : [sql`(${noteHasAny(words)}) desc`, ...recent];
}

/** Triggers of live (not soft-deleted) alerts only: a deleted alert takes its triggers with it. */
export function triggersRepo(db: Db) {
  const base = () =>
    db
      .select(rowColumns)
      .from(alertTriggers)
      .innerJoin(alerts, and(eq(alerts.id, alertTriggers.alertId), isNull(alerts.deletedAt)))
      .innerJoin(alertTypes, eq(alertTypes.id, alertTriggers.alertTypeId));

  const pageQueries = Object.fromEntries(
    TRIGGER_SORTS.map((sort, i) => [
      sort,
      base()
        .where(eq(alertTriggers.alertTypeId, sql.placeholder('typeId')))
        .orderBy(...triggerOrder(sort))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`alert_triggers_page_${i}`),
    ]),
  ) as unknown as Record<TriggerSort, { execute(p: Record<string, unknown>): Promise<TriggerRow[]> }>;

  return {
    page(typeId: number, sort: TriggerSort, { limit, offset }: Page): Promise<TriggerRow[]> {
      return pageQueries[sort].execute({ typeId, limit, offset });
    },

    search(
      typeIds: number[],
      filter: { from?: string; to?: string; tickers?: string[] },
      max: number,
    ): Promise<TriggerRow[]> {
      const where: SQL[] = [inArray(alertTriggers.alertTypeId, typeIds)];
      if (filter.from && filter.to)
        where.push(gte(alertTriggers.createdAt, dayStart(filter.from)), lt(alertTriggers.createdAt, dayEnd(filter.to)));
      if (filter.tickers?.length) where.push(inArray(alertTriggers.ticker, filter.tickers));
      return base()
        .where(and(...where))
        .orderBy(descNullsLast(alertTriggers.createdAt), desc(alertTriggers.id))
        .limit(max);
    },

    async tickers(typeIds: number[]): Promise<string[]> {
      const rows = await db
        .selectDistinct({ ticker: alertTriggers.ticker })
        .from(alertTriggers)
        .innerJoin(alerts, and(eq(alerts.id, alertTriggers.alertId), isNull(alerts.deletedAt)))
        .where(inArray(alertTriggers.alertTypeId, typeIds))
        .orderBy(asc(alertTriggers.ticker));
      return rows.map((r) => r.ticker);
    },

    /** The alert id behind a trigger, or undefined. */
    async alertIdOf(triggerId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ alertId: alertTriggers.alertId })
        .from(alertTriggers)
        .where(eq(alertTriggers.id, triggerId))
        .limit(1);
      return row?.alertId;
    },
  };
}
export type TriggersRepo = ReturnType<typeof triggersRepo>;
