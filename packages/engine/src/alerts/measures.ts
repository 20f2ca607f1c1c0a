/**
 * Figures derived from an alert (1-core §3, §9): risk and reward, the risk-to-reward text, a
 * tracker's progress, the live P/L and the win rate. Exact decimals (money/decimal.ts) rounded once.
 */
import { dec, percentOf, roundDec, toNumber } from '../money/decimal';
import type { AlertCompletedStatus } from './lifecycle';

/**
 * Risk and reward in percent of the top of the buy range (the price a buyer pays at worst): the
 * fall to the stop loss and the rise to the top target, 4 decimals. These feed the sorts Min Risk
 * and Min Reward.
 */
export function alertRiskReward(levels: { buyRangeHigh: number; stopLoss: number; targetRangeHigh: number }): {
  riskPercent: number;
  rewardPercent: number;
} {
  const base = levels.buyRangeHigh;
  if (!(base > 0)) return { riskPercent: 0, rewardPercent: 0 };
  return {
    riskPercent: toNumber(percentOf(dec(base).minus(levels.stopLoss), base, 4)!),
    rewardPercent: toNumber(percentOf(dec(levels.targetRangeHigh).minus(base), base, 4)!),
  };
}

/**
 * '1 : R' where R is the reward per unit of risk (reward percent ÷ risk percent, 2 decimals);
 * '-' when the risk is not positive.
 */
export function riskVsReward(riskPercent: number, rewardPercent: number): string {
  if (!(riskPercent > 0) || !Number.isFinite(rewardPercent)) return '-';
  return `1 : ${roundDec(dec(rewardPercent).div(riskPercent), 2).toFixed(2)}`;
}

export interface AlertProgressInput {
  alertPrice: number;
  targetRangeHigh: number;
  /** The latest price (the exit price for a completed alert); null when never priced. */
  price: number | null;
  completedStatus: AlertCompletedStatus | string;
}

/**
 * Tracker progress (1-core §3 "Tracker", percent): how far the price has come from the alert
 * price towards the top target, clamped to 0..100, 2 decimals. An alert completed at TARGET 2 is
 * at 100; no price yet is 0; a target at or below the alert price counts as reached once the price
 * is at the target.
 */
export function trackerProgress({ alertPrice, targetRangeHigh, price, completedStatus }: AlertProgressInput): number {
  if (completedStatus === 'TARGET 2') return 100;
  if (price === null || !Number.isFinite(price)) return 0;
  const span = dec(targetRangeHigh).minus(alertPrice);
  if (!span.isPositive() || span.isZero()) return price >= targetRangeHigh ? 100 : 0;
  const pct = percentOf(dec(price).minus(alertPrice), span, 2)!;
  return toNumber(pct.clamp(0, 100));
}

/**
 * Win rate of 1-core §9: completed alerts whose exit price is above the alert price, as a percent
 * of every completed alert with an exit price, 2 decimals; 0 when there is none.
 */
export function winRate(wins: number, total: number): number {
  if (!(total > 0)) return 0;
  return toNumber(percentOf(wins, total, 2)!);
}

/** live − alert price, and that as a percent of the alert price (4 decimals: derived, not stored). */
export function liveProfit(alertPrice: number, live: number | null): { pl: number | null; percent: number | null } {
  if (live === null) return { pl: null, percent: null };
  const gain = dec(live).minus(alertPrice);
  const percent = alertPrice > 0 ? percentOf(gain, alertPrice, 4) : null;
  return { pl: toNumber(roundDec(gain, 4)), percent: percent === null ? null : toNumber(percent) };
}
