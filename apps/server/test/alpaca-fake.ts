/**
 * A local Alpaca speaking the documented Trading API (docs/alpaca.md) for the adapter's and the
 * API's tests: OAuth (an authorize page that sends the trader back with code and state, the code
 * exchanged at /oauth/token), bearer tokens and API key pairs each reaching one account,
 * /v2/account, orders (place as JSON, list, by client order id, replace, cancel), positions and
 * FILL activities. Decimal amounts are strings, as Alpaca sends them; errors are
 * {"code": …, "message": …}. The test fills orders, sets positions and arranges faults: expired
 * credentials (401), 429, 5xx, an order taken and then no answer (or a 500), 403 and 422 refusals.
 *
 * Its `/stream` WebSocket is the trade updates stream: `authenticate` with a key pair or an OAuth
 * token (answered on the `authorization` stream), `listen` to `trade_updates`, then an update, in a
 * binary frame as paper accounts send them, for each order placed, filled, replaced, cancelled or
 * set to another status on the account.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';
import { fakeSockets } from './fake-sockets';
import { dec, parseOcc, toText } from '@drat/engine';

export const ALPACA_CLIENT_ID = 'drat-alpaca-client';
export const ALPACA_CLIENT_SECRET = 'drat-alpaca-secret';

export interface AlpacaFakeRequest {
  method: string;
  /** Path without the query, e.g. /v2/orders. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed (null when there is none). */
  json: Record<string, unknown> | null;
  /** A form body (the token exchange), parsed. */
  form: URLSearchParams;
}

export type AlpacaFakeReply = { status?: number; headers?: Record<string, string>; json?: unknown } | 'hang';

/** An order as Alpaca sends it, and the account it belongs to (not sent). */
export type AlpacaFakeOrder = Record<string, unknown> & {
  id: string;
  client_order_id: string;
  status: string;
  qty: string;
  filled_qty: string;
  filled_avg_price: string | null;
  account: string;
};

export interface AlpacaFakeAccountSpec {
  number: string;
  type: 'cash' | 'margin';
  /** Sent as pattern_day_trader: true (Alpaca stopped flagging accounts in 2026; old answers carry it). */
  patternDayTrader?: boolean;
  /** Fields of /v2/account to send instead of the defaults. */
  fields?: Record<string, unknown>;
  /** An OAuth token reaching the account: the code the authorize page sends back for it is returned. */
  token?: string;
  keyPair?: { keyId: string; secretKey: string };
}

/** What the next POST /v2/orders meets. */
export type AlpacaPlaceFault =
  'accept-then-hang' | 'accept-then-500' | 'hang-before-accepting' | 'insufficient-buying-power' | 'unprocessable';

export interface AlpacaFake {
  /** The Trading API's host, as the adapter is configured (its paths add /v2/…). */
  baseUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  orders: AlpacaFakeOrder[];
  requests: AlpacaFakeRequest[];
  addAccount(spec: AlpacaFakeAccountSpec): { code: string | null };
  /** A token or key id that answers 401 from now on. */
  expire(tokenOrKeyId: string): void;
  failNextPlace(fault: AlpacaPlaceFault): void;
  /** The next PATCH /v2/orders/{id} replaces the order, then answers nothing (or a 500). */
  failNextReplace(fault: 'accept-then-hang' | 'accept-then-500'): void;
  /** The next `times` requests matching answer `reply` instead (after the credentials are checked). */
  inject(match: { method?: string; path: string | RegExp }, reply: AlpacaFakeReply, times?: number): void;
  /** A fill of `qty` at `price`: the order's cumulative quantity and average, and a FILL activity. */
  fill(id: string, qty: string, price: string): void;
  setStatus(id: string, status: string): void;
  setPositions(account: string, positions: Record<string, unknown>[]): void;
  addFillActivity(
    account: string,
    fill: { symbol: string; side: 'buy' | 'sell'; qty: string; price: string; at: string },
  ): void;
  /** Requests to one path. */
  to(path: string, method?: string): AlpacaFakeRequest[];
  /** Every POST /v2/orders, for counting. */
  placements(): AlpacaFakeRequest[];
  /** The trade updates streams listening now, by account. */
  streamsListening(account?: string): number;
  /** Every trade update sent on the streams. */
  updatesSent: { account: string; event: string; clientOrderId: string }[];
  /** Ends every stream connection at once (a dropped connection). */
  dropStreams(): void;
  close(): Promise<void>;
}

