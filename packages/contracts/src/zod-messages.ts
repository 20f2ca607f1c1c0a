import { z } from 'zod';

/**
 * Words for refused input, written once for the server and the web app: every issue a schema
 * raises without a message of its own is said in words naming the field ('Alert price must be a
 * number.'), never in the validator's own text ('Invalid input: expected number, received
 * string'). A schema that gives its field a message (the spec's texts) keeps it. Registered with
 * `z.config` when this module loads, which importing `@drat/contracts` does.
 */

/** Words of field names that are written otherwise than capitalised. */
const WORDS: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  otp: 'OTP',
  sms: 'SMS',
  url: 'URL',
  urls: 'URLs',
  api: 'API',
  ip: 'IP',
  pl: 'P/L',
  ta: 'TA',
  sma: 'SMA',
  ema: 'EMA',
  pdf: 'PDF',
  csv: 'CSV',
};

/**
 * A field's name in words: `alert_price` → 'Alert price', `new_password1` → 'New password',
 * `enable_otp` → 'Enable OTP', `timePeriod` → 'Time period', `is_trigger` → 'Trigger'.
 */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  if (words.length > 1 && words[0] === 'is') words.shift();
  // A numbered twin (new_password1, new_password2) is the same field in words; a letter with a number (p1, t1) keeps it.
  const last = words.length - 1;
  if (last >= 0) words[last] = words[last]!.replace(/^([a-z]{2,})\d+$/, '$1');
  if (words.length === 0) return 'This field';
  const text = words.map((w) => WORDS[w] ?? w).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The field an issue is about, in words: the last key of its path; 'Item 2' for the second item of
 * a list that is not under a key (a list body); 'This field' when there is none.
 */
export function labelOfPath(path: readonly PropertyKey[] | undefined): string {
  const keys = path ?? [];
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    const key = keys[i];
    if (typeof key === 'string') return fieldLabel(key);
  }
  const item = keys.at(-1);
  return typeof item === 'number' ? `Item ${item + 1}` : 'This field';
}

const formatNumber = (n: number | bigint) =>
  typeof n === 'bigint' ? n.toString() : n.toLocaleString('en-US', { maximumFractionDigits: 20 });

const listOf = (values: readonly unknown[]) =>
  values.map((v) => (typeof v === 'string' ? v : v === null ? 'empty' : String(v))).join(', ');

/** What a value of a type is, in words: 'a number', 'true or false', 'text'. */
const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  set: 'a list',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  date: 'a date',
  file: 'a file',
};

/** Units of a size limit by what is measured, and the verb: a text must 'be' 100 characters, a list must 'have' 3 items. */
const UNITS: Record<string, [one: string, many: string, verb: 'be' | 'have']> = {
  string: ['character', 'characters', 'be'],
  array: ['item', 'items', 'have'],
  set: ['item', 'items', 'have'],
  map: ['entry', 'entries', 'have'],
  file: ['byte', 'bytes', 'have'],
};

const FORMATS: Record<string, string> = {
  email: 'an e-mail address',
  url: 'a web address (URL)',
  uuid: 'a UUID',
  guid: 'a UUID',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'a date and time (ISO 8601)',
  time: 'a time (HH:MM)',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
};

/** Messages of refused input: the zod issues' words and the HTTP edge's refusals. */
export const INPUT_MSG = {
  required: (field: string) => `${field} is required.`,
  mustBe: (field: string, what: string) => `${field} must be ${what}.`,
  notValid: (field: string) => `${field} is not valid.`,
  oneOf: (field: string, values: readonly unknown[]) =>
    values.length === 1 ? `${field} must be ${listOf(values)}.` : `${field} must be one of: ${listOf(values)}.`,
  atMost: (field: string, max: string, unit?: string, verb: 'be' | 'have' = 'be') =>
    `${field} must ${verb} at most ${max}${unit ? ` ${unit}` : ''}.`,
  atLeast: (field: string, min: string, unit?: string, verb: 'be' | 'have' = 'be') =>
    `${field} must ${verb} at least ${min}${unit ? ` ${unit}` : ''}.`,
  exactly: (field: string, size: string, unit: string, verb: 'be' | 'have' = 'be') =>
    `${field} must ${verb} exactly ${size} ${unit}.`,
  lessThan: (field: string, max: string) => `${field} must be less than ${max}.`,
  greaterThan: (field: string, min: string) => `${field} must be greater than ${min}.`,
  multipleOf: (field: string, divisor: string) => `${field} must be a multiple of ${divisor}.`,
  startsWith: (field: string, prefix: string) => `${field} must start with "${prefix}".`,
  endsWith: (field: string, suffix: string) => `${field} must end with "${suffix}".`,
  includes: (field: string, part: string) => `${field} must include "${part}".`,
  format: (field: string) => `${field} is not in the expected format.`,
  unknownFields: (keys: readonly string[]) => `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}.`,
  /** PostgreSQL text cannot hold U+0000: refused at the edge, naming the field. */
  nul: (field: string) => `${field} must not contain a NUL character.`,
  nulAnywhere: 'The request must not contain a NUL character.',
  /** 421: a request for a host name this server does not answer to (DNS rebinding, a wrong proxy). */
  hostNotAllowed: (host: string) =>
    `This server does not answer to the host name ${host ? `'${host}'` : 'given'}. Add it to the ALLOWED_HOSTS setting (or set PUBLIC_URL to it) to allow it.`,
  // The HTTP edge: bodies and addresses the server cannot read.
  /** Broken JSON, or JSON naming __proto__ (refused as unsafe by the parser). */
  bodyNotJson: 'The body is not valid JSON.',
  bodyEmptyJson: 'The body is empty, but its Content-Type says JSON: send a JSON body or no Content-Type.',
  bodyNotObject: 'The body must be a JSON object.',
  bodyNotList: 'The body must be a JSON list.',
  bodyLength: 'The body is not as long as its Content-Length says.',
  bodyTooLarge: (limit: string) => `The body is larger than ${limit}.`,
  uploadTooLarge: 'The upload is too large.',
  sendJson: 'Send this call a JSON body (Content-Type: application/json).',
  sendMultipart: 'Send this call as multipart/form-data.',
  multipartBroken: 'The multipart/form-data body cannot be read.',
  multipartTooMany: 'The form has too many fields or files.',
  multipartFieldName: 'A form field must not be named __proto__ or constructor.',
  badAddress: 'The address is not valid.',
  badRequest: 'The request is not valid.',
} as const;

