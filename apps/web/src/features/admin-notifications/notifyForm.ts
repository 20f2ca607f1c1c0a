import {
  NOTIFY_AUDIENCE_LABELS,
  NOTIFY_AUDIENCES,
  NOTIFY_FILE_MAX_BYTES,
  NOTIFY_FILES_MAX,
  NOTIFY_MSG,
  notifyFields,
  type DeliveryStatus,
  type NotifyAudience,
  type NotifyChannel,
} from '@drat/contracts';
import { zodMessage } from '../../lib/zodRule';

/**
 * The notification form (3-bots-admin-public §2.8, §3 "Notification send", §5, §7) as pure
 * functions: the text fields it sends for its values, the contracts' message for each field
 * (notifyFields, the schema the server parses the form with), the files' limits, and the delivery
 * statuses of the sent table in colours.
 */

/** The form's values: the channels, the words, whom to, and the files (their bytes). */
export interface NotifyFormValues {
  channels?: NotifyChannel[];
  title?: string;
  message?: string;
  notification_type?: NotifyAudience;
  /** single: the user's e-mail, picked from the user list. */
  user?: string | null;
  /** multiple: the users' e-mails. */
  users?: string[] | null;
  /** users-on-plan: the plans' ids. */
  plans?: number[] | null;
}

/** The form's fields that notifyFields checks (each shows its own §5 message). */
export const NOTIFY_FORM_FIELDS = [
  'channels',
  'title',
  'message',
  'notification_type',
  'user',
  'users',
  'plans',
] as const;
export type NotifyFormField = (typeof NOTIFY_FORM_FIELDS)[number];

/** The audiences as radio options, in the contracts' words. */
export const AUDIENCE_OPTIONS = NOTIFY_AUDIENCES.map((value) => ({ value, label: NOTIFY_AUDIENCE_LABELS[value] }));

/** The files the server takes (it checks their bytes): PDFs, images and spreadsheets. */
export const NOTIFY_FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.csv,.xls,.xlsx';

/**
 * The text fields sent for `values` (§7): channels and, by the audience, `user` (single), `users`
 * as the JSON text of [{email}] (multiple) or `plans` as a JSON list of ids (users-on-plan); `all`
 * names nobody. Lists go as JSON text; what is empty is left out, as the server takes an empty field
 * for a missing one.
 */
export function notifyFieldsOf(values: NotifyFormValues): Record<string, string> {
  const fields: Record<string, string> = {};
  const type = values.notification_type ?? 'single';
  if (values.channels?.length) fields.channels = JSON.stringify(values.channels);
  if (values.title?.trim()) fields.title = values.title;
  if (values.message?.trim()) fields.message = values.message;
  fields.notification_type = type;
  const user = values.user?.trim();
  if (type === 'single' && user) fields.user = user;
  if (type === 'multiple' && values.users?.length)
    fields.users = JSON.stringify(values.users.map((email) => ({ email })));
  if (type === 'users-on-plan' && values.plans?.length) fields.plans = JSON.stringify(values.plans);
  return fields;
}

/** The multipart body of POST /management/create-notification/: the text fields, then each file as `file`. */
export function notifyFormData(values: NotifyFormValues, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(notifyFieldsOf(values))) form.append(name, value);
  for (const file of files) form.append('file', file, file.name);
  return form;
}

/** Fields that pass, put in place of the others' so that one field's message is found alone. */
const PASSING: Record<string, string> = { channels: '["EMAIL"]', title: 'Title', message: 'Message' };

/**
 * The contracts' message for `field` of what `values` would send, or null. The other text fields
 * are taken as passing, so the rules across fields (the audience's user, users or plans) speak even
 * while the title or the message is still empty.
 */
export function notifyMessage(values: NotifyFormValues, field: NotifyFormField): string | null {
  const sent = notifyFieldsOf(values);
  const body: Record<string, string> = { ...sent, ...PASSING };
  if (field in PASSING) {
    delete body[field];
    if (sent[field] !== undefined) body[field] = sent[field];
  }
  return zodMessage(notifyFields, body, field);
}

/** What is wrong with the files chosen (too many, one too large), or null. */
export function filesMessage(files: readonly { name: string; size?: number }[]): string | null {
  if (files.length > NOTIFY_FILES_MAX) return NOTIFY_MSG.tooManyFiles;
  const large = files.find((f) => (f.size ?? 0) > NOTIFY_FILE_MAX_BYTES);
  return large ? NOTIFY_MSG.fileTooLarge(large.name) : null;
}

/** Whom a send reaches, in words, for the confirmation and the success toast. */
export function audienceWords(values: NotifyFormValues): string {
  switch (values.notification_type ?? 'single') {
    case 'single':
      return values.user ?? 'one user';
    case 'multiple': {
      const n = values.users?.length ?? 0;
      return `${n} user${n === 1 ? '' : 's'}`;
    }
    case 'users-on-plan': {
      const n = values.plans?.length ?? 0;
      return `the users of ${n} plan${n === 1 ? '' : 's'}`;
    }
    case 'all':
      return 'every user';
  }
}

/** The channels besides the inbox, in words: "the inbox, e-mail and SMS". */
export function channelWords(channels: readonly NotifyChannel[] | undefined): string {
  const words = ['the inbox', ...(channels ?? []).map((c) => (c === 'EMAIL' ? 'e-mail' : 'SMS'))];
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;
}

/** A delivery status as a tag's colour (SUCCESS green, PENDING gold, FAILED red); null when no copy was sent. */
export function deliveryColor(status: DeliveryStatus | null): 'green' | 'gold' | 'red' | null {
  if (status === null) return null;
  return status === 'SUCCESS' ? 'green' : status === 'PENDING' ? 'gold' : 'red';
}

/** Whether a copy of a row is still on its way (the table reads itself again meanwhile). */
export const anyPending = (
  rows: readonly { email_status: DeliveryStatus | null; sms_status: DeliveryStatus | null }[],
) => rows.some((r) => r.email_status === 'PENDING' || r.sms_status === 'PENDING');