const CLOSED = new Set(['filled', 'canceled', 'expired', 'rejected', 'replaced']);
/** Alpaca refuses to replace an order in these states (the reference of PATCH /v2/orders/{id}). */
const NOT_REPLACEABLE = new Set(['accepted', 'pending_new', 'pending_cancel', 'pending_replace']);
const error = (status: number, code: number, message: string): AlpacaFakeReply => ({ status, json: { code, message } });
const UNAUTHORIZED = error(401, 40110000, 'request is not authorized');
const NOT_FOUND = error(404, 40410000, 'order not found');

export interface AlpacaFakeOptions {
  /**
   * A key pair never seen before whose secret is `secret-<key id>` opens a new paper cash account
   * (for browser journeys, whose test cannot reach this process to add one).
   */
  openAccountsForKeys?: boolean;
}

export async function startAlpacaFake(options: AlpacaFakeOptions = {}): Promise<AlpacaFake> {
  const accounts = new Map<string, AlpacaFakeAccountSpec & { id: string }>();
  const tokens = new Map<string, string>();
  const keys = new Map<string, { secret: string; account: string }>();
  const codes = new Map<string, { token: string; redirectUri: string | null }>();
  const expired = new Set<string>();
  const orders: AlpacaFakeOrder[] = [];
  const requests: AlpacaFakeRequest[] = [];
  const positions = new Map<string, Record<string, unknown>[]>();
  const activities = new Map<string, Record<string, unknown>[]>();
  const injections: { method?: string; path: string | RegExp; reply: AlpacaFakeReply; left: number }[] = [];
  let fault: AlpacaPlaceFault | null = null;
  let replaceFault: 'accept-then-hang' | 'accept-then-500' | null = null;
  const streams = new Map<WebSocket, { account: string | null; listening: boolean }>();
  const updatesSent: AlpacaFake['updatesSent'] = [];
  let last = 0;
  /** Strictly increasing times, so that newest first is well defined within a millisecond. */
  const stamp = () => new Date((last = Math.max(Date.now(), last + 1))).toISOString();

  const accountOf = (r: AlpacaFakeRequest): string | null => {
    const bearer = String(r.headers.authorization ?? '');
    if (bearer.startsWith('Bearer ')) {
      const token = bearer.slice(7);
      return expired.has(token) ? null : (tokens.get(token) ?? null);
    }
    const keyId = String(r.headers['apca-api-key-id'] ?? '');
    if (
      options.openAccountsForKeys &&
      keyId &&
      !keys.has(keyId) &&
      r.headers['apca-api-secret-key'] === `secret-${keyId}`
    ) {
      const number = `PA${keyId
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .slice(0, 10)}`;
      accounts.set(number, { number, type: 'cash', id: randomUUID() });
      keys.set(keyId, { secret: `secret-${keyId}`, account: number });
    }
    const pair = keys.get(keyId);
    if (!pair || expired.has(keyId) || pair.secret !== r.headers['apca-api-secret-key']) return null;
    return pair.account;
  };

  const shown = (o: AlpacaFakeOrder) => {
    const { account: _account, ...sent } = o;
    return sent;
  };

  /** A trade update to every stream of the order's account that listens (binary, as from the paper host). */
  function tell(o: AlpacaFakeOrder, event: string, fill?: { qty: string; price: string }) {
    const data = {
      event,
      timestamp: stamp(),
      order: shown(o),
      ...(fill ? { execution_id: randomUUID(), price: fill.price, qty: fill.qty } : {}),
    };
    for (const [ws, s] of streams) {
      if (s.account !== o.account || !s.listening) continue;
      ws.send(Buffer.from(JSON.stringify({ stream: 'trade_updates', data })), { binary: true });
      updatesSent.push({ account: o.account, event, clientOrderId: o.client_order_id });
    }
  }

  /** The account a stream's `authenticate` reaches, as the REST calls' headers would. */
  function streamAccount(data: Record<string, unknown>): string | null {
    if (typeof data.oauth_token === 'string') {
      return expired.has(data.oauth_token) ? null : (tokens.get(data.oauth_token) ?? null);
    }
    const keyId = typeof data.key_id === 'string' ? data.key_id : '';
    const pair = keys.get(keyId);
    return pair && !expired.has(keyId) && pair.secret === data.secret_key ? pair.account : null;
  }

  const accountJson = (a: AlpacaFakeAccountSpec & { id: string }) => ({
    id: a.id,
    account_number: a.number,
    status: 'ACTIVE',
    crypto_status: 'ACTIVE',
    currency: 'USD',
    cash: '6363.86',
    portfolio_value: '17798.36',
    equity: '17798.36',
    last_equity: '17650.1',
    long_market_value: '11434.5',
    short_market_value: '0',
    buying_power: a.type === 'cash' ? '4343.38' : '12727.72',
    regt_buying_power: a.type === 'cash' ? '4343.38' : '12727.72',
    non_marginable_buying_power: '4343.38',
    options_buying_power: a.type === 'cash' ? '4343.38' : '6363.86',
    multiplier: a.type === 'cash' ? '1' : '2',
    initial_margin: '0',
    maintenance_margin: '0',
    sma: '0',
    shorting_enabled: a.type === 'margin',
    trading_blocked: false,
    transfers_blocked: false,
    account_blocked: false,
    trade_suspended_by_user: false,
    created_at: '2026-01-05T14:00:00Z',
    options_approved_level: 3,
    options_trading_level: 3,
    ...(a.patternDayTrader !== undefined ? { pattern_day_trader: a.patternDayTrader } : {}),
    ...a.fields,
  });

  function placeOrder(account: string, b: Record<string, unknown>): AlpacaFakeReply | AlpacaFakeOrder {
    const s = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : undefined);
    const mleg = s('order_class') === 'mleg';
    const legs = Array.isArray(b.legs) ? (b.legs as Record<string, unknown>[]) : [];
    const type = s('type');
    const tif = s('time_in_force');
    if (!type || !tif) return error(422, 40010001, 'type and time_in_force are required');
    if (!mleg && (!s('symbol') || !s('side'))) return error(422, 40010001, 'symbol and side are required');
    if (mleg && (legs.length < 2 || legs.length > 4)) return error(422, 40010001, 'mleg orders take 2 to 4 legs');
    if ((type === 'limit' || type === 'stop_limit') && !s('limit_price'))
      return error(422, 40010001, 'limit_price is required');
    if ((type === 'stop' || type === 'stop_limit') && !s('stop_price'))
      return error(422, 40010001, 'stop_price is required');
    const option = mleg || parseOcc(s('symbol') ?? '') !== null;
    if (option && tif !== 'day') return error(422, 42210000, 'invalid time_in_force for options');
    const cid = s('client_order_id') ?? randomUUID();
    if (cid.length > 128) return error(422, 40010001, 'client_order_id must be no more than 128 characters');
    if (orders.some((o) => o.account === account && o.client_order_id === cid))
      return error(422, 40010001, 'client_order_id must be unique');
    const at = stamp();
    const order: AlpacaFakeOrder = {
      account,
      id: randomUUID(),
      client_order_id: cid,
      created_at: at,
      updated_at: at,
      submitted_at: at,
      filled_at: null,
      expired_at: null,
      canceled_at: null,
      failed_at: null,
      replaced_at: null,
      replaced_by: null,
      replaces: null,
      asset_id: mleg ? '' : randomUUID(),
      symbol: mleg ? '' : s('symbol')!,
      asset_class: mleg ? '' : option ? 'us_option' : 'us_equity',
      notional: null,
      qty: s('qty') ?? '0',
      filled_qty: '0',
      filled_avg_price: null,
      order_class: mleg ? 'mleg' : option ? 'simple' : '',
      order_type: type,
      type,
      side: mleg ? '' : s('side')!,
      time_in_force: tif,
      limit_price: s('limit_price') ?? null,
      stop_price: s('stop_price') ?? null,
      status: 'new',
      extended_hours: b.extended_hours === true,
      legs: mleg
        ? legs.map((l) => ({
            id: randomUUID(),
            client_order_id: randomUUID(),
            symbol: l.symbol,
            asset_class: 'us_option',
            side: l.side,
            position_intent: l.position_intent ?? null,
            ratio_qty: l.ratio_qty,
            qty: toText(dec(String(l.ratio_qty ?? '1')).times(s('qty') ?? '0')),
            filled_qty: '0',
            order_class: 'mleg',
            type: '',
            status: 'new',
            time_in_force: tif,
          }))
        : null,
      trail_percent: null,
      trail_price: null,
      hwm: null,
      ...(s('position_intent') ? { position_intent: s('position_intent') } : {}),
    };
    orders.push(order);
    tell(order, 'new');
    return order;
  }

  function listOrders(account: string, q: URLSearchParams): AlpacaFakeReply {
    const status = q.get('status') ?? 'open';
    const limit = Math.min(500, Number(q.get('limit') ?? 50));
    const after = q.get('after');
    const until = q.get('until');
    const mine = orders
      .filter((o) => o.account === account)
      .filter((o) => status === 'all' || (status === 'closed') === CLOSED.has(o.status))
      .filter((o) => !after || String(o.submitted_at) > after)
      .filter((o) => !until || String(o.submitted_at) < until)
      .sort((a, b) => String(a.submitted_at).localeCompare(String(b.submitted_at)));
    if (q.get('direction') !== 'asc') mine.reverse();
    return { json: mine.slice(0, limit).map(shown) };
  }

  function replaceOrder(old: AlpacaFakeOrder, b: Record<string, unknown>): AlpacaFakeReply {
    if (CLOSED.has(old.status)) return error(422, 42210000, `order is already in "${old.status}" state`);
    if (NOT_REPLACEABLE.has(old.status)) return error(422, 42210000, `order is in "${old.status}" state`);
    const cid = typeof b.client_order_id === 'string' ? b.client_order_id : randomUUID();
    if (orders.some((o) => o.account === old.account && o.client_order_id === cid))
      return error(422, 40010001, 'client_order_id must be unique');
    const at = stamp();
    const next: AlpacaFakeOrder = {
      ...old,
      id: randomUUID(),
      client_order_id: cid,
      created_at: at,
      updated_at: at,
      submitted_at: at,
      replaces: old.id,
      status: 'new',
    };
    for (const k of ['qty', 'time_in_force', 'limit_price', 'stop_price'] as const) {
      if (typeof b[k] === 'string') next[k] = b[k];
    }
    Object.assign(old, { status: 'replaced', replaced_by: next.id, replaced_at: at, updated_at: at });
    orders.push(next);
    tell(next, 'replaced');
    return { json: shown(next) };
  }

  function route(r: AlpacaFakeRequest, account: string): AlpacaFakeReply {
    const path = r.path;
    if (path === '/v2/account' && r.method === 'GET') return { json: accountJson(accounts.get(account)!) };
    if (path === '/v2/positions' && r.method === 'GET') return { json: positions.get(account) ?? [] };
    if (path === '/v2/account/activities/FILL' && r.method === 'GET') {
      const all = [...(activities.get(account) ?? [])].sort((a, b) => String(b.id).localeCompare(String(a.id)));
      if (r.query.get('direction') === 'asc') all.reverse();
      const token = r.query.get('page_token');
      const from = token ? all.findIndex((a) => a.id === token) + 1 : 0;
      const size = Math.min(100, Number(r.query.get('page_size') ?? 100));
      return { json: all.slice(from, from + size) };
    }
    if (path === '/v2/orders' && r.method === 'GET') return listOrders(account, r.query);
    if (path === '/v2/orders' && r.method === 'POST') {
      const now = fault;
      fault = null;
      if (now === 'hang-before-accepting') return 'hang';
      if (now === 'insufficient-buying-power') {
        return {
          status: 403,
          json: { buying_power: '4343.38', code: 40310000, cost_basis: '9999', message: 'insufficient buying power' },
        };
      }
      if (now === 'unprocessable')
        return error(
          422,
          42210000,
          'invalid limit_price 290.123. sub-penny increment does not fulfill minimum pricing criteria',
        );
      const placed = placeOrder(account, r.json ?? {});
      if (placed === 'hang' || !('id' in placed)) return placed;
      if (now === 'accept-then-hang') return 'hang';
      if (now === 'accept-then-500') return error(500, 50010000, 'internal server error occurred');
      return { json: shown(placed) };
    }
    if (path === '/v2/orders:by_client_order_id' && r.method === 'GET') {
      const o = orders.find((x) => x.account === account && x.client_order_id === r.query.get('client_order_id'));
      return o ? { json: shown(o) } : NOT_FOUND;
    }
    const one = /^\/v2\/orders\/([^/]+)$/.exec(path);
    if (one) {
      const o = orders.find((x) => x.account === account && x.id === decodeURIComponent(one[1]!));
      if (!o) return NOT_FOUND;
      if (r.method === 'GET') return { json: shown(o) };
      if (r.method === 'PATCH') {
        const now = replaceFault;
        replaceFault = null;
        const answer = replaceOrder(o, r.json ?? {});
        if (!now || answer === 'hang' || (answer.status ?? 200) !== 200) return answer;
        return now === 'accept-then-hang' ? 'hang' : error(500, 50010000, 'internal server error occurred');
      }
      if (r.method === 'DELETE') {
        if (CLOSED.has(o.status)) return error(422, 42210000, `order is already in "${o.status}" state`);
        Object.assign(o, { status: 'canceled', canceled_at: stamp(), updated_at: stamp() });
        tell(o, 'canceled');
        return { status: 204 };
      }
    }
    return { status: 404, json: { code: 40410000, message: 'endpoint not found' } };
  }

  function authorizePage(r: AlpacaFakeRequest): AlpacaFakeReply {
    // The trader signs in and approves at once; Alpaca sends them back to the application's callback.
    const q = r.query;
    if (q.get('response_type') !== 'code' || q.get('client_id') !== ALPACA_CLIENT_ID || !q.get('redirect_uri')) {
      return { status: 400, json: { error: 'invalid_request' } };
    }
    const code = [...codes.keys()].at(-1);
    if (!code) return { status: 400, json: { error: 'access_denied' } };
    codes.get(code)!.redirectUri = q.get('redirect_uri');
    const back = new URL(q.get('redirect_uri')!);
    back.searchParams.set('code', code);
    if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
    return { status: 302, headers: { Location: back.toString() } };
  }

  function tokenEndpoint(r: AlpacaFakeRequest): AlpacaFakeReply {
    const f = r.form;
    if (f.get('client_id') !== ALPACA_CLIENT_ID || f.get('client_secret') !== ALPACA_CLIENT_SECRET) {
      return { status: 401, json: { error: 'invalid_client' } };
    }
    const grant = codes.get(f.get('code') ?? '');
    const redirectOk = grant && (grant.redirectUri === null || grant.redirectUri === f.get('redirect_uri'));
    if (f.get('grant_type') !== 'authorization_code' || !grant || !redirectOk || !f.get('redirect_uri')) {
      return { status: 400, json: { error: 'invalid_grant' } };
    }
    codes.delete(f.get('code')!);
    return { json: { access_token: grant.token, token_type: 'bearer', scope: 'trading' } };
  }

  function reply(res: ServerResponse, answer: AlpacaFakeReply) {
    if (answer === 'hang') return; // never answer: the client must time out
    const body = answer.json === undefined ? '' : JSON.stringify(answer.json);
    res.writeHead(answer.status ?? 200, {
      ...(answer.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...answer.headers,
    });
    res.end(body);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      const isJson = String(req.headers['content-type'] ?? '').includes('json');
      let json: Record<string, unknown> | null;
      try {
        json = isJson && text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        return reply(res, error(400, 40010000, 'failed to decode request body'));
      }
      const r: AlpacaFakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        json,
        form: new URLSearchParams(String(req.headers['content-type'] ?? '').includes('form') ? text : ''),
      };
      requests.push(r);
      if (r.path === '/oauth/authorize' && r.method === 'GET') return reply(res, authorizePage(r));
      if (r.path === '/oauth/token' && r.method === 'POST') return reply(res, tokenEndpoint(r));
      const account = accountOf(r);
      if (!account) return reply(res, UNAUTHORIZED);
      const injected = injections.find(
        (i) =>
          i.left > 0 &&
          (i.method === undefined || i.method === r.method) &&
          (typeof i.path === 'string' ? i.path === r.path : i.path.test(r.path)),
      );
      if (injected) {
        injected.left--;
        return reply(res, injected.reply);
      }
      reply(res, route(r, account));
    });
  });
  const sockets = fakeSockets(server);
  sockets.on('/stream', (ws) => {
    const state = { account: null as string | null, listening: false };
    streams.set(ws, state);
    const send = (message: unknown) => ws.send(Buffer.from(JSON.stringify(message)), { binary: true });
    ws.on('close', () => streams.delete(ws));
    ws.on('message', (raw) => {
      let m: { action?: unknown; data?: Record<string, unknown> };
      try {
        m = JSON.parse(String(raw)) as typeof m;
      } catch {
        return send({ stream: 'error', data: { error: 'invalid syntax' } });
      }
      if (m.action === 'authenticate') {
        state.account = streamAccount(m.data ?? {});
        return send({
          stream: 'authorization',
          data: state.account
            ? { action: 'authenticate', status: 'authorized' }
            : { action: 'authenticate', status: 'unauthorized', message: 'access key verification failed' },
        });
      }
      if (m.action === 'listen' && state.account) {
        const asked = Array.isArray(m.data?.streams) ? m.data.streams : [];
        state.listening = asked.includes('trade_updates');
        return send({ stream: 'listening', data: { streams: state.listening ? ['trade_updates'] : [] } });
      }
      send({ stream: 'error', data: { error: state.account ? 'invalid action' : 'access denied' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const byId = (id: string) => {
    const o = orders.find((x) => x.id === id);
    if (!o) throw new Error(`The fake Alpaca has no order ${id}`);
    return o;
  };

  function addFillActivity(
    account: string,
    f: {
      symbol: string;
      side: 'buy' | 'sell';
      qty: string;
      price: string;
      at: string;
      orderId?: string;
      last?: boolean;
    },
  ) {
    const list = activities.get(account) ?? [];
    const compact = f.at
      .replace(/[^0-9]/g, '')
      .padEnd(17, '0')
      .slice(0, 17);
    list.push({
      id: `${compact}::${randomUUID()}`,
      activity_type: 'FILL',
      transaction_time: f.at,
      type: f.last === false ? 'partial_fill' : 'fill',
      price: f.price,
      qty: f.qty,
      side: f.side,
      symbol: f.symbol,
      leaves_qty: '0',
      order_id: f.orderId ?? randomUUID(),
      cum_qty: f.qty,
    });
    activities.set(account, list);
  }

  return {
    baseUrl: origin,
    authorizeUrl: `${origin}/oauth/authorize`,
    tokenUrl: `${origin}/oauth/token`,
    orders,
    requests,
    addAccount(spec) {
      accounts.set(spec.number, { ...spec, id: randomUUID() });
      if (spec.keyPair) keys.set(spec.keyPair.keyId, { secret: spec.keyPair.secretKey, account: spec.number });
      if (!spec.token) return { code: null };
      tokens.set(spec.token, spec.number);
      const code = randomUUID();
      codes.set(code, { token: spec.token, redirectUri: null });
      return { code };
    },
    expire: (credential) => void expired.add(credential),
    failNextPlace(f) {
      fault = f;
    },
    failNextReplace(f) {
      replaceFault = f;
    },
    inject(match, answer, times = 1) {
      injections.push({ ...match, reply: answer, left: times });
    },
    fill(id, qty, price) {
      const o = byId(id);
      const before = dec(o.filled_qty);
      const total = before.plus(qty);
      const paid = before.times(o.filled_avg_price ?? '0').plus(dec(qty).times(price));
      const at = stamp();
      Object.assign(o, {
        filled_qty: toText(total),
        filled_avg_price: toText(paid.div(total).toDecimalPlaces(6)),
        status: total.gte(o.qty) ? 'filled' : 'partially_filled',
        updated_at: at,
        ...(total.gte(o.qty) ? { filled_at: at } : {}),
      });
      tell(o, total.gte(o.qty) ? 'fill' : 'partial_fill', { qty, price });
      if (typeof o.symbol === 'string' && o.symbol !== '') {
        addFillActivity(o.account, {
          symbol: o.symbol,
          side: o.side === 'sell' ? 'sell' : 'buy',
          qty,
          price,
          at,
          orderId: o.id,
          last: total.gte(o.qty),
        });
      }
    },
    setStatus(id, status) {
      const o = byId(id);
      Object.assign(o, { status, updated_at: stamp() });
      // The stream's event names (fill, partial_fill …) where they differ from the status.
      tell(o, ({ filled: 'fill', partially_filled: 'partial_fill' } as Record<string, string>)[status] ?? status);
    },
    setPositions: (account, list) => void positions.set(account, list),
    addFillActivity,
    to: (path, method) => requests.filter((r) => r.path === path && (method === undefined || r.method === method)),
    placements: () => requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders'),
    streamsListening: (account) =>
      [...streams.values()].filter((s) => s.listening && (account === undefined || s.account === account)).length,
    updatesSent,
    dropStreams: sockets.drop,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
