import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertCategories, alertTypes, planAlertTypes, plans, subscriptions } from '../../db/schema/index';

export function rightsRepo(db: Db) {
  // Read on every rights check: prepared once, as building it costs more than running it.
  const activePlansQuery = db
    .select({
      id: plans.id,
      name: plans.name,
      amountCents: plans.amountCents,
      features: plans.features,
      endsAt: subscriptions.endsAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, sql.placeholder('userId')),
        lte(subscriptions.startsAt, sql.placeholder('now')),
        or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, sql.placeholder('now'))),
      ),
    )
    .orderBy(asc(subscriptions.startsAt))
    .prepare('rights_active_plans');

  // Also read on every rights check (every alert, trigger and tracker call): prepared as well.
  const typeColumns = {
    id: alertTypes.id,
    name: alertTypes.name,
    category: alertCategories.name,
    rawNote: alertTypes.rawNote,
    position: alertCategories.position,
  };
  const allTypesQuery = db
    .select(typeColumns)
    .from(alertTypes)
    .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId))
    .orderBy(asc(alertCategories.position), asc(alertTypes.id))
    .prepare('rights_all_alert_types');
  const planTypesQuery = db
    .selectDistinct(typeColumns)
    .from(alertTypes)
    .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId))
    .innerJoin(planAlertTypes, eq(planAlertTypes.alertTypeId, alertTypes.id))
    .innerJoin(subscriptions, eq(subscriptions.planId, planAlertTypes.planId))
    .where(
      and(
        eq(subscriptions.userId, sql.placeholder('userId')),
        lte(subscriptions.startsAt, sql.placeholder('now')),
        or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, sql.placeholder('now'))),
      ),
    )
    .orderBy(asc(alertCategories.position), asc(alertTypes.id))
    .prepare('rights_plan_alert_types');

  return {
    /** Plans behind the user's subscriptions that are running at `now`. */
    activePlans(userId: number, now: Date) {
      return activePlansQuery.execute({ userId, now });
    },

    /** Alert types the running plans give, or every type when `all` (super users). */
    alertTypesFor(userId: number, now: Date, all: boolean) {
      return all ? allTypesQuery.execute() : planTypesQuery.execute({ userId, now });
    },
  };
}
