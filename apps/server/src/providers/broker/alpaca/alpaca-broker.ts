/**
 * Alpaca's Trading API behind the broker interface (docs/alpaca.md cites the documentation of each
 * call): OAuth authorization code flow or an API key pair, the one account a credential reaches,
 * balances, orders (equity, option by OCC symbol, multileg as `order_class: mleg`, our client order
 * id in `client_order_id`), replace, cancel, positions and closed round trips from the fills.
 *
 * - One credential (an OAuth token or a key pair) reaches one account on one host (paper or live):
 *   `credentialsOf(account)` gives the one that reaches an account. Alpaca's limit is 200 requests a
 *   minute; a token bucket is kept per credential, and X-RateLimit-Remaining/Reset pause it.
 * - Reads are retried on 429, 5xx and timeouts. An order is sent once: when the answer is lost (a
 *   timeout, a reset, a 5xx), the order is asked for by its client order id, and the order found
 *   is the answer; only an order not found is reported as failed, for the runner to send again.
 *   Sending a client order id twice is refused by Alpaca (422): the existing order is the answer.
 * - A refusal (403: buying power, shares, permissions; 422: invalid or not allowed now) is a
 *   ProviderError BAD_REQUEST in Alpaca's own words: never retried. What Alpaca does not take
 *   (an option good till cancelled, a change of order type …) is refused before anything is sent.
 * - A replace (PATCH) makes a NEW order and leaves the old one `replaced`. The new one is sent with
 *   our tag plus `_r<n>`, so it still answers to the tag; replaced orders are left out of `orders`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { AccountType } from '@drat/contracts';
import { dec, fillAmount, ledgerOf, parseOcc, toText, type Dec, type LedgerFill } from '@drat/engine';
import { ProviderError, isProviderError, type ProviderErrorDetails } from '../../provider-error';
import { TokenBucket } from '../../http/rate-limiter';
import { parseRetryAfter } from '../../http/retry-after';
import { record, str, type JsonObject } from '../../http/json';
import type {
  Broker,
  BrokerAccountInfo,
  BrokerBalances,
  BrokerCredentials,
  BrokerLink,
  BrokerOrder,
  BrokerOrderStatus,
  BrokerPosition,
  ClosedPosition,
  ManualOrder,
  OrderChange,
  PlaceOrder,
} from '../interface';

export type AlpacaLog = Pick<Logger, 'warn'>;

/** What reaches one Alpaca account: an OAuth access token, or the account's own API key pair. */
export type AlpacaCredentials =
  { kind: 'oauth'; accessToken: string } | { kind: 'key'; keyId: string; secretKey: string };

export interface AlpacaBrokerOptions {
  /** https://paper-api.alpaca.markets or https://api.alpaca.markets (paths add /v2/…), or a local server speaking the API. */
  baseUrl: string;
  /** Where traders authorize DRAT: https://app.alpaca.markets/oauth/authorize (the fake's own in tests). */
  authorizeUrl: string;
  /** Where a code becomes a token: https://api.alpaca.markets/oauth/token, for paper and live alike. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account the authorize page asks for (`env`); default `paper` when baseUrl names paper-api, else `live`. */
  env?: 'paper' | 'live';
  /** Scopes asked for, space separated; default ALPACA_SCOPES. */
  scope?: string;
  /** The credential that reaches `account`; throws ProviderError UNAUTHORIZED when there is none. */
  credentialsOf: (account: string) => Promise<AlpacaCredentials>;
  /** Per attempt, reading the body included. Default 10 s. */
  timeoutMs?: number;
  /** First retry of a read waits about this long, then ×2, with jitter. Default 250 ms. */
  backoffBaseMs?: number;
  /** Attempts of a read, the first included. Default 4. Orders, replaces and cancels are sent once. */
  maxAttempts?: number;
  /** Per credential; default 200 (Alpaca's limit). */
  requestsPerMinute?: number;
  fetch?: typeof fetch;
  log?: AlpacaLog;
}

/** Trading only: reading the account is granted without a scope; DRAT writes no configuration or watchlist. */
export const ALPACA_SCOPES = 'trading';

/** Alpaca's `client_order_id` is at most 128 characters. */
const MAX_CLIENT_ORDER_ID = 128;
/** A replacement's client order id: the tag, then `_r` and the replacement's number (tags have no `_`). */
const REPLACEMENT = /_r(\d+)$/;
/** Fill activities read for closed positions: pages of 100, newest first. */
const FILL_PAGES = 10;
const FILL_PAGE_SIZE = 100;
/** A 429 asking for a longer wait fails at once (RATE_LIMITED) instead of holding the caller. */
const MAX_WAIT_MS = 60_000;

