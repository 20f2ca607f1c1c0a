/**
 * A local Tradier brokerage speaking the documented API (docs/tradier.md) for the adapter's and the
 * API's tests: OAuth (authorize redirect, code exchange with the client's Basic credentials), the
 * user's profile, balances (cash and margin shapes), orders (place, list with tags, one, modify,
 * cancel), positions and gain/loss. Lists come as Tradier sends them: an array, a lone object for
 * one element, "null" for none. The test fills orders, sets positions and arranges faults: a 401
 * (expired token), 429, 5xx, a timeout after the order was taken, a refusal in a 200.
 *
 * The account events stream: POST /v1/accounts/events/session answers a session id good for five
 * minutes and the stream's address; on the socket, `{"events":["order"],"sessionid":…}` subscribes
 * every account of the session's token (less `excludeAccounts`), then an order event is sent for
 * each order placed, modified, cancelled or filled (as documented; `executed_quantity` is one of
 * the two names the documentation gives), and a heartbeat when a stream subscribes and every
 * minute. A session id unknown or expired is answered `{"error":…}` (FAKE: the documentation does
 * not say).
 */
import type { WebSocket } from 'ws';
import { startFakeTradier, type FakeReply, type FakeRequest, type FakeTradier } from './tradier-fake';

export const FAKE_CLIENT_ID = 'drat-client';
export const FAKE_CLIENT_SECRET = 'drat-secret';

interface FakeOrder {
  id: number;
  account: string;
  class: string;
  symbol: string;
  option_symbol?: string;
  side: string;
  quantity: number;
  type: string;
  duration: string;
  price?: number;
  stop_price?: number;
  status: string;
  exec_quantity: number;
  avg_fill_price: number;
  tag?: string;
  create_date: string;
  transaction_date: string;
  num_legs?: number;
  leg?: Record<string, unknown>[];
}

type PlaceFault = 'accept-then-hang' | 'accept-then-500' | 'refuse-in-200' | 'refuse-400' | 'rate-limit-400';

export interface FakeBrokerage {
  http: FakeTradier;
  baseUrl: string;
  authorizeUrl: string;
  orders: FakeOrder[];
  /** A user who approves DRAT: the code the authorize page would send back, and the token it exchanges for. */
  addUser(token: string, accounts: { number: string; type: 'cash' | 'margin'; dayTrader?: boolean }[]): string;
  /** Tokens that answer 401 from now on (expired). */
  expire(token: string): void;
  failNextPlace(fault: PlaceFault): void;
  /** Every order placed from now on is answered after `ms` (0: at once), as a busy broker would. */
  slowPlaces(ms: number): void;
  fill(id: number, qty: number, price: number): void;
  setPositions(account: string, positions: Record<string, unknown>[]): void;
  setGainLoss(account: string, closed: Record<string, unknown>[]): void;
  /** Every request reaching an account's path, for counting. */
  placements(): FakeRequest[];
  /** Account event streams subscribed now (of one token). */
  streamsListening(token?: string): number;
  /** Every order event sent on the streams. */
  eventsSent: { account: string; status: string; tag: string | undefined }[];
  /** Ends every stream connection at once (a dropped connection). */
  dropStreams(): void;
  /** From now on (or no longer), no streaming session is given: 404, as for an account without streaming. */
  refuseStreams(refuse: boolean): void;
  close(): Promise<void>;
}

/** Tradier's shape of a list: an array, the element itself when alone, "null" when empty. */
const tradierList = <T>(items: T[]): T | T[] | 'null' =>
  items.length === 0 ? 'null' : items.length === 1 ? items[0]! : items;

export interface FakeBrokerageOptions {
  /**
   * The authorize page approves anyone who comes without a code arranged by `addUser`: a new
   * trader with a margin account (for browser journeys, whose test cannot reach this process).
   */
  approveAnyone?: boolean;
  /**
   * The application's registered callback (Tradier sends the trader back to the URL set in the
   * application's settings, not one named in the authorize link): where the authorize page redirects.
   */
  callbackUrl?: string;
}

