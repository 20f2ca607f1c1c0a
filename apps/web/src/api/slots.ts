import type { z } from 'zod';
import type { SlotEditBody, slotEditedSchema, slotsSchema } from '@drat/contracts';

import { api } from './client';

/**
 * Trade-challenge slots (3-bots-admin-public §2.3, §3, §7 "Slots and checkout", SLOTS_API): one
 * function per endpoint.
 */

export type Slots = z.infer<typeof slotsSchema>;
export type SlotEdited = z.infer<typeof slotEditedSchema>;

/** The trade challenges and the lifetime offer with the places left in each (SLOTS_API.list, public). */
export const fetchSlots = () => api.get<Slots>('/payments/slots');

/** Sets a challenge's places and count-down; the count-down starts again (SLOTS_API.edit, super users). */
export const editSlot = (slotId: number, body: SlotEditBody) =>
  api.post<SlotEdited>(`/payments/slots/edit/${encodeURIComponent(slotId)}/`, body);