const ORDER_STATES: Record<string, { status: BrokerOrderStatus; queued: boolean }> = {
  new: { status: 'open', queued: false },
  partially_filled: { status: 'partially_filled', queued: false },
  filled: { status: 'filled', queued: false },
  done_for_day: { status: 'open', queued: true },
  canceled: { status: 'canceled', queued: false },
  expired: { status: 'expired', queued: false },
  replaced: { status: 'canceled', queued: false },
  pending_cancel: { status: 'open', queued: false },
  pending_replace: { status: 'open', queued: false },
  pending_review: { status: 'open', queued: true },
  accepted: { status: 'open', queued: true },
  pending_new: { status: 'open', queued: true },
  accepted_for_bidding: { status: 'open', queued: true },
  stopped: { status: 'open', queued: false },
  rejected: { status: 'rejected', queued: false },
  suspended: { status: 'open', queued: true },
  held: { status: 'open', queued: true },
};

/** Failures after which an order may have been taken: it is looked for before anything else. */
const ANSWER_LOST = new Set(['TIMEOUT', 'NETWORK', 'UPSTREAM']);

const refusal = (words: string, details: ProviderErrorDetails = {}) =>
  new ProviderError('alpaca', 'BAD_REQUEST', words, details);

/** Alpaca's decimal text, exact (`"150.250"` → `"150.25"`); `fallback` when absent or not a number. */
function exact(x: unknown, fallback = '0'): string {
  if (typeof x !== 'string' && typeof x !== 'number') return fallback;
  try {
    return toText(dec(x));
  } catch {
    return fallback;
  }
}

const exactOrNull = (x: unknown) => (x === null || x === undefined || x === '' ? null : exact(x));
const absolute = (x: string | null) => (x === null ? null : toText(dec(x).abs()));

/** The tag a client order id answers to: a replacement's `_r<n>` is not part of it. */
export const tagOfClientOrderId = (id: string) => id.replace(REPLACEMENT, '');

/** The client order id of the order that replaces `id`: T1-BUY-1 → T1-BUY-1_r1 → T1-BUY-1_r2 … */
export function replacementClientOrderId(id: string): string {
  const n = REPLACEMENT.exec(id);
  return `${tagOfClientOrderId(id)}_r${n ? Number(n[1]) + 1 : 1}`;
}

/** Alpaca's error body: {"code": 40310000, "message": "insufficient buying power"} (or plain text). */
function alpacaWords(text: string): { code?: number | string; message?: string } {
  try {
    const body = record(JSON.parse(text));
    const message = str(body?.message) ?? str(body?.error_description) ?? str(body?.error);
    const code = typeof body?.code === 'number' || typeof body?.code === 'string' ? body.code : undefined;
    return { ...(code !== undefined ? { code } : {}), ...(message ? { message } : {}) };
  } catch {
    const t = text.replace(/\s+/g, ' ').trim();
    return t ? { message: t.length > 200 ? `${t.slice(0, 200)}…` : t } : {};
  }
}

function httpFailure(status: number, text: string, path: string, attempts: number, waitMs?: number): ProviderError {
  const { code, message } = alpacaWords(text);
  const details: ProviderErrorDetails = {
    status,
    path,
    attempts,
    ...(code !== undefined ? { vendorCode: code } : {}),
    ...(waitMs !== undefined ? { retryAfterSeconds: Math.max(0, Math.ceil(waitMs / 1000)) } : {}),
  };
  const said = message ? `: ${message}` : '';
  if (status === 401)
    return new ProviderError('alpaca', 'UNAUTHORIZED', `Alpaca refused the credentials (401)${said}`, details);
  // 403 is also how Alpaca refuses an order (buying power, shares): the order calls make it a refusal.
  if (status === 403)
    return new ProviderError('alpaca', 'FORBIDDEN', message ?? `Alpaca forbids ${path} (403)`, details);
  if (status === 404) return new ProviderError('alpaca', 'NOT_FOUND', `Alpaca has no ${path} (404)${said}`, details);
  if (status === 429)
    return new ProviderError(
      'alpaca',
      'RATE_LIMITED',
      `Alpaca ${path}: rate limited (429), ${attempts} attempt(s)`,
      details,
    );
  if (status >= 500)
    return new ProviderError(
      'alpaca',
      'UPSTREAM',
      `Alpaca ${path}: HTTP ${status}, ${attempts} attempt(s)${said}`,
      details,
    );
  return refusal(message ?? `Alpaca refused ${path} (HTTP ${status})`, details);
}