export async function startFakeBrokerage(options: FakeBrokerageOptions = {}): Promise<FakeBrokerage> {
  const tokens = new Map<string, { accounts: { number: string; type: string; dayTrader: boolean }[] }>();
  const codes = new Map<string, string>();
  const expired = new Set<string>();
  const orders: FakeOrder[] = [];
  const positions = new Map<string, Record<string, unknown>[]>();
  const gainloss = new Map<string, Record<string, unknown>[]>();
  const sessions = new Map<string, { token: string; until: number }>();
  const streams = new Map<WebSocket, { token: string; accounts: Set<string> } | null>();
  const eventsSent: FakeBrokerage['eventsSent'] = [];
  let fault: PlaceFault | null = null;
  let placeDelayMs = 0;
  let noSessions = false;
  let seq = 1000;
  const basic = `Basic ${Buffer.from(`${FAKE_CLIENT_ID}:${FAKE_CLIENT_SECRET}`).toString('base64')}`;

  const http = await startFakeTradier({
    authorized(header, path) {
      if (path === '/v1/oauth/accesstoken') return header === basic;
      if (path === '/v1/oauth/authorize') return true;
      const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
      return tokens.has(token) && !expired.has(token);
    },
  });
  const tokenOf = (r: FakeRequest) => String(r.headers.authorization ?? '').slice(7);
  const owns = (r: FakeRequest, account: string) =>
    tokens.get(tokenOf(r))?.accounts.some((a) => a.number === account) ?? false;
  const stamp = () => new Date().toISOString();
  const forbidden: FakeReply = { status: 401, text: 'Invalid Access Token' };

  /** An order event, as the documentation's example, to every stream subscribed to its account. */
  function tell(o: FakeOrder) {
    const event = {
      id: o.id,
      event: 'order',
      status: o.status,
      type: o.type,
      price: o.price ?? 0,
      stop_price: o.stop_price ?? 0,
      avg_fill_price: o.avg_fill_price,
      executed_quantity: o.exec_quantity,
      last_fill_quantity: 0,
      remaining_quantity: o.quantity - o.exec_quantity,
      transaction_date: o.transaction_date,
      create_date: o.create_date,
      account: o.account,
      ...(o.tag ? { tag: o.tag } : {}),
    };
    for (const [ws, sub] of streams) {
      if (!sub?.accounts.has(o.account)) continue;
      ws.send(JSON.stringify(event));
      eventsSent.push({ account: o.account, status: o.status, tag: o.tag });
    }
  }

  http.on('/v1/accounts/events/session', (r) => {
    if (r.method !== 'POST') return { status: 405, text: 'Method Not Allowed' };
    if (noSessions) return { status: 404, text: 'Not Found' };
    const sessionid = `session-${++seq}`;
    sessions.set(sessionid, { token: tokenOf(r), until: Date.now() + 5 * 60_000 });
    const ws = http.baseUrl.replace(/^http/, 'ws');
    return { json: { stream: { url: `${ws}/accounts/events`, sessionid } } };
  });

  /** The documented heartbeat, sent when a stream subscribes (FAKE: the documentation says "regularly") and every minute. */
  const heartbeat = (ws: WebSocket) =>
    ws.send(JSON.stringify({ event: 'heartbeat', status: 'active', timestamp: new Date().toISOString() }));
  http.onSocket('/v1/accounts/events', (ws) => {
    streams.set(ws, null);
    const beat = setInterval(() => heartbeat(ws), 60_000).unref();
    ws.on('close', () => {
      clearInterval(beat);
      streams.delete(ws);
    });
    ws.on('message', (raw) => {
      let m: { events?: unknown; sessionid?: unknown; excludeAccounts?: unknown };
      try {
        m = JSON.parse(String(raw)) as typeof m;
      } catch {
        return ws.send(JSON.stringify({ error: 'invalid payload' }));
      }
      const session = sessions.get(String(m.sessionid));
      if (!session || session.until < Date.now() || expired.has(session.token))
        return ws.send(JSON.stringify({ error: 'invalid session' }));
      const excluded = Array.isArray(m.excludeAccounts) ? m.excludeAccounts : [];
      const accounts = (tokens.get(session.token)?.accounts ?? []).map((a) => a.number);
      const wanted = Array.isArray(m.events) && m.events.includes('order');
      streams.set(ws, {
        token: session.token,
        accounts: new Set(wanted ? accounts.filter((a) => !excluded.includes(a)) : []),
      });
      heartbeat(ws);
    });
  });

  http.on('/v1/oauth/authorize', (r) => {
    // The trader approves at once; Tradier sends them back to the application's callback.
    if (r.query.get('client_id') !== FAKE_CLIENT_ID) return { status: 400, text: 'Unknown client' };
    let code = [...codes.keys()].at(-1);
    if (!code && options.approveAnyone) {
      const n = seq++;
      code = api.addUser(`tok-approved-${n}`, [{ number: `VA${n}`, type: 'margin' }]);
    }
    if (!code) return { status: 400, text: 'No trader is waiting to approve' };
    const back = new URL(options.callbackUrl ?? r.query.get('redirect_uri') ?? 'http://localhost/trade/settings');
    back.searchParams.set('code', code);
    back.searchParams.set('state', r.query.get('state') ?? '');
    return { status: 302, headers: { Location: back.toString() } };
  });

  http.on('/v1/oauth/accesstoken', (r) => {
    const token = codes.get(r.form.get('code') ?? '');
    if (r.form.get('grant_type') !== 'authorization_code' || !token) {
      return { status: 400, json: { error: 'invalid_grant' } };
    }
    codes.delete(r.form.get('code')!);
    return {
      json: {
        access_token: token,
        expires_in: 86399,
        issued_at: new Date().toISOString(),
        scope: 'read write trade',
        status: 'approved',
      },
    };
  });

  http.on('/v1/user/profile', (r) => {
    const user = tokens.get(tokenOf(r))!;
    return {
      json: {
        profile: {
          id: 'id-trader',
          name: 'A Trader',
          account: tradierList(
            user.accounts.map((a) => ({
              account_number: a.number,
              classification: `individual_${a.type}`,
              date_created: '2026-01-05T14:00:00.000Z',
              day_trader: a.dayTrader,
              option_level: 2,
              status: 'active',
              type: a.type,
              last_update_date: '2026-01-05T14:00:00.000Z',
            })),
          ),
        },
      },
    };
  });

  http.onMatch(/^\/v1\/accounts\/[^/]+\/balances$/, (r) => {
    const account = r.path.split('/')[3]!;
    if (!owns(r, account)) return forbidden;
    const type = tokens.get(tokenOf(r))!.accounts.find((a) => a.number === account)!;
    const kind = type.dayTrader ? 'pdt' : type.type;
    const balances: Record<string, unknown> = {
      account_number: account,
      account_type: kind,
      total_equity: 17798.36,
      total_cash: 6363.86,
      market_value: 11434.5,
      long_market_value: 11434.5,
      pending_orders_count: 0,
    };
    if (kind === 'cash') balances.cash = { cash_available: 4343.38, sweep: 0, unsettled_funds: 1310 };
    else
      balances[kind] = { fed_call: 0, maintenance_call: 0, option_buying_power: 6363.86, stock_buying_power: 12727.72 };
    return { json: { balances } };
  });

  http.onMatch(/^\/v1\/accounts\/[^/]+\/orders$/, async (r) => {
    const account = r.path.split('/')[3]!;
    if (!owns(r, account)) return forbidden;
    if (r.method === 'GET') {
      const tags = r.query.get('includeTags') === 'true';
      const mine = orders.filter((o) => o.account === account).map((o) => (tags ? o : { ...o, tag: undefined }));
      return { json: { orders: mine.length === 0 ? 'null' : { order: tradierList(mine) } } };
    }
    if (placeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, placeDelayMs));
    const f = r.form;
    const now = fault;
    fault = null;
    if (now === 'refuse-400') return { status: 400, json: { errors: { error: ['type is invalid for class option'] } } };
    if (now === 'rate-limit-400') return { status: 400, text: 'Quota Violation' };
    if (now === 'refuse-in-200') {
      return { json: { errors: { error: 'You do not have enough buying power for this trade.' } } };
    }
    const legs = [0, 1, 2, 3]
      .filter((i) => f.has(`option_symbol[${i}]`))
      .map((i) => ({
        id: ++seq,
        class: 'option',
        option_symbol: f.get(`option_symbol[${i}]`),
        side: f.get(`side[${i}]`),
        quantity: Number(f.get(`quantity[${i}]`)),
        status: 'open',
      }));
    const order: FakeOrder = {
      id: ++seq,
      account,
      class: f.get('class') ?? 'equity',
      symbol: f.get('symbol') ?? '',
      ...(f.get('option_symbol') ? { option_symbol: f.get('option_symbol')! } : {}),
      side: f.get('side') ?? 'buy',
      quantity: Number(f.get('quantity') ?? legs[0]?.quantity ?? 0),
      type: f.get('type') ?? 'market',
      duration: f.get('duration') ?? 'day',
      ...(f.get('price') ? { price: Number(f.get('price')) } : {}),
      ...(f.get('stop') ? { stop_price: Number(f.get('stop')) } : {}),
      status: 'open',
      exec_quantity: 0,
      avg_fill_price: 0,
      ...(f.get('tag') ? { tag: f.get('tag')! } : {}),
      create_date: stamp(),
      transaction_date: stamp(),
      ...(legs.length > 0 ? { num_legs: legs.length, leg: legs } : {}),
    };
    orders.push(order);
    tell(order);
    if (now === 'accept-then-hang') return 'hang';
    if (now === 'accept-then-500') return { status: 500, text: 'Internal Server Error' };
    return { json: { order: { id: order.id, status: 'ok', partner_id: 'c4998eb7-06e8-4820-a7ab-55d9760065fb' } } };
  });

  http.onMatch(/^\/v1\/accounts\/[^/]+\/orders\/\d+$/, (r) => {
    const [, , , account, , id] = r.path.split('/');
    if (!owns(r, account!)) return forbidden;
    const o = orders.find((x) => x.account === account && x.id === Number(id));
    if (!o) return { status: 400, json: { errors: { error: 'Order not found' } } };
    if (r.method === 'GET')
      return { json: { order: r.query.get('includeTags') === 'true' ? o : { ...o, tag: undefined } } };
    if (o.status !== 'open' && o.status !== 'partially_filled' && o.status !== 'pending') {
      return { json: { errors: { error: `Order is ${o.status}: it cannot be changed` } } };
    }
    if (r.method === 'DELETE') o.status = 'canceled';
    else {
      if (r.form.get('type')) o.type = r.form.get('type')!;
      if (r.form.get('duration')) o.duration = r.form.get('duration')!;
      if (r.form.get('price')) o.price = Number(r.form.get('price'));
      if (r.form.get('stop')) o.stop_price = Number(r.form.get('stop'));
    }
    o.transaction_date = stamp();
    tell(o);
    return { json: { order: { id: o.id, status: 'ok' } } };
  });

  http.onMatch(/^\/v1\/accounts\/[^/]+\/positions$/, (r) => {
    const account = r.path.split('/')[3]!;
    if (!owns(r, account)) return forbidden;
    const list = positions.get(account) ?? [];
    return { json: { positions: list.length === 0 ? 'null' : { position: tradierList(list) } } };
  });

  http.onMatch(/^\/v1\/accounts\/[^/]+\/gainloss$/, (r) => {
    const account = r.path.split('/')[3]!;
    if (!owns(r, account)) return forbidden;
    const list = gainloss.get(account) ?? [];
    return { json: { gainloss: list.length === 0 ? 'null' : { closed_position: tradierList(list) } } };
  });

  const api: FakeBrokerage = {
    http,
    baseUrl: http.baseUrl,
    authorizeUrl: `${http.baseUrl}/oauth/authorize`,
    orders,
    addUser(token, accounts) {
      tokens.set(token, { accounts: accounts.map((a) => ({ ...a, dayTrader: a.dayTrader ?? false })) });
      const code = `code-${token}`;
      codes.set(code, token);
      return code;
    },
    expire: (token) => void expired.add(token),
    failNextPlace(f) {
      fault = f;
    },
    slowPlaces(ms) {
      placeDelayMs = ms;
    },
    fill(id, qty, price) {
      const o = orders.find((x) => x.id === id)!;
      const total = o.exec_quantity + qty;
      o.avg_fill_price = (o.avg_fill_price * o.exec_quantity + price * qty) / total;
      o.exec_quantity = total;
      o.status = total >= o.quantity ? 'filled' : 'partially_filled';
      o.transaction_date = stamp();
      tell(o);
    },
    setPositions: (account, list) => void positions.set(account, list),
    setGainLoss: (account, list) => void gainloss.set(account, list),
    placements: () => http.requests.filter((r) => r.method === 'POST' && /\/orders$/.test(r.path)),
    streamsListening: (token) =>
      [...streams.values()].filter((s) => s !== null && (token === undefined || s.token === token)).length,
    eventsSent,
    dropStreams: http.dropSockets,
    refuseStreams(refuse) {
      noSessions = refuse;
    },
    close: () => http.close(),
  };
  return api;
}
