import { priceDecimals, roundTo, type OhlcBar } from '../bars';
import { TERMS, basedOn, notEnoughHistory, termBars, workingAtr, type Term, type TermName } from '../terms';
import { supportResistance, type PriceLevel } from './pivots';

export * from './pivots';

/** Levels listed per side and term. */
export const RANGE_RADAR_MAX_LEVELS = 5;

export interface RangeRadarView {
  term: TermName;
  label: Term['label'];
  /** False when the history is too short for this term; the lists are then empty. */
  found: boolean;
  message: string;
  supports: PriceLevel[];
  resistances: PriceLevel[];
  barsUsed: number;
}

/** One term of Range Radar: pivot levels around `price`, clustered within half the term's ATR. */
export function rangeRadarTerm(daily: readonly OhlcBar[], price: number, term: Term): RangeRadarView {
  const bars = termBars(daily, term);
  const base = { term: term.name, label: term.label, barsUsed: bars.length };
  const last = bars.at(-1);
  if (bars.length < term.minBars || !last) {
    return { ...base, found: false, message: notEnoughHistory(term, bars.length), supports: [], resistances: [] };
  }
  const atr = workingAtr(bars, term, price);
  const levels = supportResistance(bars, price, {
    strength: term.pivotStrength,
    tolerance: atr / 2,
    maxLevels: RANGE_RADAR_MAX_LEVELS,
  });
  const decimals = priceDecimals(price);
  const round = (l: PriceLevel): PriceLevel => ({ ...l, price: roundTo(l.price, decimals) });
  return {
    ...base,
    found: true,
    message: basedOn(term, bars.length, last.time),
    supports: levels.supports.map(round),
    resistances: levels.resistances.map(round),
  };
}

/** Range Radar for both terms, short first. */
export function rangeRadar(daily: readonly OhlcBar[], price: number): RangeRadarView[] {
  return TERMS.map((term) => rangeRadarTerm(daily, price, term));
}
