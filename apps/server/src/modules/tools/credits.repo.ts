import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/index';

/** A transaction handle, as drizzle passes it to `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type CreditKind = 'dione' | 'tradeIdeas';
const COLUMN = { dione: profiles.dioneCredits, tradeIdeas: profiles.tradeIdeasCredits } as const;

/**
 * Takes one credit inside `tx` and returns the balance left, or null when there was none. A single
 * conditional UPDATE: concurrent searches queue on the profile row, and a balance never goes below 0.
 */
export async function spendCredit(tx: Tx, userId: number, kind: CreditKind): Promise<number | null> {
  const column = COLUMN[kind];
  const key = kind === 'dione' ? 'dioneCredits' : 'tradeIdeasCredits';
  const [row] = await tx
    .update(profiles)
    .set({ [key]: sql`${column} - 1` })
    .where(and(eq(profiles.userId, userId), gt(column, 0)))
    .returning({ left: column });
  return row ? row.left : null;
}