/** An order call's 403 is a refusal of the order, like its 422. */
const asRefusal = (err: ProviderError) => (err.code === 'FORBIDDEN' ? refusal(err.message, err.details) : err);

const isDuplicateId = (err: ProviderError) =>
  err.status === 422 && /client[\s_-]?order[\s_-]?id must be unique/i.test(err.message);

interface Ask {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: URL;
  /** What the errors name: the path, no host, no secret. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  attempts: number;
}

/**
 * Alpaca's HTTP: one request per attempt through the credential's token bucket, JSON back. Retries
 * 429, 5xx, timeouts and resets while attempts remain, waiting at least what Retry-After or
 * X-RateLimit-Reset ask; the last failure is a ProviderError.
 */
function transport(options: AlpacaBrokerOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const baseMs = options.backoffBaseMs ?? 250;
  const fetchImpl = options.fetch ?? fetch;

  const waitOf = (res: Response): number | undefined => {
    const after = parseRetryAfter(res.headers.get('retry-after'));
    if (after !== undefined) return after;
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    return res.headers.has('x-ratelimit-reset') && Number.isFinite(reset)
      ? Math.max(0, reset * 1000 - Date.now())
      : undefined;
  };

  async function backoff(attempt: number, ask: Ask, reason: string, atLeastMs = 0) {
    const exp = Math.min(8_000, baseMs * 2 ** (attempt - 1));
    const delay = Math.max(atLeastMs, exp / 2 + (Math.random() * exp) / 2);
    options.log?.warn({ path: ask.path, attempt, delayMs: Math.round(delay), reason }, 'alpaca: retrying');
    await sleep(delay);
  }

  return async function send(limiter: TokenBucket, ask: Ask): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      await limiter.take();
      let res: Response;
      let text: string;
      try {
        res = await fetchImpl(ask.url, {
          method: ask.method,
          headers: ask.headers,
          body: ask.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await res.text();
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        const reason = timedOut ? `no answer within ${timeoutMs} ms` : err instanceof Error ? err.message : String(err);
        if (attempt < ask.attempts) {
          await backoff(attempt, ask, reason);
          continue;
        }
        throw new ProviderError('alpaca', timedOut ? 'TIMEOUT' : 'NETWORK', `Alpaca ${ask.path}: ${reason}`, {
          path: ask.path,
          attempts: attempt,
        });
      }
      // Alpaca says how much of the minute is left: at 0, nobody sends before the window resets.
      if (res.headers.get('x-ratelimit-remaining') === '0') {
        const wait = waitOf(res);
        if (wait !== undefined) limiter.pauseUntil(Date.now() + Math.min(wait, MAX_WAIT_MS));
      }
      if (res.status >= 200 && res.status < 300) {
        if (text.trim() === '') return null;
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw new ProviderError('alpaca', 'BAD_RESPONSE', `Alpaca ${ask.path}: the answer is not JSON`, {
            status: res.status,
            path: ask.path,
            attempts: attempt,
          });
        }
      }
      const wait = res.status === 429 ? waitOf(res) : undefined;
      const retry = (res.status === 429 || res.status >= 500) && attempt < ask.attempts;
      if (retry && (wait ?? 0) <= MAX_WAIT_MS) {
        if (wait !== undefined) limiter.pauseUntil(Date.now() + wait);
        await backoff(attempt, ask, `HTTP ${res.status}`, wait);
        continue;
      }
      throw httpFailure(res.status, text, ask.path, attempt, wait);
    }
  };
}

function headersOf(c: AlpacaCredentials): Record<string, string> {
  return c.kind === 'oauth'
    ? { Authorization: `Bearer ${c.accessToken}` }
    : { 'APCA-API-KEY-ID': c.keyId, 'APCA-API-SECRET-KEY': c.secretKey };
}

/** CASH, MARGIN or PDT: a flagged pattern day trader (a field Alpaca stops sending in 2026), else by multiplier. */
function accountTypeOf(a: JsonObject): AccountType {
  if (a.pattern_day_trader === true) return 'PDT';
  const multiplier = Number(str(a.multiplier) ?? '1');
  return multiplier > 1 ? 'MARGIN' : 'CASH';
}

