/**
 * The admin's reads of users (3-bots-admin-public §3 "User profile (admin)") and the writes the
 * users area does not make: a user's plans set as a set. Every other write to a user goes through
 * the users area's repository (which keeps the cached sign-ins true).
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';
import { alertTypes, loginEvents, planAlertTypes, plans, profiles, subscriptions, users } from '../../db/schema/index';

/** Last sign-ins kept in a user's details. */
const LOGINS_SHOWN = 5;

export interface AdminUserRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  createdAt: Date;
  isActive: boolean;
  isSuper: boolean;
  isLiveTrader: boolean;
  receiveEmails: boolean;
  receiveSms: boolean;
  dioneCredits: number;
  otpEnabled: boolean;
}

export interface RunningPlan {
  userId: number;
  planId: number;
  name: string;
  startsAt: Date;
  endsAt: Date | null;
}

export function adminUsersRepo(db: Db) {
  /** A subscription running at `at`. */
  const running = (at: Date) =>
    and(lte(subscriptions.startsAt, at), or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, at)));

  return {
    /** Users, newest first (all, or these ids). */
    async users(ids?: number[]): Promise<AdminUserRow[]> {
      return db
        .select({
          id: users.id,
          email: users.email,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          phoneNumber: profiles.phoneNumber,
          createdAt: users.createdAt,
          isActive: users.isActive,
          isSuper: users.isSuper,
          isLiveTrader: users.isLiveTrader,
          receiveEmails: profiles.receiveEmails,
          receiveSms: profiles.receiveSms,
          dioneCredits: profiles.dioneCredits,
          otpEnabled: profiles.otpEnabled,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(ids ? inArray(users.id, ids) : undefined)
        .orderBy(desc(users.createdAt), desc(users.id));
    },

    /** The plans running at `at` of these users (all users when none are named), oldest first. */
    async runningPlans(at: Date, ids?: number[]): Promise<RunningPlan[]> {
      return db
        .select({
          userId: subscriptions.userId,
          planId: plans.id,
          name: plans.name,
          startsAt: subscriptions.startsAt,
          endsAt: subscriptions.endsAt,
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(and(running(at), ids ? inArray(subscriptions.userId, ids) : undefined))
        .orderBy(asc(subscriptions.startsAt), asc(subscriptions.id));
    },

    /** The names of the alert types each plan gives, by plan id. */
    async alertTypesOfPlans(): Promise<Map<number, string[]>> {
      const rows = await db
        .select({ planId: planAlertTypes.planId, name: alertTypes.name })
        .from(planAlertTypes)
        .innerJoin(alertTypes, eq(alertTypes.id, planAlertTypes.alertTypeId))
        .orderBy(asc(alertTypes.name));
      const out = new Map<number, string[]>();
      for (const r of rows) out.set(r.planId, [...(out.get(r.planId) ?? []), r.name]);
      return out;
    },

    /** The last sign-ins of these users (all users when none are named), newest first. */
    async lastLogins(ids?: number[]): Promise<{ userId: number; ipAddress: string; createdAt: Date }[]> {
      const ranked = db
        .select({
          userId: loginEvents.userId,
          ipAddress: loginEvents.ipAddress,
          createdAt: loginEvents.createdAt,
          rank: sql<number>`row_number() over (partition by ${loginEvents.userId} order by ${loginEvents.id} desc)`.as(
            'rank',
          ),
        })
        .from(loginEvents)
        .where(ids ? inArray(loginEvents.userId, ids) : undefined)
        .as('ranked');
      return db
        .select({ userId: ranked.userId, ipAddress: ranked.ipAddress, createdAt: ranked.createdAt })
        .from(ranked)
        .where(lte(ranked.rank, LOGINS_SHOWN))
        .orderBy(asc(ranked.userId), desc(ranked.createdAt));
    },

    /** Of these plan ids, those the catalogue has, with their Dione credits. */
    async plansOf(ids: number[]): Promise<{ id: number; name: string; dioneCredits: number }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: plans.id, name: plans.name, dioneCredits: plans.dioneCredits })
        .from(plans)
        .where(inArray(plans.id, ids));
    },

    /**
     * A user's plans become exactly `planIds`: the running subscriptions of other plans end at
     * `at`, and each plan not running yet starts at `at` without an end (a super user's grant runs
     * until a super user changes it). One transaction.
     */
    async setPlans(userId: number, planIds: number[], at: Date, outer?: Tx): Promise<void> {
      await runnerOf(db, outer).transaction(async (tx) => {
        // The user's row locked: two edits of one user's plans take turns.
        await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
        await tx
          .update(subscriptions)
          .set({ endsAt: at })
          .where(and(eq(subscriptions.userId, userId), running(at), notInArray(subscriptions.planId, planIds)));
        const kept = await tx
          .select({ planId: subscriptions.planId })
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, userId), running(at)));
        const have = new Set(kept.map((k) => k.planId));
        const added = planIds.filter((id) => !have.has(id));
        if (added.length > 0) {
          await tx
            .insert(subscriptions)
            .values(added.map((planId) => ({ userId, planId, startsAt: at, endsAt: null })));
        }
      });
    },
  };
}
export type AdminUsersRepo = ReturnType<typeof adminUsersRepo>;
