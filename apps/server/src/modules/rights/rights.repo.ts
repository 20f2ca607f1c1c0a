import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertCategories, alertTypes, planAlertTypes, plans, subscriptions } from '../../db/schema/index';

export function rightsRepo(db: Db) {
  const activeSubscription = (userId: number, now: Date) =>
    and(
      eq(subscriptions.userId, userId),
      lte(subscriptions.startsAt, now),
      or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, now)),
    );

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

  return {
    /** Plans behind the user's subscriptions that are running at `now`. */
    activePlans(userId: number, now: Date) {
      return activePlansQuery.execute({ userId, now });
    },

    /** Alert types the running plans give, or every type when `all` (super users). */
    alertTypesFor(userId: number, now: Date, all: boolean) {
      const base = db
        .selectDistinct({
          id: alertTypes.id,
          name: alertTypes.name,
          category: alertCategories.name,
          rawNote: alertTypes.rawNote,
          position: alertCategories.position,
        })
        .from(alertTypes)
        .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId));
      const query = all
        ? base
        : base
            .innerJoin(planAlertTypes, eq(planAlertTypes.alertTypeId, alertTypes.id))
            .innerJoin(subscriptions, eq(subscriptions.planId, planAlertTypes.planId))
            .where(activeSubscription(userId, now));
      return query.orderBy(asc(alertCategories.position), asc(alertTypes.id));
    },
  };
}
