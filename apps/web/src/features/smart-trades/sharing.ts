import { shareFields, type PlanGroupsResponse, type SharedItemDto, type SharingType } from '@drat/contracts';
import { zodMessage } from '../../lib/zodRule';

/**
 * The share form (2-trading §2.3 "share", §5.4, §7; 3-bots-admin-public §2.1 "Shared Bots") as pure
 * functions: what each mode sends for a trade or a bot, and the contracts' messages for it
 * (shareFields, the schema the server parses the form with).
 */

/**
 * What is shared (§7: one smart-trade-share call for both): a trade (live_trade_order_id) or a
 * money-management bot (money_mgt_bot_id), with what the form's title names it by.
 */
export type ShareItem = { kind: 'trade'; id: number; ticker: string } | { kind: 'bot'; id: number; name: string };

/** The field that names the shared item, by its kind. */
const ITEM_FIELD = { trade: 'live_trade_order_id', bot: 'money_mgt_bot_id' } as const satisfies Record<
  ShareItem['kind'],
  string
>;

/** The form's title and the line under it, by what is shared. */
export function shareWords(item: ShareItem): { title: string; hint: string; toAll: string } {
  return item.kind === 'trade'
    ? {
        title: `Share trade ${item.id} (${item.ticker})`,
        hint: 'They see it under Shared Trades, with its symbol and trade ID. Nothing is placed on their account.',
        toAll: 'Every user is sent this trade.',
      }
    : {
        title: `Share ${item.name}`,
        hint: 'They receive its name and settings, not your account, and can make a bot of their own from it.',
        toAll: 'Every user is sent this bot.',
      };
}

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

/** The form's fields that carry a mode's choice (each shows its own §5.4 message). */
export const SHARE_FORM_FIELDS = ['user', 'users', 'plan'] as const;
export type ShareFormField = (typeof SHARE_FORM_FIELDS)[number];

/** The modes in words (super users choose one; live traders share with one e-mail). */
export const SHARING_TYPE_LABELS: Record<SharingType, string> = {
  single: 'One user',
  multiple: 'Several users',
  'users-on-plan': 'Users on a plan',
  all: 'All users',
};

/** What the form shares: the item's kind and id (its words are not sent). */
export type SharedRef = Pick<ShareItem, 'kind' | 'id'>;

/**
 * The text fields sent for `values` (§7): sharing_type and the item (live_trade_order_id or
 * money_mgt_bot_id), and the mode's own choice: `user` (single), `users` as the JSON text of
 * [{email}] (multiple) or `plan` (users-on-plan). What is empty is left out, as the server takes an
 * empty field for a missing one.
 */
export function shareFieldsOf(values: ShareFormValues, item: SharedRef): Record<string, string> {
  const fields: Record<string, string> = {
    sharing_type: values.sharing_type,
    [ITEM_FIELD[item.kind]]: String(item.id),
  };
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
export function shareFormData(values: ShareFormValues, item: SharedRef): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(shareFieldsOf(values, item))) form.append(name, value);
  return form;
}

/**
 * The contracts' message for `field` of what `values` would send ('Please provide the user's
 * email.', 'Please provide the users to send to', 'Select a plan.', a malformed e-mail), or null.
 */
export const shareMessage = (values: ShareFormValues, item: SharedRef, field: ShareFormField): string | null =>
  zodMessage(shareFields, shareFieldsOf(values, item), field);

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
 * Whom an item was shared with: the user's e-mail, or the address that belongs to no user yet;
 * null for a share with the users on a plan or with all users.
 */
export const sharedToOf = (item: Pick<SharedItemDto, 'shared_to' | 'shared_to_unknown'>): string | null =>
  item.shared_to ?? item.shared_to_unknown;
