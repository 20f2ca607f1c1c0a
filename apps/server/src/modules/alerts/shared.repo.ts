import { sql, type SQL } from 'drizzle-orm';
import { alerts, type alertTriggers, type Embed } from '../../db/schema/index';

/** An alert row as stored, every column. */
export type StoredAlert = typeof alerts.$inferSelect;
/** A trigger row as stored. */
export type TriggerRecord = typeof alertTriggers.$inferSelect;
export type { Embed };

/** SQL pieces the alert area's repositories share. */

export interface Page {
  limit: number;
  offset: number;
}

/**
 * The alert columns the API reads: what toAlertDto maps, and deleted_at for the callers that check
 * it. Lists select only these (the page read parses no column it does not send).
 */
export const alertFields = {
  id: alerts.id,
  alertTypeId: alerts.alertTypeId,
  ticker: alerts.ticker,
  companyName: alerts.companyName,
  rating: alerts.rating,
  alertPrice: alerts.alertPrice,
  buyRangeLow: alerts.buyRangeLow,
  buyRangeHigh: alerts.buyRangeHigh,
  targetRangeLow: alerts.targetRangeLow,
  targetRangeHigh: alerts.targetRangeHigh,
  stopLoss: alerts.stopLoss,
  riskPercent: alerts.riskPercent,
  rewardPercent: alerts.rewardPercent,
  embeds: alerts.embeds,
  notes: alerts.notes,
  strategy: alerts.strategy,
  singleExpiration: alerts.singleExpiration,
  singleStrike: alerts.singleStrike,
  legOneExpiration: alerts.legOneExpiration,
  legOneStrike: alerts.legOneStrike,
  legOneType: alerts.legOneType,
  legTwoStrike: alerts.legTwoStrike,
  legTwoType: alerts.legTwoType,
  latestPrice: alerts.latestPrice,
  halfCompleted: alerts.halfCompleted,
  completed: alerts.completed,
  completedStatus: alerts.completedStatus,
  halfExitPrice: alerts.halfExitPrice,
  exitPrice: alerts.exitPrice,
  plDollar: alerts.plDollar,
  plPercent: alerts.plPercent,
  lastTriggerDate: alerts.lastTriggerDate,
  deletedAt: alerts.deletedAt,
  createdAt: alerts.createdAt,
};

export type AlertRecord = Pick<typeof alerts.$inferSelect, keyof typeof alertFields>;

/** Days are market (New York) days: [from 00:00, to + 1 day 00:00) in America/New_York. */
export const MARKET_TZ = 'America/New_York';

export function dayStart(day: string): SQL {
  return sql`((${day})::date)::timestamp at time zone ${sql.raw(`'${MARKET_TZ}'`)}`;
}
export function dayEnd(day: string): SQL {
  return sql`(((${day})::date) + 1)::timestamp at time zone ${sql.raw(`'${MARKET_TZ}'`)}`;
}

/** `col desc nulls last`: the order the indexes store (drizzle's `.desc()`), so that they serve it. */
export const descNullsLast = (column: unknown) => sql`${column} desc nulls last`;
