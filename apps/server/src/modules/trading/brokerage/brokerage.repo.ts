/**
 * Every query of the brokerage connections: a trader's connection (broker, sealed tokens, the
 * current account), its accounts, the authorizations under way, and whether an account's orders
 * changed (the monitor's balances).
 */
import { and, asc, eq, gte, isNull, lt, notInArray } from 'drizzle-orm';
import type { BrokerName } from '@drat/contracts';
import type { Db } from '../../../db/client';
import {
  brokerAccounts,
  brokerAuthStates,
  brokerConnections,
  tradeIntents,
  tradeOrders,
  users,
} from '../../../db/schema/index';
import type { BrokerAccountInfo } from '../../../providers/broker/interface';

export type ConnectionRow = typeof brokerConnections.$inferSelect;
export type AccountRow = typeof brokerAccounts.$inferSelect;

export interface NewConnection {
  userId: number;
  broker: BrokerName;
  /** Sealed (core/sealed.ts); null for the simulated brokerage. */
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: Date | null;
  accounts: BrokerAccountInfo[];
  at: Date;
}

export function brokerageRepo(db: Db) {
  return {
    connectionOf: async (userId: number): Promise<ConnectionRow | undefined> =>
      (await db.select().from(brokerConnections).where(eq(brokerConnections.userId, userId)))[0],

    accountsOf: (userId: number): Promise<AccountRow[]> =>
      db.select().from(brokerAccounts).where(eq(brokerAccounts.userId, userId)).orderBy(asc(brokerAccounts.id)),

    /** Whether a smart trade's order on the account changed at or after `since` (placed, answered, filled). */
    ordersChangedSince: async (accountId: string, since: Date): Promise<boolean> => {
      const [order] = await db
        .select({ id: tradeOrders.clientOrderId })
        .from(tradeOrders)
        .where(and(eq(tradeOrders.accountId, accountId), gte(tradeOrders.updatedAt, since)))
        .limit(1);
      if (order) return true;
      // An order by hand (an Exit, a Modify) sent since.
      const [byHand] = await db
        .select({ id: tradeIntents.id })
        .from(tradeIntents)
        .where(
          and(isNull(tradeIntents.tradeId), eq(tradeIntents.accountId, accountId), gte(tradeIntents.sentAt, since)),
        )
        .limit(1);
      return byHand !== undefined;
    },

    /** An account by its id at any broker (account ids are the broker's, unique per broker). */
    account: async (accountId: string): Promise<AccountRow | undefined> =>
      (await db.select().from(brokerAccounts).where(eq(brokerAccounts.accountId, accountId)).limit(1))[0],

    /**
     * Saves the connection (replacing another broker's) and its accounts as the broker listed
     * them: accounts no longer listed go; the current account stays if it is still listed.
     */
    async saveConnection(c: NewConnection): Promise<ConnectionRow> {
      return db.transaction(async (tx) => {
        const before = (await tx.select().from(brokerConnections).where(eq(brokerConnections.userId, c.userId)))[0];
        const ids = c.accounts.map((a) => a.accountId);
        const keepCurrent = before?.broker === c.broker && before.currentAccount && ids.includes(before.currentAccount);
        const values = {
          broker: c.broker,
          accessToken: c.accessToken,
          refreshToken: c.refreshToken,
          expiresAt: c.expiresAt,
          currentAccount: keepCurrent ? before.currentAccount : (ids[0] ?? null),
          updatedAt: c.at,
        };
        const [row] = await tx
          .insert(brokerConnections)
          .values({ userId: c.userId, ...values, createdAt: c.at })
          .onConflictDoUpdate({ target: brokerConnections.userId, set: values })
          .returning();
        await tx
          .delete(brokerAccounts)
          .where(
            and(
              eq(brokerAccounts.userId, c.userId),
              ids.length === 0 ? undefined : notInArray(brokerAccounts.accountId, ids),
            ),
          );
        for (const a of c.accounts) {
          const account = {
            connectionId: row!.id,
            userId: c.userId,
            broker: c.broker,
            accountType: a.accountType,
            status: a.status,
            syncedAt: c.at,
          };
          await tx
            .insert(brokerAccounts)
            .values({ ...account, accountId: a.accountId })
            .onConflictDoUpdate({ target: [brokerAccounts.broker, brokerAccounts.accountId], set: account });
        }
        return row!;
      });
    },

    /** The account live trades go to. */
    async setCurrent(userId: number, accountId: string, at: Date): Promise<void> {
      await db
        .update(brokerConnections)
        .set({ currentAccount: accountId, updatedAt: at })
        .where(eq(brokerConnections.userId, userId));
    },

    async deleteConnection(userId: number): Promise<void> {
      await db.delete(brokerConnections).where(eq(brokerConnections.userId, userId));
    },

    /** Every connected account with its owner's e-mail (super users' account list). */
    allAccounts: () =>
      db
        .select({ accountId: brokerAccounts.accountId, broker: brokerAccounts.broker, email: users.email })
        .from(brokerAccounts)
        .innerJoin(users, eq(users.id, brokerAccounts.userId))
        .orderBy(asc(users.email), asc(brokerAccounts.accountId)),

    /** The sealed access token that reaches an account, and when it expires. */
    tokenOf: async (broker: BrokerName, accountId: string) =>
      (
        await db
          .select({ accessToken: brokerConnections.accessToken, expiresAt: brokerConnections.expiresAt })
          .from(brokerAccounts)
          .innerJoin(brokerConnections, eq(brokerConnections.id, brokerAccounts.connectionId))
          .where(and(eq(brokerAccounts.broker, broker), eq(brokerAccounts.accountId, accountId)))
          .limit(1)
      )[0],

    async addAuthState(row: typeof brokerAuthStates.$inferInsert): Promise<void> {
      await db.delete(brokerAuthStates).where(lt(brokerAuthStates.expiresAt, row.expiresAt));
      await db.insert(brokerAuthStates).values(row);
    },

    /** Takes (once) the caller's own pending authorization; another user's state is left as it is. */
    takeAuthState: async (stateHash: string, userId: number) =>
      (
        await db
          .delete(brokerAuthStates)
          .where(and(eq(brokerAuthStates.stateHash, stateHash), eq(brokerAuthStates.userId, userId)))
          .returning()
      )[0],
  };
}
export type BrokerageRepo = ReturnType<typeof brokerageRepo>;
