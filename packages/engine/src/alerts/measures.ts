/** Figures derived from an alert's levels: risk and reward, and a tracker's progress. */
import type { AlertCompletedStatus } from './lifecycle';

const round2 = (x: number) => Math.round(x * 100) / 100;
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * Risk and reward in percent of the top of the buy range (the price a buyer pays at worst): the
 * fall to the stop loss and the rise to the top target. These feed the sorts Min Risk and Min Reward.
 */
export function alertRiskReward(levels: { buyRangeHigh: number; stopLoss: number; targetRangeHigh: number }): {
  riskPercent: number;
  rewardPercent: number;
} {
  const base = levels.buyRangeHigh;
  if (!(base > 0)) return { riskPercent: 0, rewardPercent: 0 };
  return {
    riskPercent: round4(((base - levels.stopLoss) / base) * 100),
    rewardPercent: round4(((levels.targetRangeHigh - base) / base) * 100),
  };
}

/** '1 : 2.50': one part of risk for so many parts of reward. */
export function riskVsRewardText(riskPercent: number, rewardPercent: number): string {
  if (!(riskPercent > 0)) return '1 : 0.00';
  return `1 : ${(rewardPercent / riskPercent).toFixed(2)}`;
}

export interface AlertProgressInput {
  alertPrice: number;
  targetRangeHigh: number;
  /** The latest price (the exit price for a completed alert); null when never priced. */
  price: number | null;
  completedStatus: AlertCompletedStatus;
}

/**
 * How far the price has come from the alert price towards the top target, 0..100 (two decimals).
 * An alert completed at TARGET 2 is at 100; a price at or under the alert price is at 0.
 */
export function alertTrackerProgress({
  alertPrice,
  targetRangeHigh,
  price,
  completedStatus,
}: AlertProgressInput): number {
  if (completedStatus === 'TARGET 2') return 100;
  if (price === null || !Number.isFinite(price)) return 0;
  const span = targetRangeHigh - alertPrice;
  if (!(span > 0)) return price >= targetRangeHigh ? 100 : 0;
  return round2(Math.min(100, Math.max(0, ((price - alertPrice) / span) * 100)));
}
