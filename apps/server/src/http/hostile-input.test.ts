import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse as Response } from 'fastify';
import { detailErrorSchema, ERROR_SHAPES, fieldErrorsSchema, type ErrorStatus } from '@drat/contracts';
import { createTestApp, multipartBody, nextAddress, type TestApp } from '../../test/harness';
import { makeUser, signIn, type MakeUserOptions } from '../../test/factories';
import { SAMPLE_STOCK_ALERT } from '../../test/sample-alerts';

/**
 * Hostile input, for every operation GET /api/openapi.json documents (so a route added later is
 * covered without editing this file): empty, oversized, wrong-typed, NUL-containing and broken
 * bodies, queries and path parameters, sent as an anonymous caller, a subscriber and a super user.
 * No answer may be a 5xx; every operation that is not public refuses the anonymous caller with 401;
 * every refusal is JSON in one of the documented error shapes (packages/contracts ERROR_SHAPES)
 * and says what is wrong in words, never a validator's or the framework's own text.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  required?: string[];
  $ref?: string;
}
interface DocOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
  /** The right the route checks before reading the request (http/auth.ts documentRights). */
  'x-drat-right'?: string;
}
interface Doc {
  paths: Record<string, Record<string, DocOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One documented operation, as the test reads it from the document. */
interface Op {
  method: Method;
  /** The path as Fastify routes it: `/api/resources/:id`. */
  path: string;
  /** Query parameters the operation requires. */
  required: Set<string>;
  public: boolean;
  /** The right its route declares, if any ('is_super' for a super user's call). */
  right: string | undefined;
  body: Schema | undefined;
  query: { name: string; schema: Schema }[];
  params: string[];
  where: string;
}

type Role = 'anonymous' | 'subscriber' | 'super user';
const ROLES: readonly Role[] = ['anonymous', 'subscriber', 'super user'];

/** One hostile request: the URL (path and query) and the body with its media type, if any. */
interface Case {
  name: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** The URL routes nowhere (it cannot be decoded, or a parameter is longer than the router takes): 400 or 404 for everyone. */
  unrouted?: boolean;
  /** A hostile amount (HOSTILE_AMOUNTS) in a number of the body: the top-level field a 400 must name. */
  amount?: { field: string; value: string };
}

interface Outcome {
  op: Op;
  role: Role;
  case: Case;
  status: number;
  contentType: string;
  body: string;
}

const NUL = 'a\u0000b';
/**
 * Values no amount (price, quantity, percent, id) may take, as JSON text: too large for any column
 * or broker, finer than any column keeps, and text or a boolean where a number belongs (never read
 * as 16, 1 or 100). -0 reads as 0, which some amounts take.
 */
const HOSTILE_AMOUNTS = ['1e308', '-0', '1e-9', '"0x10"', 'true', '"1e2"'];
const AMOUNT_SLOT = '__hostile_amount__';
const BODY_LIMIT = 1024 * 1024;
/** A JSON body past the body limit. */
const HUGE_BODY = JSON.stringify({ notes: 'x'.repeat(BODY_LIMIT + 1024) });
/** A body nested deeper than any walk over it should recurse. */
const DEEP_BODY = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;

let t: TestApp;
let doc: Doc;
let ops: Op[] = [];
const outcomes: Outcome[] = [];
let elapsedMs = 0;

/* ---- Reading the document ------------------------------------------------------------------- */

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i += 1) {
    s = doc.components?.schemas?.[s.$ref.split('/').pop() ?? ''] ?? {};
  }
  const options = s.anyOf ?? s.oneOf ?? s.allOf;
  if (options) {
    const first = options.map(resolve).find((o) => typeOf(o) !== 'null');
    return first ?? {};
  }
  return s;
}

function typeOf(s: Schema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
}

function readOperations(document: Doc): Op[] {
  const found: Op[] = [];
  for (const [docPath, item] of Object.entries(document.paths)) {
    for (const [lower, op] of Object.entries(item)) {
      const method = lower.toUpperCase() as Method;
      if (!METHODS.includes(method)) continue;
      const json = op.requestBody?.content?.['application/json'];
      const path = docPath.replace(/\{([^}]+)\}/g, ':$1');
      found.push({
        method,
        path,
        public: Array.isArray(op.security) && op.security.length === 0,
        right: op['x-drat-right'],
        body: json?.schema,
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        required: new Set((op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name)),
        params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        where: `${method} ${path}`,
      });
    }
  }
  return found;
}

