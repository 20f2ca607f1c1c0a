import { and, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  knownDevices,
  loginEvents,
  oneTimeCodes,
  profiles,
  resetTokens,
  sessionConfirmations,
  sessions,
  users,
} from '../../db/schema/index';
import { userColumns } from '../users';

/** What a delete of sessions returns: whose sessions ended. */
const endedColumns = { id: sessions.id, userId: sessions.userId };
export type EndedSession = { id: number; userId: number };

export function authRepo(db: Db) {
  // Runs on every signed-in request: one round trip for the session and its user, prepared once
  // because building the query with drizzle costs more CPU than running it.
  const principalByHashQuery = db
    .select({
      sessionId: sessions.id,
      signedInAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      user: userColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('auth_principal_by_hash');
  return {
    createSession: (userId: number, tokenHash: string, ipAddress: string, userAgent: string, at: Date) =>
      db.insert(sessions).values({ userId, tokenHash, ipAddress, userAgent, createdAt: at, lastSeenAt: at }),
    principalByHash: async (tokenHash: string) => (await principalByHashQuery.execute({ tokenHash }))[0],
    touchSession: (id: number, at: Date) => db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id)),
    // The deletes return the sessions they ended, so that their live sockets close too.
    deleteSession: (id: number) => db.delete(sessions).where(eq(sessions.id, id)).returning(endedColumns),
    deleteSessionsOf: (userId: number) =>
      db.delete(sessions).where(eq(sessions.userId, userId)).returning(endedColumns),
    deleteOtherSessions: (userId: number, keepId: number) =>
      db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepId}`))
        .returning(endedColumns),
    deleteIdleSessions: (before: Date) =>
      db.delete(sessions).where(lt(sessions.lastSeenAt, before)).returning(endedColumns),

    /** Of these sessions, those still live: not ended, seen since `seenSince`, of an active user. */
    async liveSessionIds(ids: number[], seenSince: Date): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, ids), gte(sessions.lastSeenAt, seenSince), eq(users.isActive, true)));
      return rows.map((r) => r.id);
    },

    /** Records the password typed again in a session for `action` (the latest time counts). */
    async recordConfirmation(sessionId: number, action: string, at: Date): Promise<void> {
      await db
        .insert(sessionConfirmations)
        .values({ sessionId, action, confirmedAt: at })
        .onConflictDoUpdate({
          target: [sessionConfirmations.sessionId, sessionConfirmations.action],
          set: { confirmedAt: at },
        });
    },
    /** When the password was last confirmed in this session for `action`, if ever. */
    async confirmedAt(sessionId: number, action: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: sessionConfirmations.confirmedAt })
        .from(sessionConfirmations)
        .where(and(eq(sessionConfirmations.sessionId, sessionId), eq(sessionConfirmations.action, action)));
      return row?.at;
    },

    /** A new sign-in replaces any OTP challenge still open. */
    async replaceLoginCode(userId: number, codeHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx.delete(oneTimeCodes).where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'login')));
        await tx.insert(oneTimeCodes).values({ userId, purpose: 'login', codeHash, expiresAt });
      });
    },
    openLoginCode: async (userId: number) =>
      (
        await db
          .select()
          .from(oneTimeCodes)
          .where(
            and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'login'), isNull(oneTimeCodes.consumedAt)),
          )
      )[0],
    countAttempt: (id: number) =>
      db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(eq(oneTimeCodes.id, id)),
    /** Consumes the code once: a second concurrent verify finds nothing to consume. */
    consumeCode: async (id: number, at: Date) =>
      (
        await db
          .update(oneTimeCodes)
          .set({ consumedAt: at })
          .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
          .returning({ id: oneTimeCodes.id })
      ).length === 1,
    resendCode: (id: number, codeHash: string, expiresAt: Date) =>
      db
        .update(oneTimeCodes)
        .set({ codeHash, expiresAt, attempts: 0, resends: sql`${oneTimeCodes.resends} + 1` })
        .where(eq(oneTimeCodes.id, id)),

    async createReset(userId: number, activationHash: string, tokenHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx.delete(resetTokens).where(and(eq(resetTokens.userId, userId), isNull(resetTokens.usedAt)));
        await tx.insert(resetTokens).values({ userId, activationHash, tokenHash, expiresAt });
      });
    },
    liveResetBy: async (column: 'activationHash' | 'tokenHash' | 'resetKeyHash', value: string, now: Date) =>
      (
        await db
          .select()
          .from(resetTokens)
          .where(and(eq(resetTokens[column], value), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, now)))
      )[0],
    setResetKey: (id: number, resetKeyHash: string) =>
      db.update(resetTokens).set({ resetKeyHash }).where(eq(resetTokens.id, id)),
    useReset: async (id: number, at: Date) =>
      (
        await db
          .update(resetTokens)
          .set({ usedAt: at })
          .where(and(eq(resetTokens.id, id), isNull(resetTokens.usedAt)))
          .returning({ id: resetTokens.id })
      ).length === 1,

    /** Remembers a browser that signed in to the account (the hash of its device cookie's token). */
    addDevice: (userId: number, tokenHash: string, at: Date) =>
      db.insert(knownDevices).values({ tokenHash, userId, createdAt: at, lastUsedAt: at }).onConflictDoNothing(),
    /** Forgets every browser known to the account (its password changed). */
    forgetDevices: (userId: number) => db.delete(knownDevices).where(eq(knownDevices.userId, userId)),

    /** Whether the device token (its hash) is one of the account's known browsers; marks it used. */
    useDevice: async (userId: number, tokenHash: string, at: Date): Promise<boolean> =>
      (
        await db
          .update(knownDevices)
          .set({ lastUsedAt: at })
          .where(
            and(
              eq(knownDevices.tokenHash, tokenHash),
              eq(knownDevices.userId, userId),
              // A browser unseen for a year (the cookie's life) is a stranger again.
              gt(knownDevices.lastUsedAt, new Date(at.getTime() - 365 * 86_400_000)),
            ),
          )
          .returning({ userId: knownDevices.userId })
      ).length === 1,
    /** Whether the account has signed in from this address before. */
    signedInFrom: async (userId: number, ipAddress: string): Promise<boolean> =>
      (
        await db
          .select({ id: loginEvents.id })
          .from(loginEvents)
          .where(and(eq(loginEvents.userId, userId), eq(loginEvents.ipAddress, ipAddress)))
          .limit(1)
      ).length === 1,
  };
}
export type AuthRepo = ReturnType<typeof authRepo>;
