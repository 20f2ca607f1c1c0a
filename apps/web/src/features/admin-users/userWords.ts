import type { AdminProfile, UpdateProfileBody } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';

/** What a user's row menu offers (3-bots-admin-public §2.3). */
export type UserAction =
  'details' | 'profile' | 'password' | 'plans' | 'grantLive' | 'revokeLive' | 'deactivate' | 'activate';

export const ACTION_LABELS: Record<UserAction, string> = {
  details: 'View details',
  profile: 'Update profile',
  password: 'Reset password',
  plans: 'Edit plans',
  grantLive: 'Grant live trading',
  revokeLive: 'Revoke live trading',
  deactivate: 'Deactivate',
  activate: 'Activate',
};

/**
 * The row's actions: Revoke only for live traders, Grant only for others, Deactivate only for active
 * users and Activate only for inactive ones (§2.3). What the server refuses for a super user's row
 * is not offered: Deactivate (their own: `selfEmail` is the signed-in user's; another super user's
 * neither), and Reset password of another super user (they change it themselves, in Settings).
 */
export function userActions(user: AdminProfile, selfEmail?: string): UserAction[] {
  const self = selfEmail !== undefined && user.email.toLowerCase() === selfEmail.toLowerCase();
  const activeness: UserAction[] = user.active_status ? (self || user.is_super ? [] : ['deactivate']) : ['activate'];
  const password: UserAction[] = user.is_super && !self ? [] : ['password'];
  return ['details', 'profile', ...password, 'plans', user.is_live_trader ? 'revokeLive' : 'grantLive', ...activeness];
}

/** Whether `query` (any case) is in the user's name or e-mail; an empty query matches everyone. */
export function matchesSearch(user: AdminProfile, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || user.name.toLowerCase().includes(q) || user.email.toLowerCase().includes(q);
}

/** What the Update profile form holds. */
export interface ProfileValues {
  phone_number?: string;
  email?: string;
  receive_emails?: boolean;
  receive_sms?: boolean;
  dione_credits?: number | null;
}

export const profileValuesOf = (user: AdminProfile): ProfileValues => ({
  phone_number: user.phone_number,
  email: user.email,
  receive_emails: user.receive_emails,
  receive_sms: user.receive_sms,
  dione_credits: user.dione_credits,
});

/**
 * Only the fields the form changed from the user's record (§5 "Profile update": at least one; the
 * server then says 'No valid fields provided for update'): texts compared trimmed, e-mail in any case.
 */
export function changedFields(user: AdminProfile, values: ProfileValues): UpdateProfileBody {
  const body: UpdateProfileBody = {};
  const phone = values.phone_number?.trim();
  if (phone !== undefined && phone !== user.phone_number) body.phone_number = phone;
  const email = values.email?.trim();
  if (email && email.toLowerCase() !== user.email.toLowerCase()) body.email = email;
  if (values.receive_emails !== undefined && values.receive_emails !== user.receive_emails)
    body.receive_emails = values.receive_emails;
  if (values.receive_sms !== undefined && values.receive_sms !== user.receive_sms)
    body.receive_sms = values.receive_sms;
  if (
    values.dione_credits !== undefined &&
    values.dione_credits !== null &&
    values.dione_credits !== user.dione_credits
  )
    body.dione_credits = values.dione_credits;
  return body;
}

/** A moment as the server writes it (2026-11-30T09:38:31.066Z). */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The words of an audited field (the record's own name, in words, for any other). */
const FIELD_WORDS: Record<string, string> = {
  is_active: 'active',
  active_status: 'active',
  is_live_trader: 'live trading',
  phone_number: 'phone',
  receive_emails: 'receives e-mails',
  receive_sms: 'receives SMS',
  remaining_slots: 'slots offered',
  rem_slots: 'slots left',
  count_down_start_date: 'count-down start',
  count_down_end_date: 'count-down end',
  rate_of_deduction_in_hours: 'hours between deductions',
  deduction_value: 'slots deducted',
};
export const fieldWords = (field: string) => FIELD_WORDS[field] ?? field.replace(/_/g, ' ');

/** A value of an audit record in words (a moment in the reader's time). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && ISO_MOMENT.test(value)) return formatDateTime(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(valueText).join(', ');
  if (typeof value === 'object') {
    const named = value as { name?: unknown };
    return typeof named.name === 'string' ? named.name : JSON.stringify(value);
  }
  return String(value);
}

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/** The fields an admin action changed, before → after (every field given when only one side exists). */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((field) => ({
      field: fieldWords(field),
      before: valueText(before?.[field]),
      after: valueText(after?.[field]),
    }))
    .filter((c) => c.before !== c.after);
}
