import { inject } from 'vitest';
import { connect } from '../../apps/server/src/db/client';

/**
 * Puts shares in a simulated brokerage account, as if bought elsewhere before (a position no smart
 * trade manages, so no working target holds its shares): what a super user's Exit is for.
 */
export async function holdShares(account: string, symbol: string, qty: number, cost: number): Promise<void> {
  const database = connect(inject('databaseUrl'), 1);
  try {
    await database.pool.query(
      `insert into paper_positions (account_id, symbol, multiplier, qty, cost, opened_at)
       values ($1, $2, 1, $3, $4, now())`,
      [account, symbol, qty, cost],
    );
  } finally {
    await database.close();
  }
}
