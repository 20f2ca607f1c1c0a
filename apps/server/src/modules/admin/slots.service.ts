/**
 * Trade-challenge slots (3-bots-admin-public §2.3, §3, §7): the public list the sales pages read,
 * a super user's edit (audited), and the count-down job that takes its deductions once per period.
 */
import { SLOT_MSG, type SlotDto, type SlotEditBody } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { WithTransaction } from '../../db/transaction';
import type { Admin, AuditService } from './audit.service';
import type { SlotRow, SlotsRepo } from './slots.repo';

const dto = (s: SlotRow): SlotDto => ({
  id: s.id,
  plan: { id: s.planId, name: s.planName },
  plan_name: s.number > 1 ? `${s.planName} - ${s.number}` : s.planName,
  link: s.link,
  remaining_slots: s.initialSlots,
  rem_slots: s.slots,
  count_down_start_date: s.countDownStart?.toISOString() ?? null,
  count_down_end_date: s.countDownEnd?.toISOString() ?? null,
  rate_of_deduction_in_hours: s.rateHours,
  deduction_value: s.deduction,
});

/** What the audit log keeps of a slot. */
const audited = (s: SlotDto) => ({
  remaining_slots: s.remaining_slots,
  rem_slots: s.rem_slots,
  count_down_start_date: s.count_down_start_date,
  count_down_end_date: s.count_down_end_date,
  rate_of_deduction_in_hours: s.rate_of_deduction_in_hours,
  deduction_value: s.deduction_value,
});

export function createSlots(deps: {
  repo: SlotsRepo;
  audit: Pick<AuditService, 'record'>;
  withTransaction: WithTransaction;
  now: () => Date;
}) {
  const { repo, audit, withTransaction, now } = deps;
  return {
    /** GET /payments/slots (public). */
    async list() {
      return { data: (await repo.all()).map(dto) };
    },

    /** POST /payments/slots/edit/{id}/. */
    async edit(admin: Admin, id: number, body: SlotEditBody) {
      const before = await repo.byId(id);
      if (!before) throw new DomainError('NOT_FOUND', SLOT_MSG.slotNotFound);
      const date = (v: string | null | undefined) => (v ? new Date(v) : null);
      const w = {
        slots: body.remaining_slots,
        start: date(body.count_down_start_date),
        end: date(body.count_down_end_date),
        rateHours: body.rate_of_deduction_in_hours,
        deduction: body.deduction_value,
      };
      // The edit and its audit entry are kept together, or neither is.
      await withTransaction(async (tx) => {
        await repo.edit(id, w, tx);
        const after: SlotDto = {
          ...dto(before),
          remaining_slots: w.slots,
          rem_slots: w.slots,
          count_down_start_date: w.start?.toISOString() ?? null,
          count_down_end_date: w.end?.toISOString() ?? null,
          rate_of_deduction_in_hours: w.rateHours,
          deduction_value: w.deduction,
        };
        await audit.record(
          admin,
          {
            action: 'slots.edit',
            subject: null,
            summary: `Set the slots of ${after.plan_name}: ${after.remaining_slots} offered`,
            before: audited(dto(before)),
            after: audited(after),
          },
          tx,
        );
      });
      // A count-down that started before this edit takes its due periods at once.
      await repo.deductDue(now());
      return { message: SLOT_MSG.updated, data: dto((await repo.byId(id))!) };
    },

    /** The 'slots.deduct' job: every count-down's due deductions, once per period (safe to run twice). */
    deductDue: () => repo.deductDue(now()),
  };
}
export type SlotsService = ReturnType<typeof createSlots>;