/* ---- Values from schemas -------------------------------------------------------------------- */

/**
 * A plausible value of the schema: the first option, 'AAPL' for text, the minimum (or 1) for
 * numbers; objects with every property, or (`minimal`) with the required ones only.
 */
function sample(schema: Schema | undefined, minimal = false, depth = 0): unknown {
  const s = resolve(schema);
  if (s.enum && s.enum.length > 0) return s.enum[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' && s.minimum > 1 ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 5 ? [] : [sample(s.items, minimal, depth + 1)];
    case 'object': {
      const required = new Set(s.required ?? []);
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([k]) => !minimal || required.has(k))
          .map(([k, v]) => [k, sample(v, minimal, depth + 1)]),
      );
    }
    default:
      return 'AAPL';
  }
}

/** A value of the wrong type: text for a number, a number for text, 'maybe' for a boolean, {} for a list. */
function wrong(schema: Schema | undefined): unknown {
  const s = resolve(schema);
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return 'abc';
    case 'boolean':
      return 'maybe';
    case 'array':
      return {};
    case 'object':
      return [];
    default:
      return s.enum ? 42 : 12345;
  }
}

/** The same value with a NUL in every string (keys stay). */
function withNul(value: unknown): unknown {
  if (typeof value === 'string') return NUL;
  if (Array.isArray(value)) return value.map(withNul);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNul(v)]));
  }
  return value;
}

/** A query value of the wrong type for the parameter (a query is text: a repeated key for text). */
function wrongQuery(schema: Schema): string[] {
  const s = resolve(schema);
  if (s.enum) return ['NOT-AN-OPTION'];
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return ['abc'];
    case 'boolean':
      return ['maybe'];
    default:
      return ['1', '2'];
  }
}

/** The paths of every number in a body schema (lists by their first item), up to a few levels deep. */
function numberPaths(schema: Schema | undefined, prefix: (string | number)[] = []): (string | number)[][] {
  const s = resolve(schema);
  if (prefix.length > 4) return [];
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return s.enum ? [] : [prefix];
    case 'array':
      return numberPaths(s.items, [...prefix, 0]);
    case 'object':
      return Object.entries(s.properties ?? {}).flatMap(([k, v]) => numberPaths(v, [...prefix, k]));
    default:
      return [];
  }
}

function setAt(target: unknown, path: (string | number)[], value: unknown): void {
  let at = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
}

