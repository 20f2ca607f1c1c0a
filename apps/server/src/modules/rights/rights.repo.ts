import { asc, eq } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Db } from '../../db/client';
import { alertCategories, alertTypes, planAlertTypes } from '../../db/schema/index';

/** A plan a user's subscription runs on. */
export interface RunningPlan {
  planId: number;
  name: string;
  amountCents: number;
  features: string[];
  endsAt: Date | null;
}

export function rightsRepo(db: Db) {
  // Read on every rights check (every alert, trigger and tracker call), in one round trip: the
  // running plans and a version of the alert-type catalogue (types, categories and which plan gives
  // which type), which changes whenever any of their rows does (a new row version has a new xmin).
  // The catalogue itself is read again only when its version moved. A named statement on the pool.
  const pool = (db as unknown as { $client?: Pool }).$client;
  const versionOf = (table: string) => `(select coalesce(sum(xmin::text::bigint), 0) || '/' || count(*) from ${table})`;
  const plansAndVersionStatement = {
    name: 'rights_plans_and_catalogue_version',
    text: `select v.version, a.plan_id, a.features, a.ends_at, a.name, a.amount_cents
             from (select ${versionOf('alert_types')} || ':' || ${versionOf('alert_categories')} || ':' ||
                          ${versionOf('plan_alert_types')} as version) v
             left join lateral (
               select s.plan_id, p.features, s.starts_at, s.ends_at, p.name, p.amount_cents
                 from subscriptions s join plans p on p.id = s.plan_id
                where s.user_id = $1 and s.starts_at <= $2 and (s.ends_at is null or s.ends_at > $2)) a on true
            order by a.starts_at`,
  };
  const catalogueTypes = db
    .select({
      id: alertTypes.id,
      name: alertTypes.name,
      category: alertCategories.name,
      rawNote: alertTypes.rawNote,
    })
    .from(alertTypes)
    .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId))
    .orderBy(asc(alertCategories.position), asc(alertTypes.id));

  return {
    /**
     * The plans running at `now` (id, name, price, features and end, oldest first) and the
     * catalogue's version.
     */
    async plansAndCatalogueVersion(userId: number, now: Date): Promise<{ version: string; plans: RunningPlan[] }> {
      if (!pool) throw new Error('rightsRepo needs a drizzle database over a pg pool');
      const { rows } = await pool.query<
        [string, number | null, string[] | null, Date | null, string | null, number | null]
      >({
        ...plansAndVersionStatement,
        values: [userId, now],
        rowMode: 'array',
      });
      return {
        version: rows[0]![0],
        plans: rows.flatMap(([, planId, features, endsAt, name, amountCents]) =>
          planId === null
            ? []
            : [{ planId, name: name ?? '', amountCents: amountCents ?? 0, features: features ?? [], endsAt }],
        ),
      };
    },

    /** Every alert type in category order, and which plans give which type. */
    async catalogue(): Promise<{
      types: { id: number; name: string; category: string; rawNote: string }[];
      planTypes: { planId: number; alertTypeId: number }[];
    }> {
      const [types, planTypes] = await Promise.all([
        catalogueTypes,
        db.select({ planId: planAlertTypes.planId, alertTypeId: planAlertTypes.alertTypeId }).from(planAlertTypes),
      ]);
      return { types, planTypes };
    },
  };
}
export type RightsRepo = ReturnType<typeof rightsRepo>;