function accountInfoOf(body: unknown): BrokerAccountInfo {
  const a = record(body);
  const number = str(a?.account_number);
  if (!a || !number)
    throw new ProviderError('alpaca', 'BAD_RESPONSE', 'Alpaca sent no account', { path: '/v2/account' });
  return { accountId: number, accountType: accountTypeOf(a), status: str(a.status) ?? null };
}

const legsOf = (o: JsonObject) =>
  (Array.isArray(o.legs) ? o.legs : []).map(record).filter((l): l is JsonObject => l !== undefined);

/** The interface's status of an Alpaca status (`calculated`: done for the day, filled or not). */
function stateOf(o: JsonObject, filled: string, qty: string) {
  const raw = str(o.status) ?? 'new';
  if (raw === 'calculated') {
    return dec(filled).gte(qty) && dec(qty).gt(0)
      ? { status: 'filled' as const, queued: false }
      : { status: 'open' as const, queued: true };
  }
  return ORDER_STATES[raw] ?? { status: 'open' as const, queued: true };
}

export function toBrokerOrder(account: string, o: JsonObject): BrokerOrder {
  const legs = legsOf(o);
  const multileg = str(o.order_class) === 'mleg';
  const symbol = multileg ? legs.map((l) => str(l.symbol) ?? '').join('+') : (str(o.symbol) ?? '');
  const option = !multileg && (str(o.asset_class) === 'us_option' || parseOcc(symbol) !== null);
  const side = str(o.side) ?? str(legs[0]?.side) ?? 'buy';
  const type = str(o.type) ?? str(o.order_type) ?? 'market';
  const qty = exact(o.qty);
  const filled = exact(o.filled_qty);
  const state = stateOf(o, filled, qty);
  // A multileg's net price is signed (a credit is negative); the interface speaks of its size.
  const price = (x: unknown) => (multileg ? absolute(exactOrNull(x)) : exactOrNull(x));
  const createdAt = str(o.created_at) ?? str(o.submitted_at) ?? new Date(0).toISOString();
  const replacedBy = str(o.replaced_by);
  return {
    id: str(o.id) ?? '',
    account,
    tag: str(o.client_order_id) === undefined ? null : tagOfClientOrderId(str(o.client_order_id)!),
    symbol,
    side: side === 'sell' ? 'sell' : 'buy',
    type: type === 'market' ? 'market' : 'limit',
    qty,
    limitPrice: price(o.limit_price),
    status: state.status,
    filledQty: filled,
    avgFillPrice: dec(filled).gt(0) ? price(o.filled_avg_price) : null,
    reason: str(o.status) === 'replaced' && replacedBy ? `replaced by ${replacedBy}` : null,
    createdAt,
    updatedAt: str(o.updated_at) ?? createdAt,
    detail: {
      kind: multileg ? 'multileg' : option ? 'option' : 'equity',
      side: multileg
        ? legs.map((l) => str(l.position_intent) ?? str(l.side) ?? '').join('/')
        : (str(o.position_intent) ?? side),
      type,
      duration: str(o.time_in_force) ?? 'day',
      stopPrice: exactOrNull(o.stop_price),
      optionSymbol: option ? symbol : null,
      queued: state.queued,
    },
  };
}

function checkTag(tag: string) {
  if (tag.length === 0 || tag.length > MAX_CLIENT_ORDER_ID - 4) {
    throw refusal(`The tag ${tag} must be 1 to ${MAX_CLIENT_ORDER_ID - 4} characters (Alpaca's client_order_id)`);
  }
}

const OPTION_DAY_ONLY = 'Alpaca takes option orders for the day only (time_in_force day), not good till cancelled';

