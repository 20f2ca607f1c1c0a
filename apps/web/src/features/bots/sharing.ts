import { shareFields, type PlanGroupsResponse, type SharedItemDto, type SharingType } from '@drat/contracts';
import { zodMessage } from '../../lib/zodRule';

/**
 * Sharing a bot (3-bots-admin-public §2.1 "Shared Bots", 2-trading §5.4, §7: the smart-trade-share
 * calls with money_mgt_bot_id) as pure functions: what each mode sends, and the contracts' messages.
 */

/** The share form's values: the mode, and what that mode names. */
export interface ShareFormValues {
  sharing_type: SharingType;
  /** single: the user's e-mail (typed by a live trader, picked from the list by a super user). */
  user?: string | null;
  /** multiple: the users' e-mails. */
  users?: string[] | null;
  /** users-on-plan: the plan's id (a child of GET /payments/plans). */
  plan?: number | null;
}

/** The form's fields that carry a mode's choice (each shows its own message). */
export const SHARE_FORM_FIELDS = ['user', 'users', 'plan'] as const;
export type ShareFormField = (typeof SHARE_FORM_FIELDS)[number];

/** The modes in words (super users choose one; live traders share with one e-mail). */
export const SHARING_TYPE_LABELS: Record<SharingType, string> = {
  single: 'One user',
  multiple: 'Several users',
  'users-on-plan': 'Users on a plan',
  all: 'All users',
};

/**
 * The text fields sent for `values` (§7): sharing_type and money_mgt_bot_id, and the mode's own
 * choice: `user` (single), `users` as the JSON text of [{email}] (multiple) or `plan`
 * (users-on-plan). What is empty is left out, as the server takes an empty field for a missing one.
 */
export function shareFieldsOf(values: ShareFormValues, botId: number): Record<string, string> {
  const fields: Record<string, string> = { sharing_type: values.sharing_type, money_mgt_bot_id: String(botId) };
  const user = values.user?.trim();
  if (values.sharing_type === 'single' && user) fields.user = user;
  if (values.sharing_type === 'multiple' && values.users?.length) {
    fields.users = JSON.stringify(values.users.map((email) => ({ email })));
  }
  if (values.sharing_type === 'users-on-plan' && values.plan !== undefined && values.plan !== null) {
    fields.plan = String(values.plan);
  }
  return fields;
}

/** The multipart body of POST /livetrading/smart-trade-share/create/ for `values`. */
export function shareFormData(values: ShareFormValues, botId: number): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(shareFieldsOf(values, botId))) form.append(name, value);
  return form;
}

/** The contracts' message for `field` of what `values` would send (shareFields), or null. */
export const shareMessage = (values: ShareFormValues, botId: number, field: ShareFormField): string | null =>
  zodMessage(shareFields, shareFieldsOf(values, botId), field);

/** The user list as a Select's options, without the caller (nobody shares with themselves). */
export const userOptions = (users: readonly { email: string }[], self: string | undefined) =>
  users.filter((u) => u.email.toLowerCase() !== self?.toLowerCase()).map((u) => ({ value: u.email, label: u.email }));

/** GET /payments/plans as the options of a grouped Select: a group per label, its plans by id. */
export const planOptions = (groups: PlanGroupsResponse['data']) =>
  groups.map((g) => ({
    label: g.label,
    title: g.label,
    options: g.children.map((p) => ({ label: p.label, value: p.value })),
  }));

/**
 * Whom a bot was shared with: the user's e-mail, or the address that belongs to no user yet; null
 * for a share with the users on a plan or with all users.
 */
export const sharedToOf = (item: Pick<SharedItemDto, 'shared_to' | 'shared_to_unknown'>): string | null =>
  item.shared_to ?? item.shared_to_unknown;
