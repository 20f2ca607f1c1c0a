/** The trade-challenge slots' queries (challenge_slots). */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';
import { challengeSlots, plans } from '../../db/schema/index';

export interface SlotRow {
  id: number;
  planId: number;
  planName: string;
  number: number;
  link: string;
  initialSlots: number;
  slots: number;
  countDownStart: Date | null;
  countDownEnd: Date | null;
  rateHours: number;
  deduction: number;
}

export function slotsRepo(db: Db) {
  const select = () =>
    db
      .select({
        id: challengeSlots.id,
        planId: challengeSlots.planId,
        planName: plans.name,
        number: challengeSlots.number,
        link: challengeSlots.link,
        initialSlots: challengeSlots.initialSlots,
        slots: challengeSlots.slots,
        countDownStart: challengeSlots.countDownStart,
        countDownEnd: challengeSlots.countDownEnd,
        rateHours: challengeSlots.rateHours,
        deduction: challengeSlots.deduction,
      })
      .from(challengeSlots)
      .innerJoin(plans, eq(plans.id, challengeSlots.planId));

  return {
    all: (): Promise<SlotRow[]> => select().orderBy(asc(plans.amountCents), asc(challengeSlots.number)),
    byId: async (id: number): Promise<SlotRow | undefined> => (await select().where(eq(challengeSlots.id, id)))[0],

    /** A super user's edit: the places offered and left, and the count-down, started again. */
    async edit(
      id: number,
      w: { slots: number; start: Date | null; end: Date | null; rateHours: number; deduction: number },
      tx?: Tx,
    ): Promise<boolean> {
      const rows = await runnerOf(db, tx)
        .update(challengeSlots)
        .set({
          initialSlots: w.slots,
          slots: w.slots,
          countDownStart: w.start,
          countDownEnd: w.end,
          rateHours: w.rateHours,
          deduction: w.deduction,
          deductedPeriods: 0,
        })
        .where(eq(challengeSlots.id, id))
        .returning({ id: challengeSlots.id });
      return rows.length > 0;
    },

    /**
     * Takes the count-downs' due deductions at `now`: each slot whose count-down has run p whole
     * periods (up to its end) loses `deduction` for each period not taken yet, never below 0. One
     * statement: two processes running it at once take each period once (the second finds the
     * periods counted). The products are bigint: the largest count-down allowed (years 1900-9999,
     * one hour apart, a million places each) stays exact. Answers the slots changed.
     */
    async deductDue(now: Date): Promise<number> {
      const at = now.toISOString();
      const periods = sql`floor(extract(epoch from (least(${at}::timestamptz, coalesce(${challengeSlots.countDownEnd}, ${at}::timestamptz)) - ${challengeSlots.countDownStart})) / (${challengeSlots.rateHours}::bigint * 3600))::bigint`;
      const { rowCount } = await db.execute(sql`
        update ${challengeSlots}
           set slots = greatest(0, ${challengeSlots.slots} - ${challengeSlots.deduction}::bigint * (${periods} - ${challengeSlots.deductedPeriods}))::int,
               deducted_periods = ${periods}::int
         where ${challengeSlots.rateHours} > 0 and ${challengeSlots.deduction} > 0
           and ${challengeSlots.countDownStart} is not null and ${challengeSlots.countDownStart} <= ${at}::timestamptz
           and ${periods} > ${challengeSlots.deductedPeriods}`);
      return rowCount ?? 0;
    },
  };
}
export type SlotsRepo = ReturnType<typeof slotsRepo>;
