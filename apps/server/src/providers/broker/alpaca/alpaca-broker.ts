/**
 * Alpaca's Trading API behind the broker interface (docs/alpaca.md cites the documentation of each
 * call): OAuth authorization code flow or an API key pair, the one account a credential reaches,
 * balances, orders (equity, option by OCC symbol, multileg as `order_class: mleg`, our client order
 * id in `client_order_id`), replace, cancel, positions and closed round trips from the fills.
 *
 * - One credential (an OAuth token or a key pair) reaches one account on one host (paper or live):
 *   `credentialsOf(account)` gives the one that reaches an account. The HTTP client
 *   (providers/alpaca/http.ts) keeps Alpaca's rate limit per credential; alpaca-orders.ts reads and
 *   writes the orders; the closed round trips are the engine's calculation on the fills.
 * - Reads are retried on 429, 5xx and timeouts. An order is sent once: when the answer is lost (a
 *   timeout, a reset, a 5xx), the order is asked for by its client order id, and the order found
 *   is the answer; only an order not found is reported as failed, for the runner to send again.
 *   Sending a client order id twice is refused by Alpaca (422): the existing order is the answer.
 * - A refusal (403: buying power, shares, permissions; 422: invalid or not allowed now) is a
 *   ProviderError BAD_REQUEST in Alpaca's own words: never retried. What Alpaca does not take
 *   (an option good till cancelled, a change of order type …) is refused before anything is sent.
 * - A replace (PATCH) makes a NEW order and leaves the old one `replaced`. The new one is sent with
 *   our tag plus `_r<n>`, so it still answers to the tag; replaced orders are left out of `orders`.
 * - `watchOrders` opens the account's trade updates stream (providers/alpaca/stream.ts): Alpaca
 *   pushes each change of its orders, and the runner asks `orders` at once.
 */
import type { AccountType } from '@drat/contracts';
import { closedRoundTrips, dec, parseOcc, toText, type BrokerFill } from '@drat/engine';
import { ProviderError, isProviderError } from '../../provider-error';
import {
  alpacaRefusal as refusal,
  createAlpacaHttp,
  type AlpacaCall,
  type AlpacaCredentials,
  type AlpacaHttpOptions,
} from '../../alpaca/http';
import { exact, objectsOf, record, str, type JsonObject } from '../../alpaca/json';
import { openAlpacaTradeStream } from '../../alpaca/stream';
import type { RetryMs } from '../../http/socket';
import type {
  Broker,
  BrokerAccountInfo,
  BrokerBalances,
  BrokerCredentials,
  BrokerLink,
  BrokerOrder,
  BrokerPosition,
  ClosedPosition,
  OrderChange,
} from '../interface';
import {
  MAX_CLIENT_ORDER_ID,
  OPTION_DAY_ONLY,
  manualBody,
  orderBody,
  replacementClientOrderId,
  tagOfClientOrderId,
  toBrokerOrder,
} from './alpaca-orders';

export type { AlpacaCredentials, AlpacaLog } from '../../alpaca/http';

export interface AlpacaBrokerOptions extends AlpacaHttpOptions {
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
  /** The trade updates stream's wait before it opens again after a drop (default 1 s, doubled up to 60 s). */
  streamRetryMs?: RetryMs;
}

/** Trading only: reading the account is granted without a scope; DRAT writes no configuration or watchlist. */
export const ALPACA_SCOPES = 'trading';

/** Fill activities read for closed positions: pages of 100, newest first. */
const FILL_PAGES = 10;
const FILL_PAGE_SIZE = 100;

/** Trade updates that change nothing a trade knows: an order taken, or waiting at Alpaca. */
const ALPACA_QUIET_EVENTS = new Set(['new', 'accepted', 'pending_new', 'pending_cancel', 'pending_replace']);

/** Failures after which an order may have been taken: it is looked for before anything else. */
const ANSWER_LOST = new Set(['TIMEOUT', 'NETWORK', 'UPSTREAM']);

