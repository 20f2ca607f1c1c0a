/** Every query of payments: the catalogue, checkouts, the places they hold, provider events and the plans they grant. */
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';
import {
  challengeSlots,
  checkouts,
  paymentEvents,
  plans,
  profiles,
  renewalLinks,
  subscriptions,
} from '../../db/schema/index';

export type PlanRow = typeof plans.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type NewCheckout = typeof checkouts.$inferInsert;

export function paymentsRepo(db: Db) {
  return {
    /** Plans on sale, and those named (the free trial), with the places left of challenge `number` (null: no limit). */
    async catalogue(number: number, alsoCodes: readonly string[]): Promise<(PlanRow & { slotsLeft: number | null })[]> {
      const rows = await db
        .select({ plan: plans, slotsLeft: challengeSlots.slots })
        .from(plans)
        .leftJoin(challengeSlots, and(eq(challengeSlots.planId, plans.id), eq(challengeSlots.number, number)))
        .where(or(eq(plans.onSale, true), inArray(plans.code, [...alsoCodes])))
        .orderBy(plans.id);
      return rows.map((r) => ({ ...r.plan, slotsLeft: r.slotsLeft }));
    },

    async planByCode(code: string): Promise<PlanRow | undefined> {
      return (await db.select().from(plans).where(eq(plans.code, code)))[0];
    },
    async planById(id: number, tx?: Tx): Promise<PlanRow | undefined> {
      return (await runnerOf(db, tx).select().from(plans).where(eq(plans.id, id)))[0];
    },

    /** The places rows selling a plan (one per challenge number); none when the plan is not sold by places. */
    async slotsOf(planId: number): Promise<{ id: number; number: number }[]> {
      return db
        .select({ id: challengeSlots.id, number: challengeSlots.number })
        .from(challengeSlots)
        .where(eq(challengeSlots.planId, planId));
    },
    /** How many places the checkouts started from one address hold now. */
    async heldBy(ip: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(checkouts)
        .where(and(eq(checkouts.clientIp, ip), eq(checkouts.slotHeld, true)));
      return row?.n ?? 0;
    },

    /**
     * Takes one place and records the checkout holding it, together: when no place is left nothing
     * is written and the answer is false. One statement decides, so two buyers of the last place
     * cannot both have it.
     */
    async openHolding(row: NewCheckout & { slotId: number }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const taken = await tx
          .update(challengeSlots)
          .set({ slots: sql`${challengeSlots.slots} - 1` })
          .where(and(eq(challengeSlots.id, row.slotId), sql`${challengeSlots.slots} > 0`))
          .returning({ id: challengeSlots.id });
        if (taken.length === 0) return false;
        await tx.insert(checkouts).values({ ...row, slotHeld: true });
        return true;
      });
    },
    async open(row: NewCheckout): Promise<void> {
      await db.insert(checkouts).values(row);
    },
    async setSession(id: string, providerSessionId: string): Promise<void> {
      await db.update(checkouts).set({ providerSessionId }).where(eq(checkouts.id, id));
    },

    async byId(id: string, tx?: Tx): Promise<CheckoutRow | undefined> {
      return (await runnerOf(db, tx).select().from(checkouts).where(eq(checkouts.id, id)))[0];
    },
    async lock(id: string, tx: Tx): Promise<CheckoutRow | undefined> {
      return (await runnerOf(db, tx).select().from(checkouts).where(eq(checkouts.id, id)).for('update'))[0];
    },

    /** Records an event as acted on; false when it already was (the same delivery again). */
    async firstTime(provider: string, eventId: string, kind: string, tx: Tx): Promise<boolean> {
      const rows = await runnerOf(db, tx)
        .insert(paymentEvents)
        .values({ provider, eventId, kind })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      return rows.length === 1;
    },

    /** Ends an open checkout (expired) and gives back the place it held, once. */
    async expire(id: string, tx: Tx): Promise<boolean> {
      const run = runnerOf(db, tx);
      const result = await run.execute<{ slot_id: number | null; slot_held: boolean }>(sql`
        with old as (
          select id, slot_id, slot_held from ${checkouts} where id = ${id} and status = 'open' for update
        )
        update ${checkouts} c set status = 'expired', slot_held = false
        from old where c.id = old.id
        returning old.slot_id, old.slot_held`);
      const row = result.rows[0];
      if (!row) return false;
      if (row.slot_id !== null && row.slot_held)
        await run
          .update(challengeSlots)
          .set({ slots: sql`${challengeSlots.slots} + 1` })
          .where(eq(challengeSlots.id, row.slot_id));
      return true;
    },

    /** A paid checkout's place: kept when it still held one, else taken again if one is left (false: none was). */
    async keepPlace(c: CheckoutRow, tx: Tx): Promise<boolean> {
      if (c.slotId === null || c.slotHeld) return true;
      const taken = await runnerOf(db, tx)
        .update(challengeSlots)
        .set({ slots: sql`${challengeSlots.slots} - 1` })
        .where(and(eq(challengeSlots.id, c.slotId), sql`${challengeSlots.slots} > 0`))
        .returning({ id: challengeSlots.id });
      return taken.length === 1;
    },

    async complete(
      id: string,
      values: {
        userId: number | null;
        email: string;
        madeAccount: boolean;
        customerId: string | null;
        subscriptionId: string | null;
        paymentId: string | null;
        at: Date;
      },
      tx: Tx,
    ): Promise<void> {
      await runnerOf(db, tx)
        .update(checkouts)
        .set({
          status: 'complete',
          userId: values.userId,
          email: values.email,
          madeAccount: values.madeAccount,
          providerCustomerId: values.customerId,
          providerSubscriptionId: values.subscriptionId,
          providerPaymentId: values.paymentId,
          completedAt: values.at,
          slotHeld: false,
        })
        .where(eq(checkouts.id, id));
    },

    /** The plan a checkout sold, on the buyer's account (one row per checkout: a second insert is ignored). */
    async grant(
      g: { userId: number; planId: number; startsAt: Date; endsAt: Date | null; checkoutId: string | null },
      tx: Tx,
    ): Promise<void> {
      await runnerOf(db, tx).insert(subscriptions).values(g).onConflictDoNothing();
    },
    async addCredits(userId: number, dione: number, tradeIdeas: number, tx: Tx): Promise<void> {
      if (dione === 0 && tradeIdeas === 0) return;
      await runnerOf(db, tx)
        .update(profiles)
        .set({
          dioneCredits: sql`${profiles.dioneCredits} + ${dione}`,
          tradeIdeasCredits: sql`${profiles.tradeIdeasCredits} + ${tradeIdeas}`,
        })
        .where(eq(profiles.userId, userId));
    },

    /** A provider subscription's plan now runs until `endsAt` (renewed, cancelled at the period's end, or ended). */
    async moveEnd(subscriptionId: string, endsAt: Date, tx: Tx): Promise<number> {
      const rows = await runnerOf(db, tx)
        .update(subscriptions)
        .set({ endsAt })
        .where(
          inArray(
            subscriptions.checkoutId,
            db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.providerSubscriptionId, subscriptionId)),
          ),
        )
        .returning({ userId: subscriptions.userId });
      return rows.length;
    },
    /**
     * A refunded one-time payment: its plan ends now (or at its end, if sooner), its place of a
     * challenge comes back, and the credits it added are taken back (never below none). Once per
     * checkout: the refund marks it.
     */
    async endRefunded(paymentId: string, at: Date, tx: Tx): Promise<number> {
      const run = runnerOf(db, tx);
      const [c] = await run
        .update(checkouts)
        .set({ status: 'refunded' })
        .where(and(eq(checkouts.providerPaymentId, paymentId), eq(checkouts.status, 'complete')))
        .returning({ id: checkouts.id, slotId: checkouts.slotId, planId: checkouts.planId, userId: checkouts.userId });
      if (!c) return 0;
      const rows = await run
        .update(subscriptions)
        .set({ endsAt: sql`least(coalesce(${subscriptions.endsAt}, ${at}), ${at})` })
        .where(eq(subscriptions.checkoutId, c.id))
        .returning({ userId: subscriptions.userId });
      if (c.slotId !== null)
        await run
          .update(challengeSlots)
          .set({ slots: sql`${challengeSlots.slots} + 1` })
          .where(eq(challengeSlots.id, c.slotId));
      if (c.userId !== null)
        await run
          .update(profiles)
          .set({
            dioneCredits: sql`greatest(0, ${profiles.dioneCredits} - (select ${plans.dioneCredits} from ${plans} where ${plans.id} = ${c.planId}))`,
            tradeIdeasCredits: sql`greatest(0, ${profiles.tradeIdeasCredits} - (select ${plans.tradeIdeasCredits} from ${plans} where ${plans.id} = ${c.planId}))`,
          })
          .where(eq(profiles.userId, c.userId));
      return rows.length;
    },
    /** Whether the account ever had this plan (a trial is given once). */
    async hadPlan(userId: number, planId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, planId)))
        .limit(1);
      return row !== undefined;
    },

    /** Open checkouts past their end (their places to give back). */
    async stale(before: Date): Promise<CheckoutRow[]> {
      return db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.status, 'open'), lt(checkouts.expiresAt, before)))
        .orderBy(checkouts.expiresAt)
        .limit(200);
    },
    /** Paid at the provider, its event still to come: asked again in an hour, behind the others. */
    async postpone(id: string, until: Date): Promise<void> {
      await db
        .update(checkouts)
        .set({ expiresAt: until })
        .where(and(eq(checkouts.id, id), eq(checkouts.status, 'open')));
    },

    /**
     * Signs in once: the claim matches a paid checkout that made its buyer's account, was not
     * claimed, and was paid after `paidAfter` (a claim kept for later opens nothing).
     */
    async claim(id: string, claimHash: string, at: Date, paidAfter: Date): Promise<number | undefined> {
      const [row] = await db
        .update(checkouts)
        .set({ claimedAt: at })
        .where(
          and(
            eq(checkouts.id, id),
            eq(checkouts.claimHash, claimHash),
            eq(checkouts.status, 'complete'),
            eq(checkouts.madeAccount, true),
            sql`${checkouts.claimedAt} is null`,
            sql`${checkouts.completedAt} > ${paidAfter}`,
          ),
        )
        .returning({ userId: checkouts.userId });
      return row?.userId ?? undefined;
    },

    async addRenewalLink(tokenHash: string, userId: number, expiresAt: Date, at: Date): Promise<void> {
      await db.delete(renewalLinks).where(lt(renewalLinks.expiresAt, at));
      await db.insert(renewalLinks).values({ tokenHash, userId, expiresAt });
    },
    async renewalUser(tokenHash: string, at: Date): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: renewalLinks.userId })
        .from(renewalLinks)
        .where(and(eq(renewalLinks.tokenHash, tokenHash), sql`${renewalLinks.expiresAt} > ${at}`));
      return row?.userId;
    },

    /** The plans a user had, newest first, that are on sale. */
    async plansHad(userId: number): Promise<PlanRow[]> {
      const rows = await db
        .select({ plan: plans, startsAt: subscriptions.startsAt })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(and(eq(subscriptions.userId, userId), eq(plans.onSale, true)))
        .orderBy(desc(subscriptions.startsAt));
      const seen = new Set<number>();
      return rows.flatMap((r) => (seen.has(r.plan.id) ? [] : (seen.add(r.plan.id), [r.plan])));
    },
  };
}
export type PaymentsRepo = ReturnType<typeof paymentsRepo>;
