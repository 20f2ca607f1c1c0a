/**
 * Every query of sharing (trade_shares): the shares written, and the lists of what a user received
 * and sent. Users are only ids here: their e-mails, the plans and who is on them are the users
 * area's to read (UsersRepo).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ShareItemType } from '@drat/contracts';
import type { Db } from '../../../db/client';
import { trades, tradeShares } from '../../../db/schema/index';

/** A share as the lists read it: the users as ids, the trade's ticker when it is a trade. */
export interface ShareRow {
  id: number;
  sharedBy: number;
  sharedTo: number | null;
  sharedToUnknown: string | null;
  type: ShareItemType;
  tradeId: number | null;
  ticker: string | null;
  botId: number | null;
  createdAt: Date;
}

export interface NewShares {
  sharedBy: number;
  type: ShareItemType;
  tradeId: number | null;
  botId: number | null;
  /** Users reached (one row each). */
  userIds: number[];
  /** E-mails that are no user's (one row each, in shared_to_unknown). */
  unknownEmails: string[];
  at: Date;
}

export function sharingRepo(db: Db) {
  const list = (where: ReturnType<typeof and>, limit: number): Promise<ShareRow[]> =>
    db
      .select({
        id: tradeShares.id,
        sharedBy: tradeShares.sharedBy,
        sharedTo: tradeShares.sharedTo,
        sharedToUnknown: tradeShares.sharedToUnknown,
        type: tradeShares.type,
        tradeId: tradeShares.tradeId,
        ticker: trades.ticker,
        botId: tradeShares.botId,
        createdAt: tradeShares.createdAt,
      })
      .from(tradeShares)
      .leftJoin(trades, eq(trades.id, tradeShares.tradeId))
      .where(where)
      .orderBy(desc(tradeShares.createdAt), desc(tradeShares.id))
      .limit(limit);

  return {
    /**
     * Writes one row per user and per unknown e-mail in one statement. A row that exists already
     * (the same item with the same person: trade_shares_once_idx) is kept and its date renewed.
     * Answers how many rows were written or renewed.
     */
    async upsert(s: NewShares): Promise<number> {
      const to = [...s.userIds.map((id) => [id, null] as const), ...s.unknownEmails.map((e) => [null, e] as const)];
      if (to.length === 0) return 0;
      const result = await db.execute(sql`
        insert into ${tradeShares} (shared_by, shared_to, shared_to_unknown, type, trade_id, bot_id, created_at)
        select ${s.sharedBy}::int, r.shared_to, r.shared_to_unknown, ${s.type}::text, ${s.tradeId}::int,
               ${s.botId}::int, ${s.at.toISOString()}::timestamptz
          from unnest(${sql.param(to.map(([id]) => id))}::int[], ${sql.param(to.map(([, e]) => e))}::text[])
               as r(shared_to, shared_to_unknown)
        on conflict (type, coalesce(trade_id, bot_id), coalesce(shared_to::text, shared_to_unknown))
          where shared_to is not null or shared_to_unknown is not null
        do update set created_at = excluded.created_at, shared_by = excluded.shared_by`);
      return result.rowCount ?? 0;
    },

    /** What was shared with `userId`, newest first. */
    receivedBy: (userId: number, type: ShareItemType, limit: number) =>
      list(and(eq(tradeShares.sharedTo, userId), eq(tradeShares.type, type)), limit),

    /** What `userId` shared, newest first. */
    sentBy: (userId: number, type: ShareItemType, limit: number) =>
      list(and(eq(tradeShares.sharedBy, userId), eq(tradeShares.type, type)), limit),
  };
}
export type SharingRepo = ReturnType<typeof sharingRepo>;
