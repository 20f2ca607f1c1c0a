/**
 * The options strategies of a smart trade (2-trading §5.2, §9): what each one buys, as the engine's
 * instrument. A trade's buy ranges, targets and stop loss are premiums of that instrument: one
 * option's premium for BUY CALL and BUY PUT, the sum of both legs' premiums for a STRANGLE (a call
 * above a put) or a STRADDLE (a call and a put at one strike). Leg one is the call, leg two the put;
 * both legs share one expiration.
 */
import { occSymbol } from '../options/occ';
import { OPTIONS_MULTIPLIER } from './create';
import type { TradeInstrument } from './types';

export const STRATEGIES = ['BUY CALL', 'BUY PUT', 'STRANGLE', 'STRADDLE'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export interface StrategyLegs {
  /** BUY CALL and BUY PUT. */
  singleStrike?: number | null;
  singleExpiration?: string | null;
  /** STRANGLE and STRADDLE: leg one (the call) and leg two (the put), one expiration. */
  legOneStrike?: number | null;
  legTwoStrike?: number | null;
  legsExpiration?: string | null;
}

/** One option contract (an OCC symbol) as an instrument: premiums per share, 100 shares a contract. */
export function optionInstrument(symbol: string): TradeInstrument {
  return { key: symbol, kind: 'option', multiplier: OPTIONS_MULTIPLIER, legs: [{ symbol, ratio: 1 }] };
}

/** The instrument a strategy trades; throws on a strategy or legs the spec's rules refuse (the contracts check them first). */
export function strategyInstrument(ticker: string, strategy: Strategy, legs: StrategyLegs): TradeInstrument {
  if (strategy === 'BUY CALL' || strategy === 'BUY PUT') {
    const side = strategy === 'BUY CALL' ? 'call' : 'put';
    return optionInstrument(occSymbol(ticker, legs.singleExpiration ?? '', side, legs.singleStrike ?? 0));
  }
  const call = occSymbol(ticker, legs.legsExpiration ?? '', 'call', legs.legOneStrike ?? 0);
  const put = occSymbol(ticker, legs.legsExpiration ?? '', 'put', legs.legTwoStrike ?? 0);
  if (strategy === 'STRANGLE' && !((legs.legOneStrike ?? 0) > (legs.legTwoStrike ?? 0))) {
    throw new Error('A strangle buys its call above its put');
  }
  if (strategy === 'STRADDLE' && legs.legOneStrike !== legs.legTwoStrike) {
    throw new Error('A straddle buys its call and put at one strike');
  }
  return {
    key: `${call}+${put}`,
    kind: 'multileg',
    multiplier: OPTIONS_MULTIPLIER,
    legs: [
      { symbol: call, ratio: 1 },
      { symbol: put, ratio: 1 },
    ],
  };
}