/** Alpaca's order body for a smart trade's order. */
function orderBody(p: PlaceOrder): JsonObject {
  checkTag(p.tag);
  const price = p.type === 'limit' ? p.limitPrice : null;
  if (p.type === 'limit' && price === null) throw refusal(`A limit order needs a limit price (${p.tag})`);
  const common = { qty: p.qty, type: p.type, client_order_id: p.tag };
  if (p.kind === 'equity') {
    return { ...common, symbol: p.symbol, side: p.side, time_in_force: p.duration, limit_price: price ?? undefined };
  }
  if (p.duration !== 'day') throw refusal(OPTION_DAY_ONLY);
  const intent = p.side === 'buy' ? 'buy_to_open' : 'sell_to_close';
  if (p.kind === 'option') {
    if (!parseOcc(p.symbol)) throw refusal(`${p.symbol} is not an OCC option symbol`);
    return {
      ...common,
      symbol: p.symbol,
      side: p.side,
      position_intent: intent,
      time_in_force: 'day',
      limit_price: price ?? undefined,
    };
  }
  const legs = p.legs ?? [];
  if (legs.length < 2 || legs.length > 4)
    throw refusal(`Alpaca takes a multileg order of 2 to 4 legs, not ${legs.length}`);
  for (const l of legs) if (!parseOcc(l.symbol)) throw refusal(`${l.symbol} is not an OCC option symbol`);
  return {
    ...common,
    order_class: 'mleg',
    time_in_force: 'day',
    // The net price of a multileg is signed: a debit (buying) positive, a credit (selling) negative.
    limit_price: price === null ? undefined : toText(p.side === 'buy' ? dec(price) : dec(price).neg()),
    legs: legs.map((l) => ({ symbol: l.symbol, ratio_qty: String(l.ratio), side: p.side, position_intent: intent })),
  };
}

/** Alpaca's order body for an order placed by hand (a position's Exit). */
function manualBody(m: ManualOrder): JsonObject {
  checkTag(m.tag);
  const optionSide = m.side === 'sell_to_open' || m.side === 'sell_to_close';
  if (m.kind === 'equity' && optionSide)
    throw refusal(`${m.side} is an option side; an equity order sells or sells short`);
  if (m.kind === 'option' && !optionSide) throw refusal(`An option order sells to open or to close, not ${m.side}`);
  if (m.type === 'debit' || m.type === 'credit') throw refusal(`Alpaca has no ${m.type} orders outside a multileg`);
  if (m.kind === 'option' && m.type !== 'market' && m.type !== 'limit')
    throw refusal(`Alpaca takes market and limit option orders, not ${m.type}`);
  const extended = m.duration === 'pre' || m.duration === 'post';
  if (extended && m.type !== 'limit')
    throw refusal(`Alpaca trades outside market hours with limit orders only, not ${m.type}`);
  if (m.kind === 'option' && m.duration !== 'day') throw refusal(OPTION_DAY_ONLY);
  const symbol = m.kind === 'option' ? (m.optionSymbol ?? '') : m.symbol;
  if (m.kind === 'option' && !parseOcc(symbol)) throw refusal(`${symbol || 'No symbol'} is not an OCC option symbol`);
  return {
    symbol,
    qty: m.qty,
    // Alpaca has no short-sale side: a sell beyond what is held is a short sale where shorting is on.
    side: 'sell',
    position_intent: m.kind === 'option' ? m.side : undefined,
    type: m.type,
    time_in_force: extended ? 'day' : m.duration,
    extended_hours: extended ? true : undefined,
    limit_price: m.type === 'limit' || m.type === 'stop_limit' ? (m.limitPrice ?? undefined) : undefined,
    stop_price: m.type === 'stop' || m.type === 'stop_limit' ? (m.stopPrice ?? undefined) : undefined,
    client_order_id: m.tag,
  };
}

/**
 * Closed long round trips from the account's fills (oldest first): each symbol's fills from a buy
 * at 0 held until it is back at 0. What was held when the fills begin is what is held now less what
 * the fills added; a symbol held before the first fill seen starts counting once it is back at 0.
 * Short round trips are left out (the engine's ledger counts longs).
 */
export function roundTripsOf(fills: JsonObject[], heldNow: Map<string, Dec>): ClosedPosition[] {
  const signed = (f: JsonObject) => (str(f.side) === 'sell' ? dec(exact(f.qty)).neg() : dec(exact(f.qty)));
  const held = new Map(heldNow);
  for (const f of fills) {
    const s = str(f.symbol) ?? '';
    held.set(s, (held.get(s) ?? dec(0)).minus(signed(f)));
  }
  const trips = new Map<string, LedgerFill[]>();
  const closed: LedgerFill[] = [];
  let id = 0;
  for (const f of fills) {
    const symbol = str(f.symbol) ?? '';
    const before = held.get(symbol) ?? dec(0);
    const after = before.plus(signed(f));
    held.set(symbol, after);
    if (before.isZero() && after.gt(0)) trips.set(symbol, []);
    const trip = trips.get(symbol);
    if (!trip) continue;
    const qty = exact(f.qty);
    trip.push({
      id: ++id,
      symbol,
      side: str(f.side) === 'sell' ? 'sell' : 'buy',
      qty,
      amount: fillAmount(qty, exact(f.price), parseOcc(symbol) ? 100 : 1),
      at: str(f.transaction_time) ?? '',
    });
    if (after.lte(0)) {
      if (after.isZero()) closed.push(...trip);
      trips.delete(symbol);
    }
  }
  return ledgerOf(closed).closed.reverse();
}

