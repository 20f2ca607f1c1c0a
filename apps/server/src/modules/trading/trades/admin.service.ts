/**
 * Every user's smart trades for super users (3-bots-admin-public §2.4, §2.5): the lists with each
 * trade's owner, one trade, its log, the users who have trades, and the counts by status for
 * equity and options. Reads only: a super user's cancel or archive goes through the one entry
 * (smart-trades.ts) on behalf of the super user, like any actor's.
 */
import { TRADE_MSG, TRADE_STATUSES, type SmartTraderStats } from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import { tradeDto } from './trade.dto';
import type { OwnedTradeRow, TradesRepo } from './trades.repo';

const ownedDto = (row: OwnedTradeRow) => ({ ...tradeDto(row), email: row.email, name: row.name });

export function createAdminTrades(repo: TradesRepo) {
  async function trade(tradeId: number) {
    const row = await repo.anyones(tradeId);
    if (!row) throw new DomainError('NOT_FOUND', TRADE_MSG.tradeNotFound);
    return row;
  }
  return {
    async list(q: { archived: boolean; user_email?: string | undefined }) {
      return { data: (await repo.everyones({ archived: q.archived, email: q.user_email })).map(ownedDto) };
    },
    async one(tradeId: number) {
      return { data: ownedDto(await trade(tradeId)) };
    },
    async logs(tradeId: number) {
      await trade(tradeId);
      return {
        data: (await repo.logs(tradeId)).map((l) => ({ text: l.text, created: l.createdAt.toISOString() })),
      };
    },
    async owners() {
      return { data: await repo.owners() };
    },
    /** §2.4: equity and options, each status with its count (0 when none). */
    async stats(): Promise<SmartTraderStats> {
      const counts = await repo.statusCounts();
      const of = (options: boolean) =>
        TRADE_STATUSES.filter((s) => s !== 'DRAFT').map((status) => ({
          status,
          count: counts
            .filter((c) => c.status === status && (c.stockType === 'OPTIONS') === options)
            .reduce((sum, c) => sum + c.n, 0),
        }));
      return { data: { equity: of(false), options: of(true) } };
    },
  };
}
export type AdminTradesService = ReturnType<typeof createAdminTrades>;
