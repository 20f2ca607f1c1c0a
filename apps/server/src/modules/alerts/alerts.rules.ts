/**
 * Pure rules of the alert endpoints: number conversion, risk vs reward, tracker progress and the
 * win rate of 1-core §9. No I/O; unit-tested in alerts.rules.unit.test.ts.
 */

/** A numeric column as the API sends it: a JSON number, exactly as stored (rounding is the web's). */
export function num(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Like num, for NOT NULL columns. */
export function req(value: string): number {
  return Number(value);
}

/** Half away from zero at `digits` decimals, without the binary drift of `x * 100` (1.005 → 1.01). */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.sign(value) * (Math.round(Math.abs(value) * f + Number.EPSILON * f) / f);
}

/**
 * '1 : R' where R is the reward per unit of risk (reward percent ÷ risk percent, 2 decimals);
 * '-' when the risk is not positive.
 */
export function riskVsReward(riskPercent: number, rewardPercent: number): string {
  if (!(riskPercent > 0) || !Number.isFinite(rewardPercent)) return '-';
  return `1 : ${(Math.round((rewardPercent / riskPercent) * 100) / 100).toFixed(2)}`;
}

export interface ProgressInput {
  alertPrice: number;
  targetHigh: number;
  /** The latest price, or the exit price once the alert completed. */
  price: number | null;
  completedStatus: string;
}

/**
 * Tracker progress (1-core §3 "Tracker", percent): how far the price has travelled from the alert
 * price towards the top target, clamped to 0..100 and rounded to 2 decimals. An alert completed at
 * TARGET 2 is 100; no price yet is 0; a target at or below the alert price counts as reached once the
 * price is at the target.
 */
export function trackerProgress({ alertPrice, targetHigh, price, completedStatus }: ProgressInput): number {
  if (completedStatus === 'TARGET 2') return 100;
  if (price === null || !Number.isFinite(price)) return 0;
  const span = targetHigh - alertPrice;
  if (!(span > 0)) return price >= targetHigh ? 100 : 0;
  const pct = ((price - alertPrice) / span) * 100;
  return Math.min(100, Math.max(0, round(pct, 2)));
}

/**
 * Win rate of 1-core §9: completed alerts whose exit price is above the alert price, as a percent of
 * every completed alert with an exit price, rounded to 2 decimals; 0 when there is none.
 */
export function winRate(wins: number, total: number): number {
  if (!(total > 0)) return 0;
  return round((wins / total) * 100, 2);
}

/** live − alert price, and that as a percent of the alert price (4 decimals: derived, not stored). */
export function liveProfit(alertPrice: number, live: number | null): { pl: number | null; percent: number | null } {
  if (live === null) return { pl: null, percent: null };
  const pl = round(live - alertPrice, 4);
  return { pl, percent: alertPrice > 0 ? round(((live - alertPrice) / alertPrice) * 100, 4) : null };
}