/** An order call's 403 is a refusal of the order, like its 422. */
const asRefusal = (err: ProviderError) => (err.code === 'FORBIDDEN' ? refusal(err.message, err.details) : err);

const isDuplicateId = (err: ProviderError) =>
  err.status === 422 && /client[\s_-]?order[\s_-]?id must be unique/i.test(err.message);

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

/** A FILL activity as the engine counts it: a `sell` takes away, any other side adds. */
function fillOf(f: JsonObject): BrokerFill {
  const symbol = str(f.symbol) ?? '';
  return {
    symbol,
    side: str(f.side) === 'sell' ? 'sell' : 'buy',
    qty: exact(f.qty),
    price: exact(f.price),
    multiplier: parseOcc(symbol) ? 100 : 1,
    at: str(f.transaction_time) ?? '',
  };
}

export type AlpacaBroker = Broker & {
  readonly link: BrokerLink;
  /** Reads /v2/account with a key pair: the account it reaches (UNAUTHORIZED when Alpaca refuses it). */
  checkKeyPair(keyId: string, secretKey: string): Promise<BrokerAccountInfo>;
};

export function createAlpacaBroker(options: AlpacaBrokerOptions): AlpacaBroker {
  const http = createAlpacaHttp(options);
  const { api } = http;
  const env = options.env ?? (/paper/i.test(options.baseUrl) ? 'paper' : 'live');
  const at = async (account: string, path: string, call: AlpacaCall = {}) =>
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
    return objectsOf(body).filter((o) => str(o.id) !== undefined);
  }

  async function positionsOf(account: string): Promise<BrokerPosition[]> {
    const body = await at(account, '/v2/positions');
    return objectsOf(body).map((p) => ({
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

    watchOrders(account, onChange) {
      const stream = openAlpacaTradeStream({
        baseUrl: options.baseUrl,
        credentials: () => options.credentialsOf(account),
        account,
        onListening: onChange,
        // An order taken or waiting (new, accepted, pending_…) changes nothing a trade knows.
        onUpdate: (update) => {
          if (!ALPACA_QUIET_EVENTS.has(update.event)) onChange();
        },
        log: options.log,
        retryMs: options.streamRetryMs,
      });
      return {
        get live() {
          return stream.listening;
        },
        close: () => stream.close(),
      };
    },

    async allOrders(account) {
      return (await ordersOf(account, 'all'))
        .map((o) => toBrokerOrder(account, o))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    positions: positionsOf,

    /** Alpaca keeps no gain/loss: the round trips are the engine's, from the FILL activities (1,000 at most). */
    async closedPositions(account): Promise<ClosedPosition[]> {
      const fills: JsonObject[] = [];
      let token: string | undefined;
      for (let page = 0; page < FILL_PAGES; page++) {
        const body = await at(account, '/v2/account/activities/FILL', {
          query: { direction: 'desc', page_size: FILL_PAGE_SIZE, page_token: token },
        });
        const rows = objectsOf(body);
        fills.push(...rows);
        token = str(rows.at(-1)?.id);
        if (rows.length < FILL_PAGE_SIZE || !token) break;
      }
      const held = new Map((await positionsOf(account)).map((p) => [p.symbol, dec(p.qty)]));
      return closedRoundTrips(fills.reverse().map(fillOf), held);
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
        const form = new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uri: redirectUri,
        });
        let body: unknown;
        try {
          body = await http.postForm(options.tokenUrl, form);
        } catch (err) {
          // A code is used once: any 4xx (an unknown, used or expired code, a wrong client) is a refusal.
          if (isProviderError(err) && err.status !== undefined && err.status < 500 && err.status !== 429) {
            throw refusal(`Alpaca granted no access (${err.message})`, err.details);
          }
          throw err;
        }
        const token = str(record(body)?.access_token);
        if (!token)
          throw refusal('Alpaca granted no access (no access_token)', { path: new URL(options.tokenUrl).pathname });
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
