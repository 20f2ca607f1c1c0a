/**
 * User data's row rules (3-bots-admin-public §2.10, §3 "Uploaded user", §5 "User upload"): which
 * column a header names, and what a row of an uploaded file says, cleaned, or why it is skipped.
 * Pure: the reader (user-data.read.ts) feeds it cells, the service writes what it answers.
 */
import { USER_DATA_MSG, type UserDataField } from '@drat/contracts';

/** A person as a row of a file gives them (empty fields are ''). */
export interface ContactRow {
  first_name: string;
  last_name: string;
  email: string;
  twitter_handle: string;
  instagram_handle: string;
  phone_number: string;
  tags: string[];
}

const HEADERS: Record<string, UserDataField> = {
  firstname: 'first_name',
  first: 'first_name',
  givenname: 'first_name',
  lastname: 'last_name',
  last: 'last_name',
  surname: 'last_name',
  familyname: 'last_name',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  twitter: 'twitter_handle',
  twitterhandle: 'twitter_handle',
  x: 'twitter_handle',
  xhandle: 'twitter_handle',
  instagram: 'instagram_handle',
  instagramhandle: 'instagram_handle',
  ig: 'instagram_handle',
  phone: 'phone_number',
  phonenumber: 'phone_number',
  mobile: 'phone_number',
  cell: 'phone_number',
  tags: 'tags',
  tag: 'tags',
  labels: 'tags',
};

/** The field each column holds (null: a column of no field, left out), or null when none is known. */
export function columnsOf(header: string[]): (UserDataField | null)[] | null {
  const columns = header.map((h) => HEADERS[h.toLowerCase().replace(/[^a-z]/g, '')] ?? null);
  return columns.some((c) => c !== null) ? columns : null;
}

const MAX = 200;
const TAGS_MAX = 20;
const EMAIL = /^[^\s@"'<>,;]+@[^\s@"'<>,;]+\.[^\s@"'<>,;]+$/;
const PHONE = /^\+?\d{7,15}$/;
const TWITTER = /^[A-Za-z0-9_]{1,15}$/;
const INSTAGRAM = /^[A-Za-z0-9._]{1,30}$/;

/** '@ada', 'https://x.com/ada' or 'instagram.com/ada/' → 'ada'. */
function handleOf(value: string): string {
  const v = value.trim();
  const url = /^(?:https?:\/\/)?(?:www\.)?(?:twitter\.com|x\.com|instagram\.com)\/@?([^/?#\s]+)\/?(?:[?#].*)?$/i.exec(
    v,
  );
  return (url ? url[1]! : v).replace(/^@/, '');
}

/** '(415) 555-0101' → '4155550101'; '+1 415 555 0101' → '+14155550101'. */
function phoneOf(value: string): string {
  return value.trim().replace(/[\s().-]/g, '');
}

/** 'vip; trial, vip' → ['vip', 'trial']: split on , ; or |, the first spelling of each kept. */
export function tagsOf(value: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of value.split(/[,;|]/)) {
    const tag = raw.trim().slice(0, 50);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags.slice(0, TAGS_MAX);
}

/** A file's row, cleaned, or why it is skipped. `cells` are in the order of `columns`. */
export function rowOf(cells: string[], columns: (UserDataField | null)[]): { row: ContactRow } | { reason: string } {
  const raw: Record<UserDataField, string> = {
    first_name: '',
    last_name: '',
    email: '',
    twitter_handle: '',
    instagram_handle: '',
    phone_number: '',
    tags: '',
  };
  columns.forEach((field, i) => {
    const v = (cells[i] ?? '').trim();
    if (field && v && !raw[field]) raw[field] = v;
  });
  for (const field of [
    'first_name',
    'last_name',
    'email',
    'twitter_handle',
    'instagram_handle',
    'phone_number',
  ] as const)
    if (raw[field].length > MAX) return { reason: USER_DATA_MSG.rowTooLong(field) };
  const email = raw.email.toLowerCase();
  if (email && !EMAIL.test(email)) return { reason: USER_DATA_MSG.rowEmail(raw.email) };
  const phone = phoneOf(raw.phone_number);
  if (phone && !PHONE.test(phone)) return { reason: USER_DATA_MSG.rowPhone(raw.phone_number) };
  const twitter = raw.twitter_handle ? handleOf(raw.twitter_handle) : '';
  if (twitter && !TWITTER.test(twitter)) return { reason: USER_DATA_MSG.rowHandle('Twitter', raw.twitter_handle) };
  const instagram = raw.instagram_handle ? handleOf(raw.instagram_handle) : '';
  if (instagram && !INSTAGRAM.test(instagram))
    return { reason: USER_DATA_MSG.rowHandle('Instagram', raw.instagram_handle) };
  const row: ContactRow = {
    first_name: raw.first_name,
    last_name: raw.last_name,
    email,
    twitter_handle: twitter,
    instagram_handle: instagram,
    phone_number: phone,
    tags: tagsOf(raw.tags),
  };
  if (!row.first_name && !row.last_name && !email && !phone && !twitter && !instagram)
    return { reason: USER_DATA_MSG.rowEmpty };
  return { row };
}

/** How a row is known again: its e-mail, else its phone number (null: it cannot be). */
export const keyOf = (row: Pick<ContactRow, 'email' | 'phone_number'>): string | null =>
  row.email ? `e:${row.email.toLowerCase()}` : row.phone_number ? `p:${row.phone_number}` : null;

/** A person as the list keeps them, for the diff. */
export type StoredContact = ContactRow & { id: number };

/**
 * What a row would change of a person already there, field by field: a value the row gives that
 * differs (an empty cell never clears a field); tags the row adds to theirs. Answers [field,
 * current, new] with tags joined by ', '.
 */
export function changesOf(current: StoredContact, row: ContactRow): [UserDataField, string, string][] {
  const out: [UserDataField, string, string][] = [];
  for (const field of ['first_name', 'last_name', 'twitter_handle', 'instagram_handle', 'phone_number'] as const) {
    const next = row[field];
    if (next && next !== current[field]) out.push([field, current[field], next]);
  }
  if (row.email && row.email !== current.email.toLowerCase()) out.push(['email', current.email, row.email]);
  const have = new Set(current.tags.map((t) => t.toLowerCase()));
  const added = row.tags.filter((t) => !have.has(t.toLowerCase()));
  if (added.length > 0)
    out.push(['tags', current.tags.join(', '), [...current.tags, ...added].slice(0, TAGS_MAX).join(', ')]);
  return out;
}

/**
 * A CSV cell a spreadsheet will not run: text starting with =, +, -, @, a tab or a carriage
 * return gets a leading ' (OWASP's advice on CSV injection), and a cell with a comma, a quote, a
 * line break, a semicolon or a tab is quoted: a spreadsheet whose list separator is ; (much of
 * Europe) or a tab would otherwise split 'x;=1+2' into a cell that starts with =.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
