/**
 * The estimates of a trade's confirmation (2-trading §9, 'All values are Estimates'), one rule for
 * every drawer and confirmation: the trade value is the sum of price × quantity (× 100 for
 * options); options pay 0.6 per contract plus 0.4 per trade, shares no commission. A strangle or a
 * straddle is two contracts, a call and a put, so 2 strangles are 4 contracts: 0.6 × 4 + 0.4 = 2.80.
 * Counted exactly, in whole hundred-millionths (a trade's prices have at most 8 decimals), and
 * rounded once to cents, ties away from zero (docs/trading-rules.md "Options").
 */
import type { OptionStrategy } from './market';

const OPTIONS_MULTIPLIER = 100n;
/** 2-trading §9: the options fee estimate, in cents. */
export const OPTIONS_FEE_PER_CONTRACT_CENTS = 60;
export const OPTIONS_FEE_FLAT_CENTS = 40;
const UNITS = 100_000_000n; // a price's 8 decimals
const UNITS_PER_CENT = UNITS / 100n;

/** Contracts in one of a strategy's units: a single call or put is one, a strangle or straddle two. */
export const CONTRACTS_PER_UNIT: Record<OptionStrategy, number> = {
  'BUY CALL': 1,
  'BUY PUT': 1,
  STRANGLE: 2,
  STRADDLE: 2,
};

export interface EstimateLeg {
  /** A share's price, or a unit's premium (a strangle's: both legs together). */
  price: number;
  /** Shares, or units of the strategy (strangles, contracts). */
  quantity: number;
}

export interface Estimate {
  /** Dollars, rounded to cents. */
  value: number;
  fees: number;
  total: number;
}

/** What is bought: shares, or options of which each unit is `contractsPerUnit` contracts. */
export type EstimateKind = { options: false } | { options: true; contractsPerUnit: number };

export const SHARES: EstimateKind = { options: false };
/** Options bought as `strategy` (a basic trade), or one contract a unit (an advanced trade's own option). */
export const optionsOf = (strategy?: OptionStrategy | null): EstimateKind => ({
  options: true,
  contractsPerUnit: strategy ? CONTRACTS_PER_UNIT[strategy] : 1,
});

/** A price as a whole number of hundred-millionths (exact for the prices a trade accepts). */
const units = (price: number) => BigInt(price.toFixed(8).replace('.', ''));

function centsOf(amountInUnits: bigint): bigint {
  const sign = amountInUnits < 0n ? -1n : 1n;
  const abs = amountInUnits * sign;
  return sign * ((abs + UNITS_PER_CENT / 2n) / UNITS_PER_CENT);
}

const dollars = (cents: bigint) => Number(cents) / 100;

/** The fees of `contracts` option contracts, in cents: 0.6 each plus 0.4, none for none. */
export function optionsFeeCents(contracts: bigint): bigint {
  return contracts > 0n ? BigInt(OPTIONS_FEE_PER_CONTRACT_CENTS) * contracts + BigInt(OPTIONS_FEE_FLAT_CENTS) : 0n;
}

/** The value, fees and total of buying `legs`. */
export function tradeEstimate(legs: readonly EstimateLeg[], kind: EstimateKind): Estimate {
  const multiplier = kind.options ? OPTIONS_MULTIPLIER : 1n;
  const value = centsOf(
    legs.reduce((sum, leg) => sum + units(leg.price) * BigInt(Math.trunc(leg.quantity)) * multiplier, 0n),
  );
  const bought = legs.reduce((sum, leg) => sum + BigInt(Math.trunc(leg.quantity)), 0n);
  const fees = kind.options ? optionsFeeCents(bought * BigInt(kind.contractsPerUnit)) : 0n;
  return { value: dollars(value), fees: dollars(fees), total: dollars(value + fees) };
}