export type AlpacaBroker = Broker & {
  readonly link: BrokerLink;
  /** Reads /v2/account with a key pair: the account it reaches (UNAUTHORIZED when Alpaca refuses it). */
  checkKeyPair(keyId: string, secretKey: string): Promise<BrokerAccountInfo>;
};

export function createAlpacaBroker(options: AlpacaBrokerOptions): AlpacaBroker {
  const send = transport(options);
  const base = options.baseUrl.replace(/\/+$/, '');
  const env = options.env ?? (/paper/i.test(base) ? 'paper' : 'live');
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const limiters = new Map<string, TokenBucket>();

  /** The token bucket of one credential (Alpaca counts per API key); a few hundred are kept. */
  function limiterOf(key: string): TokenBucket {
    let l = limiters.get(key);
    if (!l) {
      if (limiters.size >= 500) limiters.delete(limiters.keys().next().value!);
      l = new TokenBucket({ requestsPerMinute: options.requestsPerMinute ?? 200, burst: 10 });
      limiters.set(key, l);
    }
    return l;
  }

  type Call = { method?: Ask['method']; query?: Record<string, string | number | boolean | undefined>; json?: unknown };

  function api(credentials: AlpacaCredentials, path: string, call: Call = {}): Promise<unknown> {
    const method = call.method ?? 'GET';
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const key = credentials.kind === 'oauth' ? `t:${credentials.accessToken}` : `k:${credentials.keyId}`;
    return send(limiterOf(key), {
      method,
      url,
      path,
      headers: {
        ...headersOf(credentials),
        Accept: 'application/json',
        ...(call.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: call.json === undefined ? undefined : JSON.stringify(call.json),
      // An order, a replace or a cancel is sent once: its answer may be lost after Alpaca took it.
      attempts: method === 'GET' ? maxAttempts : 1,
    });
  }

  const at = async (account: string, path: string, call: Call = {}) =>
    api(await options.credentialsOf(account), path, call);

  function anOrder(body: unknown, path: string): JsonObject {
    const o = record(body);
    if (!o || str(o.id) === undefined)
      throw new ProviderError('alpaca', 'BAD_RESPONSE', 'Alpaca sent no order', { path });
    return o;
  }

  const orderById = async (account: string, id: string) =>
    anOrder(await at(account, `/v2/orders/${encodeURIComponent(id)}`, { query: { nested: true } }), '/v2/orders');

  /** The order with this client order id, the replacements followed to the one that works now. */
  async function findOrder(account: string, tag: string): Promise<BrokerOrder | null> {
    let o: JsonObject;
    try {
      o = anOrder(
        await at(account, '/v2/orders:by_client_order_id', { query: { client_order_id: tag } }),
        '/v2/orders:by_client_order_id',
      );
    } catch (err) {
      if (isProviderError(err) && err.code === 'NOT_FOUND') return null;
      throw err;
    }
    for (let hops = 0; str(o.status) === 'replaced' && str(o.replaced_by) && hops < 50; hops++) {
      o = await orderById(account, str(o.replaced_by)!);
    }
    return toBrokerOrder(account, o);
  }

  /**
   * Sends an order once. When the answer is lost (a timeout, a reset, a 5xx: Alpaca may have taken
   * it), or Alpaca says the client order id is taken, the order is asked for by that id: found, it
   * is the answer; not found, the failure stands and the caller may send it again under the same tag.
   */
  async function place(account: string, body: JsonObject): Promise<BrokerOrder> {
    const tag = String(body.client_order_id);
    try {
      return toBrokerOrder(
        account,
        anOrder(await at(account, '/v2/orders', { method: 'POST', json: body }), '/v2/orders'),
      );
    } catch (err) {
      if (!isProviderError(err)) throw err;
      if (ANSWER_LOST.has(err.code) || isDuplicateId(err)) {
        const found = await findOrder(account, tag).catch(() => null);
        if (found) return found;
      }
      throw asRefusal(err);
    }
  }

  async function ordersOf(account: string, status: 'open' | 'closed' | 'all'): Promise<JsonObject[]> {
    const body = await at(account, '/v2/orders', { query: { status, limit: 500, direction: 'desc', nested: true } });
    if (!Array.isArray(body))
      throw new ProviderError('alpaca', 'BAD_RESPONSE', 'Alpaca sent no order list', { path: '/v2/orders' });
    return body.map(record).filter((o): o is JsonObject => o !== undefined && str(o.id) !== undefined);
  }

  async function positionsOf(account: string): Promise<BrokerPosition[]> {
    const body = await at(account, '/v2/positions');
    return (Array.isArray(body) ? body : [])
      .map(record)
      .filter((p): p is JsonObject => p !== undefined)
      .map((p) => ({
        symbol: (str(p.symbol) ?? '').trim(),
        qty: exact(p.qty),
        cost: exact(p.cost_basis),
        // Alpaca's position has no date it was opened.
        openedAt: '',
      }));
  }

  const broker: AlpacaBroker = {
    name: 'alpaca',

    async balances(account): Promise<BrokerBalances> {
      const a = record(await at(account, '/v2/account'));
      if (!a) throw new ProviderError('alpaca', 'BAD_RESPONSE', 'Alpaca sent no account', { path: '/v2/account' });
      const accountType = accountTypeOf(a);
      const cash = exact(a.cash);
      return {
        account,
        accountValue: exact(a.equity, exact(a.portfolio_value)),
        buyingPower: exact(a.buying_power, cash),
        equitiesValue: toText(dec(exact(a.long_market_value)).plus(exact(a.short_market_value))),
        cash,
        accountType,
        availableFunds:
          accountType === 'CASH' ? null : exact(a.options_buying_power, exact(a.non_marginable_buying_power, cash)),
      };
    },

    placeOrder: (p) =>
      Promise.resolve()
        .then(() => orderBody(p))
        .then((body) => place(p.account, body)),
    placeManualOrder: (m) =>
      Promise.resolve()
        .then(() => manualBody(m))
        .then((body) => place(m.account, body)),
    findOrder,

    /**
     * PATCH /v2/orders/{id}: Alpaca replaces the order with a NEW one (a new id; the old one becomes
     * `replaced`), which answers to the same tag. Its type cannot change, nor its quantity here.
     */
    async modifyOrder(account, id, c: OrderChange) {
      const current = await orderById(account, id);
      const type = str(current.type) ?? str(current.order_type);
      if (c.type !== undefined && c.type !== type) {
        throw refusal(
          `Alpaca cannot change a ${type ?? 'working'} order into a ${c.type} order: cancel it and place a new one`,
        );
      }
      if (c.duration === 'pre' || c.duration === 'post')
        throw refusal('Alpaca cannot move a working order outside market hours');
      if (c.duration === 'gtc' && (str(current.asset_class) === 'us_option' || str(current.order_class) === 'mleg')) {
        throw refusal(OPTION_DAY_ONLY);
      }
      const clientOrderId = str(current.client_order_id) ?? id;
      const next = replacementClientOrderId(clientOrderId);
      if (next.length > MAX_CLIENT_ORDER_ID)
        throw refusal(`The order ${id} has been replaced too often to replace again`);
      const json = {
        client_order_id: next,
        time_in_force: c.duration,
        limit_price: c.limitPrice ?? undefined,
        stop_price: c.stopPrice ?? undefined,
      };
      try {
        const path = `/v2/orders/${encodeURIComponent(id)}`;
        return toBrokerOrder(account, anOrder(await at(account, path, { method: 'PATCH', json }), '/v2/orders'));
      } catch (err) {
        if (!isProviderError(err)) throw err;
        if (ANSWER_LOST.has(err.code)) {
          // The replace may have been taken: the tag leads to the order that works now.
          const found = await findOrder(account, tagOfClientOrderId(clientOrderId)).catch(() => null);
          if (found && found.id !== id) return found;
        }
        throw asRefusal(err);
      }
    },

    /** DELETE /v2/orders/{id} (204), then the order as it is now (it may have filled first). */
    async cancelOrder(account, id) {
      try {
        await at(account, `/v2/orders/${encodeURIComponent(id)}`, { method: 'DELETE' });
      } catch (err) {
        if (!isProviderError(err)) throw err;
        const lost = ANSWER_LOST.has(err.code);
        if (lost || err.status === 422) {
          const now = await orderById(account, id).catch(() => null);
          const state = str(now?.status) ?? '';
          const settled = lost ? ['canceled', 'pending_cancel'] : ['canceled', 'filled', 'expired', 'rejected'];
          if (now && settled.includes(state)) return toBrokerOrder(account, now);
        }
        throw asRefusal(err);
      }
      return toBrokerOrder(account, await orderById(account, id));
    },

    async orders(account, since) {
      const from = since === null ? null : Date.parse(since);
      // Every working order, and the recent closed ones (Alpaca lists by submission, not by change).
      const byId = new Map<string, JsonObject>();
      for (const o of [...(await ordersOf(account, 'open')), ...(await ordersOf(account, 'closed'))]) {
        byId.set(String(o.id), o);
      }
      // A replaced order lives on in its replacement, which answers to the same tag.
      return [...byId.values()]
        .filter((o) => str(o.status) !== 'replaced')
        .map((o) => toBrokerOrder(account, o))
        .filter(
          (o) =>
            o.status === 'open' || o.status === 'partially_filled' || from === null || Date.parse(o.updatedAt) >= from,
        );
    },

    async allOrders(account) {
      return (await ordersOf(account, 'all'))
        .map((o) => toBrokerOrder(account, o))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    positions: positionsOf,

    /** Alpaca keeps no gain/loss: the round trips are read from the FILL activities (1,000 at most). */
    async closedPositions(account): Promise<ClosedPosition[]> {
      const fills: JsonObject[] = [];
      let token: string | undefined;
      for (let page = 0; page < FILL_PAGES; page++) {
        const body = await at(account, '/v2/account/activities/FILL', {
          query: { direction: 'desc', page_size: FILL_PAGE_SIZE, page_token: token },
        });
        const rows = (Array.isArray(body) ? body : []).map(record).filter((f): f is JsonObject => f !== undefined);
        fills.push(...rows);
        token = str(rows.at(-1)?.id);
        if (rows.length < FILL_PAGE_SIZE || !token) break;
      }
      const held = new Map((await positionsOf(account)).map((p) => [p.symbol, dec(p.qty)]));
      return roundTripsOf(fills.reverse(), held);
    },

    async checkKeyPair(keyId, secretKey) {
      return accountInfoOf(await api({ kind: 'key', keyId, secretKey }, '/v2/account'));
    },

    link: {
      name: 'alpaca',
      authorizeUrl(state, redirectUri) {
        const url = new URL(options.authorizeUrl);
        url.searchParams.set('response_type', 'code');
        url.searchParams.set('client_id', options.clientId);
        url.searchParams.set('redirect_uri', redirectUri);
        url.searchParams.set('state', state);
        url.searchParams.set('scope', options.scope ?? ALPACA_SCOPES);
        url.searchParams.set('env', env);
        return url.toString();
      },

      /** POST /oauth/token (form, the client's secret in it): a bearer token with no expiry and no refresh token. */
      async exchange(code, redirectUri): Promise<BrokerCredentials> {
        const url = new URL(options.tokenUrl);
        const form = new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uri: redirectUri,
        });
        let body: unknown;
        try {
          body = await send(limiterOf('oauth'), {
            method: 'POST',
            url,
            path: url.pathname,
            headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
            body: form.toString(),
            attempts: 1,
          });
        } catch (err) {
          // A code is used once: any 4xx (an unknown, used or expired code, a wrong client) is a refusal.
          if (isProviderError(err) && err.status !== undefined && err.status < 500 && err.status !== 429) {
            throw refusal(`Alpaca granted no access (${err.message})`, err.details);
          }
          throw err;
        }
        const token = str(record(body)?.access_token);
        if (!token) throw refusal('Alpaca granted no access (no access_token)', { path: url.pathname });
        return { accessToken: token, refreshToken: null, expiresAt: null };
      },

      /** GET /v2/account with the token: the one account it reaches on this host. */
      async accounts(credentials): Promise<BrokerAccountInfo[]> {
        if (!credentials.accessToken) throw new ProviderError('alpaca', 'UNAUTHORIZED', 'No Alpaca access token');
        return [accountInfoOf(await api({ kind: 'oauth', accessToken: credentials.accessToken }, '/v2/account'))];
      },
    },
  };
  return broker;
}