type RawIssue = z.core.$ZodRawIssue;

type Def = { format?: unknown; checks?: { _zod?: { def?: { format?: unknown } } }[] };
const isIntFormat = (format: unknown) => typeof format === 'string' && format.includes('int');

/** A whole number where the schema says so (z.int(), .int()): the schema or one of its checks has an int format. */
function isWhole(issue: RawIssue): boolean {
  const def = (issue.inst as { _zod?: { def?: Def } } | undefined)?._zod?.def;
  return isIntFormat(def?.format) || (def?.checks ?? []).some((c) => isIntFormat(c._zod?.def?.format));
}

function kindOf(expected: string, issue: RawIssue): string {
  if (expected === 'number' && isWhole(issue)) return KINDS.int!;
  return KINDS[expected] ?? expected;
}

/** A union's branches that all failed on the type alone: 'text or a number'. */
function unionKinds(issue: Extract<RawIssue, { code: 'invalid_union' }>): string | null {
  const kinds: string[] = [];
  for (const branch of issue.errors) {
    const first = branch[0];
    if (branch.length !== 1 || first?.code !== 'invalid_type' || first.path.length > 0) return null;
    const kind = KINDS[first.expected];
    if (first.expected !== 'null' && kind && !kinds.includes(kind)) kinds.push(kind);
  }
  return kinds.length > 0 ? kinds.join(' or ') : null;
}

/** The words of one issue without a message of its own (zod's `customError`). */
export function wordedIssue(issue: RawIssue): string {
  const field = labelOfPath(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null || issue.expected === 'nonoptional')
        return INPUT_MSG.required(field);
      return INPUT_MSG.mustBe(field, kindOf(issue.expected, issue));
    }
    case 'invalid_value':
      return INPUT_MSG.oneOf(field, issue.values);
    case 'too_big': {
      const max = formatNumber(issue.maximum);
      const unit = UNITS[issue.origin];
      if (unit) {
        const words = unit[Number(issue.maximum) === 1 ? 0 : 1];
        if (issue.exact) return INPUT_MSG.exactly(field, max, words, unit[2]);
        return INPUT_MSG.atMost(field, max, words, unit[2]);
      }
      if (issue.origin === 'date') return INPUT_MSG.atMost(field, new Date(Number(issue.maximum)).toISOString());
      return issue.inclusive === false ? INPUT_MSG.lessThan(field, max) : INPUT_MSG.atMost(field, max);
    }
    case 'too_small': {
      const min = formatNumber(issue.minimum);
      const unit = UNITS[issue.origin];
      if (unit) {
        const words = unit[Number(issue.minimum) === 1 ? 0 : 1];
        if (issue.exact) return INPUT_MSG.exactly(field, min, words, unit[2]);
        if (issue.origin === 'string' && Number(issue.minimum) === 1) return INPUT_MSG.required(field);
        return INPUT_MSG.atLeast(field, min, words, unit[2]);
      }
      if (issue.origin === 'date') return INPUT_MSG.atLeast(field, new Date(Number(issue.minimum)).toISOString());
      return issue.inclusive === false ? INPUT_MSG.greaterThan(field, min) : INPUT_MSG.atLeast(field, min);
    }
    case 'invalid_format': {
      const format = issue.format;
      if (format === 'starts_with' && 'prefix' in issue) return INPUT_MSG.startsWith(field, String(issue.prefix));
      if (format === 'ends_with' && 'suffix' in issue) return INPUT_MSG.endsWith(field, String(issue.suffix));
      if (format === 'includes' && 'includes' in issue) return INPUT_MSG.includes(field, String(issue.includes));
      const what = FORMATS[format];
      return what ? INPUT_MSG.mustBe(field, what) : INPUT_MSG.format(field);
    }
    case 'not_multiple_of':
      return INPUT_MSG.multipleOf(field, formatNumber(issue.divisor));
    case 'unrecognized_keys':
      return INPUT_MSG.unknownFields(issue.keys);
    case 'invalid_union': {
      if (issue.input === undefined || issue.input === null) return INPUT_MSG.required(field);
      if ('options' in issue && Array.isArray(issue.options) && issue.options.length > 0) {
        return INPUT_MSG.oneOf(field, issue.options);
      }
      const kinds = unionKinds(issue);
      return kinds ? INPUT_MSG.mustBe(field, kinds) : INPUT_MSG.notValid(field);
    }
    default:
      return INPUT_MSG.notValid(field);
  }
}

z.config({ customError: wordedIssue });
