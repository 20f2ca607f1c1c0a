import type { DioneAnalysisDto } from '@drat/contracts';
import type { DioneLevels } from '../../smart-trades';
import { rangeNumbers } from '../format';

/** A found term's levels for the trade drawer (trade type DIONE), or null when a range is not two numbers. */
export function dioneLevels(ticker: string, a: DioneAnalysisDto): DioneLevels | null {
  const buy = rangeNumbers(a['Buy Range']);
  const target = rangeNumbers(a['Target Range']);
  if (!buy || !target) return null;
  return {
    ticker,
    buy_range_low: Math.min(...buy),
    buy_range_high: Math.max(...buy),
    target_range_low: Math.min(...target),
    target_range_high: Math.max(...target),
    stop_loss: a['Stop Loss'],
  };
}
