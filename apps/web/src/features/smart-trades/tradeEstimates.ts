/**
 * The estimates of a trade's confirmation (2-trading §9, 'All values are Estimates'): the trade
 * value is the sum of price × quantity (× 100 for options); options pay 0.6 per contract plus 0.4,
 * shares no commission. The rules are the engine's (optionsEstimate, tradeValue); the web does not
 * depend on the engine, so they are counted here exactly, in whole hundred-millionths (a trade's
 * prices have at most 8 decimals), and rounded once to cents, ties away from zero.
 */

const OPTIONS_MULTIPLIER = 100n;
const FEE_PER_CONTRACT_CENTS = 60n;
const FEE_FLAT_CENTS = 40n;
const UNITS = 100_000_000n; // a price's 8 decimals
const UNITS_PER_CENT = UNITS / 100n;

export interface EstimateLeg {
  price: number;
  quantity: number;
}

export interface Estimate {
  /** Dollars, rounded to cents. */
  value: number;
  fees: number;
  total: number;
}

/** A price as a whole number of hundred-millionths (exact for the prices a trade accepts). */
const units = (price: number) => BigInt(price.toFixed(8).replace('.', ''));

function centsOf(amountInUnits: bigint): bigint {
  const sign = amountInUnits < 0n ? -1n : 1n;
  const abs = amountInUnits * sign;
  return sign * ((abs + UNITS_PER_CENT / 2n) / UNITS_PER_CENT);
}

const dollars = (cents: bigint) => Number(cents) / 100;

/** The value, fees and total of buying `legs` (shares, or option contracts when `options`). */
export function tradeEstimate(legs: readonly EstimateLeg[], options: boolean): Estimate {
  const multiplier = options ? OPTIONS_MULTIPLIER : 1n;
  const value = centsOf(
    legs.reduce((sum, leg) => sum + units(leg.price) * BigInt(Math.trunc(leg.quantity)) * multiplier, 0n),
  );
  const contracts = legs.reduce((sum, leg) => sum + BigInt(Math.trunc(leg.quantity)), 0n);
  const fees = options && contracts > 0n ? FEE_PER_CONTRACT_CENTS * contracts + FEE_FLAT_CENTS : 0n;
  return { value: dollars(value), fees: dollars(fees), total: dollars(value + fees) };
}
