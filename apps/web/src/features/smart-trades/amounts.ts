/**
 * Amount splitting (2-trading §4): changing the total splits it in half between the two buy ranges
 * (the odd share to the low range); changing one buy amount makes the total their sum.
 */
export function splitTotal(total: number): { low: number; high: number } {
  const whole = Math.max(0, Math.floor(total));
  return { low: Math.ceil(whole / 2), high: Math.floor(whole / 2) };
}

export const totalOf = (low: number | null | undefined, high: number | null | undefined) => (low ?? 0) + (high ?? 0);
