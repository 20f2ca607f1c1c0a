import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SLOT_MSG, type SlotDto } from '@drat/contracts';
import { challengeSlots, plans } from '../../db/schema/index';
import { makeSignedIn, makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * Trade-challenge slots (3-bots-admin-public §2.3, §3, §5 "Slot edit", §7): the public list, a
 * super user's edit with every rule, and the count-down that takes each period's deduction once,
 * however often and by however many processes its job runs.
 */
let t: TestApp;
let adminToken: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.app, await makeUser(t.db, { isSuper: true }));
});
afterAll(async () => {
  await t?.close();
});

const list = async (): Promise<SlotDto[]> => {
  const res = await t.get('/payments/slots');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const slotOf = async (name: string) => (await list()).find((s) => s.plan_name === name)!;
const edit = (id: number, body: unknown, token: string | null = adminToken) =>
  t.post(`/payments/slots/edit/${id}/`, body, token ? { token } : {});

describe('the slots', () => {
  it('are-public-each-challenge-and-the-lifetime-offer-with-the-places-left-and-a-second-challenge-is-named-with-its-number', async () => {
    const slots = await list();
    expect(slots.map((s) => [s.plan_name, s.rem_slots])).toEqual(
      expect.arrayContaining([
        ['$5K Trade Challenge', 25],
        ['$10K Trade Challenge', 25],
        ['$15K Trade Challenge', 25],
        ['$25K Trade Challenge', 25],
        ['Lifetime', 15],
      ]),
    );
    // The second challenge's page sells its own places (§2.13), named with its number (§7).
    expect((await slotOf('$5K Trade Challenge - 2')).rem_slots).toBe(25);
    const [plan] = await t.db.select().from(plans).where(eq(plans.code, 'trade-challenge-5k'));
    await t.db.insert(challengeSlots).values({ planId: plan!.id, number: 3, initialSlots: 10, slots: 10 });
    expect((await slotOf('$5K Trade Challenge - 3')).rem_slots).toBe(10);
  });

  it('an-edit-is-a-super-users-and-every-rule-is-told-under-its-field-with-nothing-changed', async () => {
    const slot = await slotOf('$10K Trade Challenge');
    const subscriber = await makeSignedIn(t);
    expect((await edit(slot.id, { remaining_slots: 1 }, null)).statusCode).toBe(401);
    expect((await edit(slot.id, { remaining_slots: 1 }, subscriber.token)).statusCode).toBe(403);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ remaining_slots: -1 }, { remaining_slots: [SLOT_MSG.wholeNumber('Slots')] }],
      [{ remaining_slots: 2.5 }, { remaining_slots: [SLOT_MSG.wholeNumber('Slots')] }],
      [{ remaining_slots: '0x10' }, { remaining_slots: [SLOT_MSG.wholeNumber('Slots')] }],
      [{}, { remaining_slots: [SLOT_MSG.wholeNumber('Slots')] }],
      [{ remaining_slots: 5, count_down_start_date: 'tomorrow' }, { count_down_start_date: [SLOT_MSG.dateInvalid] }],
      [
        { remaining_slots: 5, count_down_start_date: '2026-12-02', count_down_end_date: '2026-12-01' },
        { count_down_end_date: [SLOT_MSG.endBeforeStart] },
      ],
      [{ remaining_slots: 5, deduction_value: 2 }, { rate_of_deduction_in_hours: [SLOT_MSG.rateNeeded] }],
      [
        { remaining_slots: 5, rate_of_deduction_in_hours: 8761 },
        { rate_of_deduction_in_hours: [SLOT_MSG.rateTooLong] },
      ],
      [{ remaining_slots: 5, count_down_start_date: '0000-01-01' }, { count_down_start_date: [SLOT_MSG.dateInvalid] }],
    ];
    for (const [body, errors] of cases) {
      const res = await edit(slot.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject(errors);
    }
    expect((await edit(999_999, { remaining_slots: 1 })).statusCode).toBe(404);
    expect(await slotOf('$10K Trade Challenge')).toEqual(slot);
  });

  it('a-count-down-takes-its-deduction-once-per-period-up-to-its-end-never-below-zero-however-often-it-runs', async () => {
    const slot = await slotOf('$15K Trade Challenge');
    const now = t.clock.now().getTime();
    // Started 5 hours ago, 3 places every 2 hours, for 9 hours: 2 periods are due at once.
    const res = await edit(slot.id, {
      remaining_slots: 20,
      count_down_start_date: new Date(now - 5 * HOUR).toISOString(),
      count_down_end_date: new Date(now + 4 * HOUR).toISOString(),
      rate_of_deduction_in_hours: 2,
      deduction_value: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SLOT_MSG.updated,
      data: { remaining_slots: 20, rem_slots: 14, rate_of_deduction_in_hours: 2, deduction_value: 3 },
    });
    // Two processes at once, and again: nothing more is due.
    await Promise.all([t.modules.admin.slots.deductDue(), t.modules.admin.slots.deductDue()]);
    await t.modules.admin.slots.deductDue();
    expect((await slotOf('$15K Trade Challenge')).rem_slots).toBe(14);
    // An hour on: the third period (5 h → 6 h) ends; then past the end, the fourth and no more.
    t.clock.advanceMinutes(60);
    await t.modules.admin.slots.deductDue();
    expect((await slotOf('$15K Trade Challenge')).rem_slots).toBe(11);
    t.clock.advanceMinutes(10 * 60);
    await Promise.all([t.modules.admin.slots.deductDue(), t.modules.admin.slots.deductDue()]);
    expect((await slotOf('$15K Trade Challenge')).rem_slots).toBe(8);

    // Never below 0 (signed in again: the session idled out while the clock moved).
    adminToken = await signIn(t.app, await makeUser(t.db, { isSuper: true }));
    const floor = await edit(slot.id, {
      remaining_slots: 2,
      count_down_start_date: new Date(t.clock.now().getTime() - 10 * HOUR).toISOString(),
      rate_of_deduction_in_hours: 1,
      deduction_value: 5,
    });
    expect(floor.statusCode, floor.body).toBe(200);
    expect((await slotOf('$15K Trade Challenge')).rem_slots).toBe(0);

    // The longest count-down allowed, a million places every hour since 1900: exact, no overflow.
    const longest = await edit(slot.id, {
      remaining_slots: 1_000_000,
      count_down_start_date: '1900-01-01',
      count_down_end_date: '9999-12-31',
      rate_of_deduction_in_hours: 1,
      deduction_value: 1_000_000,
    });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json().data.rem_slots).toBe(0);
    await t.modules.admin.slots.deductDue();
    expect((await slotOf('$15K Trade Challenge')).rem_slots).toBe(0);

    const audit = await t.get('/management/audit-log', { token: adminToken });
    expect(audit.json().data[1]).toMatchObject({
      action: 'slots.edit',
      summary: 'Set the slots of $15K Trade Challenge: 2 offered',
      after: { remaining_slots: 2, deduction_value: 5 },
    });
  });
});
