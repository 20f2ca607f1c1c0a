/**
 * What an alert's prices are prices of. A stock, ETF or OTC alert follows its ticker. An options
 * alert (one with a strategy) follows the premium of its contracts, as a buyer pays it: BUY CALL
 * and BUY PUT one contract; STRANGLE the call at leg one's strike plus the put at leg two's;
 * STRADDLE the call plus the put at the one strike. So every alert is long what it follows, and its
 * buy range, targets and stop are ordered the same way for every strategy.
 */
import type { Bar } from '@drat/contracts';
import { occSymbol } from '../options/occ';
import type { PriceBar } from './lifecycle';

export interface OptionFields {
  ticker: string;
  strategy: string | null;
  singleStrike: string | number | null;
  singleExpiration: string | null;
  legOneStrike: string | number | null;
  legTwoStrike: string | number | null;
  legOneExpiration: string | null;
}

export interface Instrument {
  /** The ticker, an OCC symbol, or OCC symbols joined by '+' (a two-leg strategy). */
  key: string;
  /** The symbols whose 1-minute bars make it up. */
  symbols: string[];
  /** When an options alert expires (16:00 New York time on its expiration date), else null. */
  expiresAt: number | null;
}

/** The contracts of an options alert's strategy (OCC symbols), or [] for other alerts. */
export function contractsOf(a: OptionFields): string[] {
  const n = (v: string | number | null) => (v === null ? NaN : Number(v));
  switch (a.strategy) {
    case 'BUY CALL':
      return [occSymbol(a.ticker, a.singleExpiration!, 'call', n(a.singleStrike))];
    case 'BUY PUT':
      return [occSymbol(a.ticker, a.singleExpiration!, 'put', n(a.singleStrike))];
    case 'STRANGLE':
      return [
        occSymbol(a.ticker, a.legOneExpiration!, 'call', n(a.legOneStrike)),
        occSymbol(a.ticker, a.legOneExpiration!, 'put', n(a.legTwoStrike)),
      ];
    case 'STRADDLE':
      return [
        occSymbol(a.ticker, a.legOneExpiration!, 'call', n(a.legOneStrike)),
        occSymbol(a.ticker, a.legOneExpiration!, 'put', n(a.legOneStrike)),
      ];
    default:
      return [];
  }
}

/**
 * What an alert follows. `expiryOf` gives the instant an expiration date's options stop trading
 * (the market calendar's: 16:00 New York time).
 */
export function instrumentOf(a: OptionFields, expiryOf: (expiration: string | null) => number | null): Instrument {
  const contracts = contractsOf(a);
  if (contracts.length === 0) return { key: a.ticker, symbols: [a.ticker], expiresAt: null };
  return {
    key: contracts.join('+'),
    symbols: contracts,
    expiresAt: expiryOf(
      a.strategy === 'BUY CALL' || a.strategy === 'BUY PUT' ? a.singleExpiration : a.legOneExpiration,
    ),
  };
}

/** Provider bars (time in seconds) as the engine's (time in ms). */
export function toPriceBars(bars: readonly Bar[]): PriceBar[] {
  return bars.map((b) => ({ time: b.time * 1000, open: b.open, high: b.high, low: b.low, close: b.close }));
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The bars of a two-leg strategy from its legs' bars, minute by minute where both traded: open and
 * close add up; the high and low are the strategy's value at the underlying's extremes (the call's
 * high with the put's low, and the other way round) — a call and a put on one underlying do not
 * peak together.
 */
export function combineLegs(legs: readonly PriceBar[][]): PriceBar[] {
  if (legs.length === 1) return legs[0]!;
  const [a, b] = legs as [PriceBar[], PriceBar[]];
  const byTime = new Map(b.map((x) => [x.time, x]));
  const out: PriceBar[] = [];
  for (const x of a) {
    const y = byTime.get(x.time);
    if (!y) continue;
    const open = round2(x.open + y.open);
    const close = round2(x.close + y.close);
    const up = round2(x.high + y.low);
    const down = round2(x.low + y.high);
    out.push({
      time: x.time,
      open,
      close,
      high: Math.max(open, close, up, down),
      low: Math.min(open, close, up, down),
    });
  }
  return out;
}
