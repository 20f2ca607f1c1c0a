import dayjs, { type Dayjs } from 'dayjs';
import {
  ALL_SECTORS,
  BOT_ALERT_WINDOW_DAYS,
  BOT_DEFAULTS,
  BOT_NAME_MAX,
  botBody,
  botDateIssues,
  botFields,
  type BotBody,
  type BotBodyIn,
  type BotDto,
  wordedIssue,
} from '@drat/contracts';
import { zodMessage } from '../../lib/zodRule';

/**
 * The bot drawer's form (3-bots-admin-public §2.1, §4, §5, §9) as pure functions: its values after
 * a reset, from a bot (update) or as a copy, the body it sends, each field's message from the
 * contracts' schema, and the entry and exit sizes that mirror each other.
 */

/** The account_id of a bot trading on its owner's demo account (the server's DEMO_ACCOUNT). */
export const DEMO_ACCOUNT = 'DEMO';
export const DEMO_ACCOUNT_LABEL = 'Demo account';

/* ---- Days (YYYY-MM-DD, New York's: the server reads "cannot be before today" there) ---- */

const NEW_YORK_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** New York's date of `at`, YYYY-MM-DD. */
export function newYorkDate(at: Date = new Date()): string {
  const parts = NEW_YORK_DAY.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day `n` days after `day` (both YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const dayOf = (text: string | null | undefined): Dayjs | null => (text ? dayjs(text) : null);
const textOf = (day: Dayjs | null | undefined): string | undefined =>
  day && day.isValid() ? day.format('YYYY-MM-DD') : undefined;

/* ---- The form's values ---- */

type DateKey = 'alerts_from_date' | 'alerts_to_date' | 'expiration_from_date' | 'expiration_to_date';
type NumberKey = { [K in keyof BotBody]-?: BotBody[K] extends number ? K : never }[keyof BotBody];
type OtherKey = Exclude<keyof BotBody, DateKey | NumberKey | 'trade_category'>;

/** What the form holds: the body's fields by the server's names, dates as pickers' days, cleared numbers null. */
export type BotFormValues = { [K in OtherKey]: BotBody[K] } & { [K in NumberKey]: number | null } & {
  [K in DateKey]: Dayjs | null;
} & { trade_category: string | undefined };

/** Every field the server reads, by name (botFields): its field errors land on these. */
export const BOT_FIELDS = Object.keys(botFields) as (keyof BotBody)[];
export type BotField = keyof BotBody;

/**
 * The form after a reset (§9 "Bot defaults"): BOT_DEFAULTS, the demo account, no category yet, and
 * alerts from today to today plus BOT_ALERT_WINDOW_DAYS.
 */
export function defaultValues(today: string): BotFormValues {
  return {
    ...BOT_DEFAULTS,
    selected_sectors: [...BOT_DEFAULTS.selected_sectors],
    account_id: DEMO_ACCOUNT,
    trade_category: undefined,
    alerts_from_date: dayjs(today),
    alerts_to_date: dayjs(addDays(today, BOT_ALERT_WINDOW_DAYS)),
    expiration_from_date: null,
    expiration_to_date: null,
  };
}

/** A bot's settings as the form shows them (Update, Edit). */
export function valuesOf(bot: BotDto): BotFormValues {
  const values = {} as Record<string, unknown>;
  for (const key of Object.keys(BOT_DEFAULTS)) values[key] = bot[key as keyof BotDto];
  return {
    ...(values as BotFormValues),
    bot_name: bot.bot_name,
    account_id: bot.trade_account.account_id,
    trade_category: bot.trade_category.name,
    selected_sectors: [...(bot.selected_sectors as BotBody['selected_sectors'])],
    options_strategy: bot.options_strategy as BotBody['options_strategy'],
    alerts_from_date: dayOf(bot.alerts_from_date),
    alerts_to_date: dayOf(bot.alerts_to_date),
    expiration_from_date: dayOf(bot.expiration_from_date),
    expiration_to_date: dayOf(bot.expiration_to_date),
  };
}

/** "Copy of Swing bot", kept within the name's limit. */
export const copyName = (name: string): string => `Copy of ${name}`.slice(0, BOT_NAME_MAX).trimEnd();

/**
 * Settings for a new bot: dates that have passed move to today (a new bot cannot start before
 * today), an alert window that ended starts again for BOT_ALERT_WINDOW_DAYS, and an expiration range
 * that ended is cleared.
 */
function asNewBot(values: BotFormValues, today: string): BotFormValues {
  const day = (d: Dayjs | null) => textOf(d) ?? null;
  const alertsFrom = day(values.alerts_from_date);
  const alertsTo = day(values.alerts_to_date);
  const from = alertsFrom === null || alertsFrom < today ? today : alertsFrom;
  const to = alertsTo === null || alertsTo < from ? addDays(from, BOT_ALERT_WINDOW_DAYS) : alertsTo;
  const expirationFrom = day(values.expiration_from_date);
  const expirationTo = day(values.expiration_to_date);
  const expirationGone = expirationTo !== null && expirationTo < today;
  return {
    ...values,
    alerts_from_date: dayjs(from),
    alerts_to_date: dayjs(to),
    expiration_from_date: expirationGone
      ? null
      : expirationFrom !== null && expirationFrom < today
        ? dayjs(today)
        : values.expiration_from_date,
    expiration_to_date: expirationGone ? null : values.expiration_to_date,
  };
}

/** A bot's settings for a new bot (Copy), named "Copy of …". */
export function copyValuesOf(bot: BotDto, today: string): BotFormValues {
  return asNewBot({ ...valuesOf(bot), bot_name: copyName(bot.bot_name) }, today);
}

/**
 * A bot shared with the user (Shared Bots, received): its name and settings (the form without the
 * sharer's account) over the defaults, for a new bot of their own on the demo account until they
 * choose another.
 */
export function sharedValuesOf(name: string, settings: Record<string, unknown>, today: string): BotFormValues {
  const values: Record<string, unknown> = { ...defaultValues(today) };
  for (const key of Object.keys(BOT_DEFAULTS)) {
    const value = settings[key];
    if (value !== undefined && value !== null) values[key] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  const text = (key: string) => (typeof settings[key] === 'string' ? (settings[key] as string) : null);
  return asNewBot(
    {
      ...(values as BotFormValues),
      bot_name: name.slice(0, BOT_NAME_MAX),
      account_id: DEMO_ACCOUNT,
      trade_category: text('trade_category') ?? undefined,
      alerts_from_date: dayOf(text('alerts_from_date')),
      alerts_to_date: dayOf(text('alerts_to_date')),
      expiration_from_date: dayOf(text('expiration_from_date')),
      expiration_to_date: dayOf(text('expiration_to_date')),
    },
    today,
  );
}

/* ---- Entry and exit sizes (§2.1, §4) ---- */

export const SIZE_FIELDS = [
  'low_buy_range_proportion',
  'high_buy_range_proportion',
  'low_target_range_proportion',
  'high_target_range_proportion',
] as const;
export type SizeField = (typeof SIZE_FIELDS)[number];
export type Sizes = Record<SizeField, number>;

export const isSizeField = (key: string): key is SizeField => (SIZE_FIELDS as readonly string[]).includes(key);

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * §4: changing one size sets the other of its pair to 100 minus it, and the entries mirror the
 * exits (Entry 1 = Exit 1, Entry 2 = Exit 2), so each pair sums to 100. A value outside 0-100 is
 * taken at the nearest bound; a cleared one (null) changes nothing.
 */
export function mirrorSizes(changed: SizeField, value: number | null | undefined): Sizes | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const size = cents(Math.min(100, Math.max(0, value)));
  const rest = cents(100 - size);
  const first = changed === 'low_buy_range_proportion' || changed === 'low_target_range_proportion';
  const one = first ? size : rest;
  const two = first ? rest : size;
  return {
    low_buy_range_proportion: one,
    high_buy_range_proportion: two,
    low_target_range_proportion: one,
    high_target_range_proportion: two,
  };
}

/** §2.1: the switch splitting a 100% entry into half exit ranges shows only when an entry is 100. */
export const splitShown = (v: Pick<BotFormValues, 'low_buy_range_proportion' | 'high_buy_range_proportion'>) =>
  v.low_buy_range_proportion === 100 || v.high_buy_range_proportion === 100;

/* ---- Sectors (§9): ALL SECTORS is a choice of its own ---- */

/**
 * The sectors after the select changed from `previous` to `next`: picking ALL SECTORS leaves only
 * it, picking a sector drops ALL SECTORS, and nothing left means ALL SECTORS.
 */
export function pickSectors<T extends string>(previous: readonly T[], next: readonly T[]): T[] {
  const added = next.filter((s) => !previous.includes(s));
  if (added.includes(ALL_SECTORS as T)) return [ALL_SECTORS as T];
  const specific = next.filter((s) => s !== ALL_SECTORS);
  return specific.length > 0 ? specific : [ALL_SECTORS as T];
}

/* ---- The body and its checks ---- */

/**
 * The body sent for `v` (§7: account_id, trade_category as the type's name, dates as YYYY-MM-DD).
 * Not checked yet: a cleared number is left out for the schema to name. The split switch counts
 * only while shown.
 */
export function bodyOf(v: BotFormValues): BotBodyIn {
  const body: Record<string, unknown> = {};
  for (const key of BOT_FIELDS) {
    const value = (v as Record<string, unknown>)[key];
    body[key] = value === null ? undefined : value;
  }
  return {
    ...body,
    alerts_from_date: textOf(v.alerts_from_date),
    alerts_to_date: textOf(v.alerts_to_date),
    expiration_from_date: textOf(v.expiration_from_date) ?? null,
    expiration_to_date: textOf(v.expiration_to_date) ?? null,
    split_100_percent_buy_range_shares_into_half_exit_ranges:
      splitShown(v) && v.split_100_percent_buy_range_shares_into_half_exit_ranges === true,
  } as BotBodyIn;
}

/** The dates a bot had (Update): the server does not refuse them for having passed. */
export type KeptDates = Parameters<typeof botDateIssues>[2];
export const keptDatesOf = (bot: BotDto | null): KeptDates =>
  bot
    ? {
        alerts_from_date: bot.alerts_from_date,
        alerts_to_date: bot.alerts_to_date,
        expiration_from_date: bot.expiration_from_date,
        expiration_to_date: bot.expiration_to_date,
      }
    : {};

/** "Cannot be before today" for the dates of `body` (botDateIssues, with New York's `today`). */
function dateIssues(body: BotBodyIn, today: string, kept: KeptDates) {
  const day = (v: unknown) => (typeof v === 'string' ? v : null);
  return botDateIssues(
    {
      alerts_from_date: day(body.alerts_from_date) ?? '',
      alerts_to_date: day(body.alerts_to_date) ?? '',
      expiration_from_date: day(body.expiration_from_date),
      expiration_to_date: day(body.expiration_to_date),
    },
    today,
    kept,
  );
}

/** The message the contracts give on one field for the form as it stands, or null. */
export function fieldMessage(v: BotFormValues, field: BotField, today: string, kept: KeptDates): string | null {
  const body = bodyOf(v);
  return (
    zodMessage(botBody, body, field) ?? dateIssues(body, today, kept).find((i) => i.path[0] === field)?.message ?? null
  );
}

/**
 * The whole form checked with the contracts (botBody, botDateIssues): the body to send when it
 * passes, else every message with its field.
 */
export type BotCheck = { ok: true; body: BotBodyIn } | { ok: false; issues: { field: string; message: string }[] };

export function checkBot(v: BotFormValues, today: string, kept: KeptDates): BotCheck {
  const body = bodyOf(v);
  const parsed = botBody.safeParse(body, { error: wordedIssue });
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }))),
    ...dateIssues(body, today, kept).map((i) => ({ field: i.path[0]!, message: i.message })),
  ];
  if (parsed.success && issues.length === 0) return { ok: true, body };
  return { ok: false, issues };
}