function queryString(entries: [string, string][]): string {
  return entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/* ---- The cases of one operation ------------------------------------------------------------- */

function casesOf(op: Op): Case[] {
  const pathWith = (value: string) => op.path.replace(/:[^/]+/g, value);
  const sampleQuery: [string, string][] = op.query.map((q) => [q.name, String(sample(q.schema))]);
  const requiredQuery = sampleQuery.filter(([k]) => op.required.has(k));
  const withQuery = (path: string, entries: [string, string][] = sampleQuery) =>
    entries.length > 0 ? `${path}?${queryString(entries)}` : path;
  const url = withQuery(pathWith('1'));
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const sampleBody = op.body ? json(sample(op.body)) : {};
  const cases: Case[] = [
    { name: 'no body', url },
    { name: 'an empty JSON body', url, payload: '', contentType: 'application/json' },
    { name: 'the body {}', url, ...json({}) },
    { name: 'the body null', url, ...json(null) },
    { name: 'the body []', url, ...json([]) },
    { name: 'a JSON string body', url, ...json('text') },
    { name: 'a JSON number body', url, ...json(12) },
    { name: 'broken JSON', url, payload: '{"a": ', contentType: 'application/json' },
    { name: 'JSON with a bad charset', url, payload: '{}', contentType: 'application/json; charset=latin-9' },
    { name: 'a __proto__ key', url, payload: '{"__proto__": {"is_super": true}}', contentType: 'application/json' },
    { name: 'a NUL in a key', url, payload: '{"a\\u0000b": 1}', contentType: 'application/json' },
    { name: 'a body nested 50,000 deep', url, payload: DEEP_BODY, contentType: 'application/json' },
    { name: 'a body over the limit', url, payload: HUGE_BODY, contentType: 'application/json' },
    { name: 'a text/plain body', url, payload: 'hello', contentType: 'text/plain' },
    { name: 'a form-urlencoded body', url, payload: 'a=b', contentType: 'application/x-www-form-urlencoded' },
    { name: 'an unknown media type', url, payload: 'x', contentType: 'application/x-drat' },
    { name: 'a malformed Content-Type', url, payload: '{}', contentType: '/;;=' },
    { name: 'broken multipart', url, payload: 'nonsense', contentType: 'multipart/form-data; boundary=x' },
    { name: 'multipart without a boundary', url, payload: 'nonsense', contentType: 'multipart/form-data' },
  ];
  const form = multipartBody([{ name: 'name', data: NUL }]);
  cases.push({
    name: 'multipart with a NUL field',
    url,
    payload: form.payload,
    contentType: form.headers['content-type'],
  });

  // The body: plausible ones, then each property wrong-typed and NUL-containing in turn (beside
  // the required properties, so the request gets as far as it can).
  const body = resolve(op.body);
  if (op.body) {
    const full = sample(op.body);
    const minimal = sample(op.body, true);
    cases.push({ name: 'a plausible body', url, ...json(full) });
    cases.push({ name: 'a plausible body of the required properties', url, ...json(minimal) });
    cases.push({ name: 'a NUL in every string of the body', url, ...json(withNul(full)) });
    cases.push({ name: 'a NUL in every required string of the body', url, ...json(withNul(minimal)) });
    if (typeOf(body) === 'object') {
      const record = minimal as Record<string, unknown>;
      for (const [key, schema] of Object.entries(body.properties ?? {})) {
        cases.push({ name: `${key}: a wrong type`, url, ...json({ ...record, [key]: wrong(schema) }) });
        cases.push({ name: `${key}: a NUL`, url, ...json({ ...record, [key]: withNul(sample(schema)) }) });
        cases.push({ name: `${key}: a NUL text`, url, ...json({ ...record, [key]: NUL }) });
      }
    } else if (typeOf(body) === 'array') {
      cases.push({ name: 'list items of a wrong type', url, ...json([wrong(body.items)]) });
      cases.push({ name: 'list items with a NUL', url, ...json([withNul(sample(body.items))]) });
    }
  }

  // The query: each parameter wrong-typed, NUL-containing, empty, huge and repeated in turn.
  for (const q of op.query) {
    const others = requiredQuery.filter(([k]) => k !== q.name);
    const variants: [string, [string, string][]][] = [
      ['a wrong type', [...others, ...wrongQuery(q.schema).map((v): [string, string] => [q.name, v])]],
      ['a NUL', [...others, [q.name, NUL]]],
      ['empty', [...others, [q.name, '']]],
      ['10,000 characters', [...others, [q.name, 'x'.repeat(10_000)]]],
      ['given twice', [...others, [q.name, String(sample(q.schema))], [q.name, String(sample(q.schema))]]],
    ];
    for (const [name, entries] of variants) {
      cases.push({ name: `query ${q.name}: ${name}`, url: withQuery(pathWith('1'), entries), ...sampleBody });
    }
  }
  cases.push(
    { name: 'the required query parameters only', url: withQuery(pathWith('1'), requiredQuery), ...sampleBody },
    {
      name: 'a NUL in every query parameter',
      url: withQuery(
        pathWith('1'),
        sampleQuery.map(([k]) => [k, NUL]),
      ),
    },
    { name: 'an unknown query parameter with a NUL', url: `${url}${url.includes('?') ? '&' : '?'}zz=%00` },
    { name: 'broken percent-encoding in the query', url: `${pathWith('1')}?a=%zz&b=%&${queryString(sampleQuery)}` },
  );

  // Every number of the body, at any depth (the first item of a list), in turn set to each hostile
  // amount, the rest of the body plausible.
  if (op.body && typeOf(body) === 'object') {
    const full = sample(op.body) as Record<string, unknown>;
    for (const path of numberPaths(op.body)) {
      const withSlot = structuredClone(full);
      setAt(withSlot, path, AMOUNT_SLOT);
      const text = JSON.stringify(withSlot);
      for (const value of HOSTILE_AMOUNTS) {
        cases.push({
          name: `amount ${path.join('.')}: ${value}`,
          url,
          payload: text.replace(`"${AMOUNT_SLOT}"`, value),
          contentType: 'application/json',
          amount: { field: String(path[0]), value },
        });
      }
    }
  }

  // Path parameters: a NUL, text, negative, fractional, huge, an encoded slash; broken encoding
  // and a parameter longer than the router takes route nowhere.
  if (op.params.length > 0) {
    for (const value of ['%00', 'a%00b', 'abc', '-1', '0', '1.5', '99999999999999999999', 'a%2Fb', 'x'.repeat(100)]) {
      cases.push({ name: `path parameter ${value.slice(0, 20)}`, url: withQuery(pathWith(value)), ...sampleBody });
    }
    for (const value of ['%', 'x'.repeat(2000)]) {
      cases.push({
        name: `path parameter ${value.slice(0, 20)}`,
        url: withQuery(pathWith(value)),
        ...sampleBody,
        unrouted: true,
      });
    }
  }
  return cases;
}

/* ---- Callers -------------------------------------------------------------------------------- */

const USERS: Record<Exclude<Role, 'anonymous'>, MakeUserOptions> = {
  subscriber: { plans: ['elite-monthly'] },
  'super user': { isSuper: true },
};
const tokens: Partial<Record<Role, string>> = {};

/** A caller of each role signed in; a new one when an operation ended the last one's session (logout). */
async function ensureSignedIn(): Promise<void> {
  for (const role of ['subscriber', 'super user'] as const) {
    const token = tokens[role];
    if (token) {
      const res = await t.get('/profile/userProfile', { token });
      if (res.statusCode === 200) continue;
    }
    tokens[role] = await signIn(t.app, await makeUser(t.db, USERS[role]));
  }
}

async function send(op: Op, role: Role, c: Case): Promise<Outcome> {
  const token = tokens[role];
  const res: Response = await t.inject({
    method: op.method,
    url: c.url,
    remoteAddress: nextAddress(),
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...(c.contentType !== undefined ? { 'content-type': c.contentType } : {}),
    },
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
  return {
    op,
    role,
    case: c,
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body: res.body,
  };
}

/** Operations that end the caller's session go last, so the others run signed in. */
const endsSession = (op: Op) => /logout/i.test(op.path);

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json<Doc>();
  ops = readOperations(doc);
  const ordered = [...ops.filter((op) => !endsSession(op)), ...ops.filter(endsSession)];
  const started = Date.now();
  for (const op of ordered) {
    await ensureSignedIn();
    const cases = casesOf(op);
    const results = await Promise.all(ROLES.flatMap((role) => cases.map((c) => send(op, role, c))));
    outcomes.push(...results);
  }
  elapsedMs = Date.now() - started;
  await ensureSignedIn();
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/* ---- What the answers must be --------------------------------------------------------------- */

const describeOutcome = (o: Outcome) =>
  `${o.op.where} as ${o.role}, ${o.case.name} (${o.case.url.slice(0, 120)}): ${o.status} ${o.body.slice(0, 300)}`;

/** Texts of a validator or of the framework, which a person should never read. */
const RAW_TEXT =
  /Invalid input(?!s)|Invalid option|Too big|Too small|expected [\w ]+, received|Unrecognized key|Invalid (string|number|discriminator|key|element)|must match pattern|Unsupported Media Type|the request is not multipart|Body is not valid JSON|Body cannot be empty|Request body|not a valid url component|FST_|must have required property|Unexpected token|in JSON at position|Unexpected end|Boundary not found|Malformed|prototype property/;

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** What is wrong with an error answer's shape (ERROR_SHAPES of packages/contracts), or null. */
function shapeProblem(o: Outcome): string | null {
  if (!o.contentType.includes('application/json')) return `not JSON (${o.contentType})`;
  let body: unknown;
  try {
    body = JSON.parse(o.body);
  } catch {
    return 'not parseable JSON';
  }
  const shape = (ERROR_SHAPES as Record<number, (typeof ERROR_SHAPES)[ErrorStatus] | undefined>)[o.status];
  if (!shape) return `an undocumented status ${o.status}`;
  if (!shape.schema.safeParse(body).success) return `a ${o.status} not shaped ${shape.schema.description ?? ''}`;
  const values = Object.values(body as Record<string, unknown>);
  const said =
    shape.schema === fieldErrorsSchema
      ? values.some((v) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string'))
      : typeof (body as { detail?: unknown; error?: unknown })[
          shape.schema === detailErrorSchema ? 'detail' : 'error'
        ] === 'string';
  return said ? null : `a ${o.status} without a message`;
}

describe('hostile input to every documented operation', () => {
  it('reads every operation from the document and sends each its cases as every role', () => {
    expect(ops.length).toBeGreaterThan(70);
    const byOp = new Set(outcomes.map((o) => o.op.where));
    expect(byOp.size).toBe(ops.length);
    console.info(
      `hostile input: ${ops.length} operations, ${outcomes.length / ROLES.length} cases × ${ROLES.length} roles = ${outcomes.length} requests in ${elapsedMs} ms`,
    );
  });

  it('never answers 5xx', () => {
    expect(outcomes.filter((o) => o.status >= 500).map(describeOutcome)).toEqual([]);
  });

  it('refuses the anonymous caller with 401 on every operation that is not public', () => {
    const letIn = outcomes.filter(
      (o) => o.role === 'anonymous' && !o.op.public && !o.case.unrouted && o.status !== 401,
    );
    expect(letIn.map(describeOutcome)).toEqual([]);
    const unrouted = outcomes.filter((o) => o.case.unrouted && o.status !== 400 && o.status !== 404);
    expect(unrouted.map(describeOutcome)).toEqual([]);
  });

  it("refuses a subscriber with 403 on every super user's operation, whatever the body, query or media type", () => {
    const superOnly = ops.filter((op) => op.right === 'is_super');
    expect(superOnly.map((op) => op.where)).toEqual(
      expect.arrayContaining([
        'POST /api/resources/create/',
        'POST /api/alerts/create/',
        'POST /api/livetrading/place-tradier-order/',
        'POST /api/livetrading/create-advanced-trade/',
        'GET /api/management/user-list',
      ]),
    );
    const letThrough = outcomes.filter(
      (o) => o.role === 'subscriber' && o.op.right === 'is_super' && !o.case.unrouted && o.status !== 403,
    );
    expect(letThrough.map(describeOutcome)).toEqual([]);
  });

  it('refuses every hostile amount with 400 naming its field, before anything is recorded', () => {
    // As a super user, who may call everything; a call with a key of its own (publishing) answers 401
    // before its body is read, and its amounts are tested with a key in its own tests.
    const amounts = outcomes.filter((o) => o.role === 'super user' && o.case.amount && o.status !== 401);
    expect(amounts.map((o) => o.op.where)).toEqual(
      expect.arrayContaining([
        'POST /api/livetrading/modify-live-order/',
        'POST /api/livetrading/place-tradier-order/',
        'POST /api/livetrading/create-trade/',
        'POST /api/livetrading/order-edit/',
      ]),
    );
    const accepted = amounts.filter((o) => {
      const { field, value } = o.case.amount!;
      if (o.status >= 500) return true;
      // -0 is 0, which some amounts take; every other value is refused, naming the field.
      if (value === '-0') return false;
      if (o.status !== 400) return true;
      const body = JSON.parse(o.body) as Record<string, unknown>;
      return !(field in body);
    });
    expect(accepted.map(describeOutcome)).toEqual([]);
  });

  it('marks the public operations in the document (security: [])', () => {
    expect(ops.filter((op) => op.public).map((op) => op.where)).toEqual(
      expect.arrayContaining(['POST /api/login', 'GET /api/health', 'POST /api/password-reset/']),
    );
  });

  it('answers every refusal as JSON in a documented error shape', () => {
    const bad = outcomes
      .filter((o) => o.status >= 400 && o.status < 500)
      .flatMap((o) => {
        const problem = shapeProblem(o);
        return problem ? [`${problem}: ${describeOutcome(o)}`] : [];
      });
    expect(bad).toEqual([]);
  });

  it("says what is wrong in words, never a validator's or the framework's text", () => {
    const raw = outcomes
      .filter((o) => o.status >= 400 && o.contentType.includes('application/json'))
      .filter((o) => strings(JSON.parse(o.body)).some((s) => RAW_TEXT.test(s)))
      .map(describeOutcome);
    expect(raw).toEqual([]);
  });
});

describe('a NUL in an otherwise valid request', () => {
  it('is refused with 400 naming the field: publish notes', async () => {
    const token = tokens['super user']!;
    const res = await t.post('/alerts/create/', { ...SAMPLE_STOCK_ALERT, notes: `Entry ${NUL}` }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ notes: ['Notes must not contain a NUL character.'] });
  });

  it('is refused with 400 naming the field: the alerts search', async () => {
    const token = tokens.subscriber!;
    const res = await t.post('/alerts/search/', { category: 'STOCKS', tickers: [`MS${NUL}`] }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ tickers: ['Tickers must not contain a NUL character.'] });
    const query = await t.get(`/alerts?name=${encodeURIComponent(NUL)}`, { token });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ name: ['Name must not contain a NUL character.'] });
  });
});

