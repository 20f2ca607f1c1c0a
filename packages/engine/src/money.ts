/**
 * Exact money in integer cents (ARCHITECTURE.md "Money and prices"). Amounts come from PostgreSQL
 * `numeric` columns as decimal strings ("12.30", "0.0500", "-4.35"); they go to cents and back
 * without ever passing through a binary float, so 4.35 stays 435 cents and never 434.99….
 */

/** `exact` refuses digits below a cent; `half-up` rounds half a cent away from zero. */
export type CentsRounding = 'exact' | 'half-up';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const MAX_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

/** '12.3' → 1230, '-0.05' → -5, '7' → 700. Throws a RangeError on anything that is not a plain decimal. */
export function toCents(value: string, rounding: CentsRounding = 'exact'): number {
  const match = DECIMAL.exec(value);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) throw new RangeError(`Not a decimal amount: "${value}"`);

  let cents = BigInt(whole || '0') * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  const belowCent = fraction.slice(2);
  if (/[1-9]/.test(belowCent)) {
    if (rounding === 'exact') throw new RangeError(`"${value}" has digits below a cent`);
    if (belowCent[0]! >= '5') cents += 1n;
  }
  if (cents > MAX_CENTS) throw new RangeError(`"${value}" is too large to count in cents exactly`);
  const magnitude = Number(cents);
  return match[1] === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

/** 1230 → '12.30', -5 → '-0.05': the text a `numeric(…, 2)` column takes. */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer, got ${cents}`);
  const magnitude = Math.abs(cents);
  const text = `${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}
