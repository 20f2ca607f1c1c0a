import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';
import { loginEvents, plans, profiles, subscriptions, users } from '../../db/schema/index';

/** PostgreSQL's unique_violation, possibly wrapped by drizzle as the error's cause. */
/** Whether `err` (or its cause) is PostgreSQL's unique violation; of the named constraint, when given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint?: unknown };
    if (pg.code === '23505') return constraint === undefined || pg.constraint === constraint;
  }
  return false;
}

export type UserWithProfile = Awaited<ReturnType<ReturnType<typeof usersRepo>['byId']>>;

/** The user and profile columns every read of a user returns. */
export const userColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  isSuper: users.isSuper,
  isLiveTrader: users.isLiveTrader,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  phoneNumber: profiles.phoneNumber,
  profilePic: profiles.profilePic,
  receiveSms: profiles.receiveSms,
  receiveEmails: profiles.receiveEmails,
  getTrackersNotification: profiles.getTrackersNotification,
  getAlertsNotification: profiles.getAlertsNotification,
  otpEnabled: profiles.otpEnabled,
  firstLogin: profiles.firstLogin,
  theme: profiles.theme,
  dioneCredits: profiles.dioneCredits,
  tradeIdeasCredits: profiles.tradeIdeasCredits,
};

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  isSuper?: boolean;
  isLiveTrader?: boolean;
  isActive?: boolean;
  otpEnabled?: boolean;
  firstLogin?: boolean;
  phoneNumber?: string;
  dioneCredits?: number;
  tradeIdeasCredits?: number;
}

/** `onUserChanged` hears every write to a user, e.g. so cached sign-ins are forgotten. */
export function usersRepo(db: Db, onUserChanged: (userId: number) => void = () => {}) {
  const changed =
    (id: number) =>
    <T>(result: T): T => {
      onUserChanged(id);
      return result;
    };
  const select = () => db.select(userColumns).from(users).innerJoin(profiles, eq(profiles.userId, users.id));
  // Read on every authenticated request: prepared once, as building it costs more than running it.
  const byIdQuery = select()
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_by_id');
  return {
    byId: async (id: number) => (await byIdQuery.execute({ id }))[0],
    byEmail: async (email: string) => (await select().where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0],

    /** A user and their profile; inside `outer` when given (a savepoint of it). */
    async create(u: NewUser, outer?: Tx): Promise<number> {
      return runnerOf(db, outer).transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            email: u.email.toLowerCase(),
            username: u.username ?? u.email.toLowerCase().split('@')[0]!,
            passwordHash: u.passwordHash,
            isSuper: u.isSuper ?? false,
            isLiveTrader: u.isLiveTrader ?? false,
            isActive: u.isActive ?? true,
          })
          .returning({ id: users.id });
        await tx.insert(profiles).values({
          userId: row!.id,
          firstName: u.firstName ?? '',
          lastName: u.lastName ?? '',
          otpEnabled: u.otpEnabled ?? false,
          firstLogin: u.firstLogin ?? true,
          phoneNumber: u.phoneNumber ?? '',
          dioneCredits: u.dioneCredits ?? 0,
          tradeIdeasCredits: u.tradeIdeasCredits ?? 0,
        });
        return row!.id;
      });
    },

    async subscribe(userId: number, planCode: string, startsAt: Date, endsAt: Date | null) {
      const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.code, planCode));
      if (!plan) throw new Error(`Unknown plan ${planCode}`);
      await db.insert(subscriptions).values({ userId, planId: plan.id, startsAt, endsAt });
    },

    setPassword: (id: number, passwordHash: string) =>
      db.update(users).set({ passwordHash }).where(eq(users.id, id)).then(changed(id)),
    setSuper: (id: number, isSuper: boolean) =>
      db.update(users).set({ isSuper, isActive: true }).where(eq(users.id, id)).then(changed(id)),
    updateUser: (id: number, values: Partial<typeof users.$inferInsert>, tx?: Tx) =>
      runnerOf(db, tx).update(users).set(values).where(eq(users.id, id)).then(changed(id)),
    updateProfile: (id: number, values: Partial<typeof profiles.$inferInsert>, tx?: Tx) =>
      runnerOf(db, tx).update(profiles).set(values).where(eq(profiles.userId, id)).then(changed(id)),

    /** Every active user's e-mail, in byte order (GET /management/user-list: the share form's choices). */
    async activeEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.isActive, true))
        .orderBy(sql`${users.email} collate "C"`);
      return rows.map((r) => r.email);
    },

    /** The users with these e-mails (compared lower-cased), active or not. */
    async byEmails(emails: string[]): Promise<{ id: number; email: string }[]> {
      if (emails.length === 0) return [];
      const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
      return db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, lowered));
    },

    /** The e-mails of these users, by id. */
    async emailsOf(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r.email]));
    },

    /** The ids of every active user; with `onPlan`, only those whose subscription to that plan runs at `at`. */
    async activeIds(onPlan?: { planId: number; at: Date }): Promise<number[]> {
      const running = onPlan
        ? sql`exists (select 1 from ${subscriptions} where ${and(
            eq(subscriptions.userId, users.id),
            eq(subscriptions.planId, onPlan.planId),
            lte(subscriptions.startsAt, onPlan.at),
            or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, onPlan.at)),
          )})`
        : undefined;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isActive, true), running))
        .orderBy(asc(users.id));
      return rows.map((r) => r.id);
    },

    /** Every plan of the catalogue (id, name and billing interval), by name in byte order. */
    plans: () =>
      db
        .select({ id: plans.id, name: plans.name, interval: plans.interval })
        .from(plans)
        .orderBy(sql`${plans.name} collate "C"`),

    async recordLogin(userId: number, ipAddress: string, at: Date) {
      await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
      await db.insert(loginEvents).values({ userId, ipAddress, createdAt: at });
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
