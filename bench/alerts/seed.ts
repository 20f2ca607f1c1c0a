/**
 * Fills a DRAT database with many alerts in one INSERT … SELECT (100,000 take a few seconds).
 * Shared by the alert benches; the database must already be migrated and hold the catalogue.
 */
import type pg from 'pg';

export interface SeedOptions {
  count: number;
  /** The alert type that gets `focusShare` of the alerts; the rest are spread over every type. */
  focusType: string;
  focusShare: number;
  /** Share of the alerts that are completed (TARGET 2 or STOP) or half-completed. */
  completedShare?: number;
}

export interface SeedResult {
  count: number;
  focusCount: number;
  ms: number;
}

/**
 * Alerts one minute apart going back from now, 2,000 tickers, ratings 1..5, realistic prices, risk
 * and reward percents, three embed fields, about a third completed or half-completed. VACUUM ANALYZEs
 * the table afterwards (as autovacuum would), so the planner sees the real sizes.
 */
export async function seedAlerts(pool: pg.Pool, o: SeedOptions): Promise<SeedResult> {
  const t0 = performance.now();
  const done = o.completedShare ?? 0.3;
  await pool.query(
    `with types as (select array_agg(id order by id) ids from alert_types),
          focus as (select id from alert_types where name = $2),
          src as (
            select g,
                   case when (g % 1000) < $3::float8 * 1000 then (select id from focus)
                        else (select ids[1 + (g % array_length(ids, 1))] from types) end as type_id,
                   (10 + (g % 490) + (g % 7) * 0.13)::numeric as p
              from generate_series(1, $1::int) g)
     insert into alerts (alert_type_id, ticker, company_name, rating, alert_price, buy_range_low, buy_range_high,
                         target_range_low, target_range_high, stop_loss, risk_percent, reward_percent, embeds, notes,
                         latest_price, half_completed, completed, completed_status, exit_price, half_exit_price,
                         completed_at, half_completed_at, created_at, announced_at)
     select type_id, 'B' || lpad((g % 2000)::text, 4, '0'), 'Bench Company ' || (g % 2000), 1 + (g % 5),
            p, p * 0.98, p * 1.01, p * 1.1, p * (1.15 + (g % 10) * 0.01), p * (0.9 - (g % 5) * 0.01),
            round(((p * 1.01 - p * (0.9 - (g % 5) * 0.01)) / (p * 1.01) * 100)::numeric, 4),
            round(((p * (1.15 + (g % 10) * 0.01) - p * 1.01) / (p * 1.01) * 100)::numeric, 4),
            jsonb_build_array(jsonb_build_object('fields', jsonb_build_array(
              jsonb_build_object('id', 1, 'label', 'Entry', 'value', round(p * 0.98, 2) || ' <-> ' || round(p * 1.01, 2)),
              jsonb_build_object('id', 2, 'label', 'Targets', 'value', round(p * 1.1, 2) || ' <-> ' || round(p * 1.2, 2)),
              jsonb_build_object('id', 3, 'label', 'notes', 'value', 'Bench alert ' || g)))),
            'Generated for the benchmark',
            p * (0.95 + (g % 30) * 0.01),
            (g % 100) < $4::float8 * 100,
            (g % 100) < $4::float8 * 70,
            case when (g % 100) >= $4::float8 * 100 then 'ONGOING' when (g % 100) < $4::float8 * 50 then 'TARGET 2'
                 when (g % 100) < $4::float8 * 70 then 'STOP' else 'TARGET 1' end,
            case when (g % 100) < $4::float8 * 50 then p * 1.2 when (g % 100) < $4::float8 * 70 then p * 0.9 end,
            case when (g % 100) < $4::float8 * 100 then p * 1.1 end,
            case when (g % 100) < $4::float8 * 70 then now() - (g * interval '1 minute') + interval '30 minutes' end,
            case when (g % 100) < $4::float8 * 100 then now() - (g * interval '1 minute') + interval '10 minutes' end,
            now() - (g * interval '1 minute'),
            now() - (g * interval '1 minute')
       from src`,
    [o.count, o.focusType, o.focusShare, done],
  );
  await pool.query('vacuum analyze alerts');
  const { rows } = await pool.query<{ count: number; focus: number }>(
    `select count(*)::int as count,
            (count(*) filter (where alert_type_id = (select id from alert_types where name = $1)))::int as focus
       from alerts where deleted_at is null`,
    [o.focusType],
  );
  return { count: rows[0]!.count, focusCount: rows[0]!.focus, ms: performance.now() - t0 };
}