describe('refusals in words', () => {
  it('names the field and the type expected', async () => {
    const token = tokens.subscriber!;
    const otp = await t.post('/profile/otp/', { enable_otp: 'yes' }, { token });
    expect(otp.statusCode).toBe(400);
    expect(otp.json()).toEqual({ enable_otp: ['Enable OTP must be true or false.'] });
    const note = await t.inject({
      method: 'PATCH',
      url: '/api/alerts/alert-types/1',
      headers: { authorization: `Token ${tokens['super user']!}` },
      payload: { raw_note: 5, is_notification_enabled: 'yes' },
    });
    expect(note.statusCode).toBe(400);
    expect(note.json()).toEqual({
      raw_note: ['Raw note must be text.'],
      is_notification_enabled: ['Notification enabled must be true or false.'],
    });
  });

  it('keeps the words a schema gives its field', async () => {
    const token = tokens['super user']!;
    const res = await t.post('/alerts/create/', { ...SAMPLE_STOCK_ALERT, alert_price: 'abc' }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ alert_price: ['Alert Price must be a number.'] });
  });

  it('asks for a JSON body when another media type is sent', async () => {
    const token = tokens.subscriber!;
    const res = await t.post('/profile/set-theme/', 'dark', { token, headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Send this call a JSON body (Content-Type: application/json).' });
    const form = multipartBody([{ name: 'theme', data: 'dark' }]);
    const multipart = await t.post('/profile/set-theme/', form.payload, { token, headers: form.headers });
    expect(multipart.statusCode).toBe(415);
    expect(multipart.json()).toEqual({ error: 'Send this call a JSON body (Content-Type: application/json).' });
  });

  it('says a multipart body that cannot be read is broken, and a body past the limit too large', async () => {
    const token = tokens.subscriber!;
    const broken = await t.post('/profile/profile_image_change/', '--x\r\nnonsense', {
      token,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ non_field_errors: ['The multipart/form-data body cannot be read.'] });
    const huge = await t.post('/profile/set-theme/', HUGE_BODY, {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'The body is larger than 1 MB.' });
  });

  it('says the body is not valid JSON', async () => {
    const token = tokens.subscriber!;
    const res = await t.post('/profile/set-theme/', '{"theme": ', {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['The body is not valid JSON.'] });
  });

  it('asks for multipart/form-data on an upload sent as JSON', async () => {
    const token = tokens.subscriber!;
    const res = await t.post('/profile/profile_image_change/', { new_image: 'x' }, { token });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Send this call as multipart/form-data.' });
  });
});
