import { ALERT_CATEGORIES } from '@drat/contracts';
import type { Db } from '../client';
import { and, eq, sql } from 'drizzle-orm';
import { alertCategories, alertTypes, challengeSlots, planAlertTypes, plans } from '../schema/index';
import { ALERT_TYPE_CATALOGUE, PLAN_CATALOGUE, SLOT_CATALOGUE } from './catalogue-data';

/** Inserts the alert categories, alert types and plans that are missing. Safe to run at every start. */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [position, name] of ALERT_CATEGORIES.entries()) {
      await tx.insert(alertCategories).values({ name, position }).onConflictDoNothing();
    }
    const categories = await tx.select().from(alertCategories);
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));
    for (const [category, names] of Object.entries(ALERT_TYPE_CATALOGUE)) {
      for (const name of names) {
        await tx
          .insert(alertTypes)
          .values({ name, categoryId: categoryId.get(category)! })
          .onConflictDoNothing();
      }
    }
    const types = await tx
      .select({ id: alertTypes.id, name: alertTypes.name, categoryId: alertTypes.categoryId })
      .from(alertTypes);
    for (const p of PLAN_CATALOGUE) {
      const [inserted] = await tx
        .insert(plans)
        .values({
          code: p.code,
          name: p.name,
          interval: p.interval,
          amountCents: Math.round(p.price * 100),
          features: p.features,
          dioneCredits: p.dioneCredits ?? 0,
          tradeIdeasCredits: p.tradeIdeasCredits ?? 0,
          trialDays: p.trialDays ?? 0,
          originalPrice: p.originalPrice?.toFixed(2),
          details: p.details ?? [],
          onSale: p.onSale ?? true,
        })
        .onConflictDoNothing()
        .returning({ id: plans.id });
      if (!inserted) {
        // A database made before plans had detail lines gets them once; a super user's edit is kept.
        await tx
          .update(plans)
          .set({ details: p.details ?? [] })
          .where(and(eq(plans.code, p.code), sql`cardinality(${plans.details}) = 0`));
        continue;
      }
      const wanted = types.filter(
        (t) => p.categories.some((c) => categoryId.get(c) === t.categoryId) || (p.extraTypes ?? []).includes(t.name),
      );
      if (wanted.length > 0) {
        await tx.insert(planAlertTypes).values(wanted.map((t) => ({ planId: inserted.id, alertTypeId: t.id })));
      }
    }
    for (const slot of SLOT_CATALOGUE) {
      const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.code, slot.planCode));
      if (!plan) continue;
      await tx
        .insert(challengeSlots)
        .values({ planId: plan.id, number: slot.number, link: slot.link, initialSlots: slot.slots, slots: slot.slots })
        .onConflictDoNothing();
    }
  });
}
