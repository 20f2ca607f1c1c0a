/**
 * Tradier's brokerage API behind the broker interface (docs/tradier.md cites the documentation of
 * each call): OAuth authorization code flow, the user's accounts, balances, orders (equity, option
 * and multileg, our client order id in the tag), modify, cancel, positions and gain/loss.
 *
 * - Every trader has an access token of their own: `tokenOf(account)` gives the one that reaches
 *   an account (the trading area keeps them sealed). Rate limits are Tradier's, per token: 120 a
 *   minute for reads (60 in the sandbox), 60 a minute for trading calls.
 * - Reads are retried on 429, 5xx and timeouts. An order is placed once: when the answer is lost
 *   (a timeout, a reset, a 5xx), the account's orders are searched for its tag, and the order found
 *   is the answer; only an order not found is reported as failed, for the runner to send again.
 * - A refusal (HTTP 400, or a 200 whose body holds `errors`, as Tradier answers for refusals of
 *   downstream systems) is a ProviderError BAD_REQUEST with Tradier's words: never retried.
 * - A list with one element comes as the element, an empty one as "null": normalise.ts reads both.
 * - tradier-orders.ts reads Tradier's orders and writes its order forms; the HTTP client is
 *   providers/tradier/http.ts, shared with the market data provider.
 * - `watchOrders` listens to the account events stream of the account's token (tradier-events.ts):
 *   Tradier pushes each change of its orders, and the runner asks `orders` at once.
 */
import type { AccountType } from '@drat/contracts';
import { ProviderError, isProviderError } from '../../provider-error';
import { TradierHttp, type TradierLog } from '../../tradier/http';
import { field, listAt, num, record, str, type JsonObject } from '../../tradier/normalize';
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
import type { RetryMs } from '../../http/socket';
import { tradierOrderEvents } from './tradier-events';
import { decimal, manualForm, orderForm, refusalIn, toBrokerOrder } from './tradier-orders';

export interface TradierBrokerOptions {
  /** https://api.tradier.com/v1, https://sandbox.tradier.com/v1, or a local server speaking the API. */
  baseUrl: string;
  /** Where traders authorize DRAT: https://api.tradier.com/v1/oauth/authorize (the fake's own in tests). */
  authorizeUrl: string;
  clientId: string;
  clientSecret: string;
  /** The access token that reaches `account`; throws ProviderError UNAUTHORIZED when there is none. */
  tokenOf: (account: string) => Promise<string>;
  timeoutMs?: number;
  backoffBaseMs?: number;
  /** Per token; default 120 (60 for a sandbox address). */
  readsPerMinute?: number;
  /** Per token; default 60. */
  tradesPerMinute?: number;
  fetch?: typeof fetch;
  log?: TradierLog;
  /** The account events stream's wait before it starts again after a drop (default 1 s, doubled up to 60 s). */
  streamRetryMs?: RetryMs;
}

/** What Tradier's authorize page is asked for: reading the accounts and trading in them. */
export const TRADIER_SCOPES = 'read,write,trade';

const ACCOUNT_TYPES: Record<string, AccountType> = { cash: 'CASH', margin: 'MARGIN', pdt: 'PDT' };

export type TradierBroker = Broker & { readonly link: BrokerLink };

export function createTradierBroker(options: TradierBrokerOptions): TradierBroker {
  const sandbox = /sandbox/i.test(options.baseUrl);
  const clients = new Map<string, { reads: TradierHttp; trades: TradierHttp }>();
  const common = {
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    backoffBaseMs: options.backoffBaseMs,
    fetch: options.fetch,
    log: options.log,
  };

  /** The clients of one token (rate limits are per token); a few hundred traders at most are kept. */
  function clientsOf(token: string) {
    let c = clients.get(token);
    if (!c) {
      if (clients.size >= 500) clients.delete(clients.keys().next().value!);
      c = {
        reads: new TradierHttp({ ...common, token, requestsPerMinute: options.readsPerMinute ?? (sandbox ? 60 : 120) }),
        trades: new TradierHttp({ ...common, token, requestsPerMinute: options.tradesPerMinute ?? 60 }),
      };
      clients.set(token, c);
    }
    return c;
  }

  const reads = async (account: string) => clientsOf(await options.tokenOf(account)).reads;
  /** The account events streams, one per token: a new session (POST, once) before each connection. */
  const events = tradierOrderEvents({
    tokenOf: options.tokenOf,
    log: options.log,
    retryMs: options.streamRetryMs,
    async session(token) {
      const body = await clientsOf(token).reads.post('/accounts/events/session', {}, { attempts: 1 });
      const stream = record(field(body, 'stream'));
      const url = str(stream?.url);
      const sessionid = str(stream?.sessionid);
      if (!url || !sessionid)
        throw new ProviderError('tradier', 'BAD_RESPONSE', 'Tradier sent no streaming session', {
          path: '/accounts/events/session',
        });
      return { url, sessionid };
    },
  });
  const trades = async (account: string) => clientsOf(await options.tokenOf(account)).trades;
  const path = (account: string, rest = '') => `/accounts/${encodeURIComponent(account)}${rest}`;

  async function ordersOf(account: string, all: boolean): Promise<BrokerOrder[]> {
    const body = await (
      await reads(account)
    ).get(path(account, '/orders'), { includeTags: true, ...(all ? { filter: 'all' } : {}) });
    return listAt(body, 'orders', 'order')
      .map(record)
      .filter((o): o is JsonObject => o !== undefined)
      .map((o) => toBrokerOrder(account, o));
  }

  async function order(account: string, id: string): Promise<BrokerOrder> {
    const body = await (
      await reads(account)
    ).get(path(account, `/orders/${encodeURIComponent(id)}`), { includeTags: true });
    const o = record(field(body, 'order'));
    if (!o) throw new ProviderError('tradier', 'BAD_RESPONSE', `Tradier sent no order ${id}`, { path: '/orders' });
    return toBrokerOrder(account, o);
  }

  async function findOrder(account: string, tag: string): Promise<BrokerOrder | null> {
    return (await ordersOf(account, true)).find((o) => o.tag === tag) ?? null;
  }

  /**
   * Sends an order once. When the answer is lost (a timeout, a reset, a 5xx: Tradier may have
   * taken it), the order is looked for by its tag: found, it is the answer; not found, the failure
   * stands and the caller may send it again under the same tag.
   */
  async function place(account: string, tag: string, form: Record<string, string | undefined>): Promise<BrokerOrder> {
    const http = await trades(account);
    let body: unknown;
    try {
      body = await http.post(path(account, '/orders'), form, { attempts: 1 });
    } catch (err) {
      if (!isProviderError(err) || !['TIMEOUT', 'NETWORK', 'UPSTREAM'].includes(err.code)) throw err;
      const found = await findOrder(account, tag);
      if (found) return found;
      throw err;
    }
    const refused = refusalIn(body, '/orders');
    if (refused) throw refused;
    const id = field(body, 'order', 'id');
    if (id === undefined)
      throw new ProviderError('tradier', 'BAD_RESPONSE', 'Tradier placed no order', { path: '/orders' });
    return order(account, String(id));
  }

  async function change(account: string, id: string, call: 'put' | 'delete', form: Record<string, string | undefined>) {
    const http = await trades(account);
    const at = path(account, `/orders/${encodeURIComponent(id)}`);
    const body = call === 'put' ? await http.put(at, form, { attempts: 1 }) : await http.delete(at, { attempts: 1 });
    const refused = refusalIn(body, '/orders');
    if (refused) throw refused;
    return order(account, id);
  }

  const broker: TradierBroker = {
    name: 'tradier',

    async balances(account): Promise<BrokerBalances> {
      const body = await (await reads(account)).get(path(account, '/balances'));
      const b = record(field(body, 'balances'));
      if (!b) throw new ProviderError('tradier', 'BAD_RESPONSE', 'Tradier sent no balances', { path: '/balances' });
      const kind = str(b.account_type) ?? 'cash';
      const accountType = ACCOUNT_TYPES[kind] ?? 'CASH';
      const margin = record(b.margin) ?? record(b.pdt);
      const cash = record(b.cash);
      const buyingPower =
        accountType === 'CASH'
          ? decimal(cash?.cash_available, decimal(b.total_cash))
          : decimal(margin?.stock_buying_power);
      return {
        account,
        accountValue: decimal(b.total_equity),
        buyingPower,
        equitiesValue: decimal(b.market_value),
        cash: decimal(b.total_cash),
        accountType,
        availableFunds: accountType === 'CASH' ? null : decimal(margin?.option_buying_power),
      };
    },

    placeOrder: (p) => place(p.account, p.tag, orderForm(p)),
    placeManualOrder: (m) => place(m.account, m.tag, manualForm(m)),
    findOrder,

    modifyOrder(account, id, c: OrderChange) {
      return change(account, id, 'put', {
        type: c.type,
        duration: c.duration,
        price: c.limitPrice ?? undefined,
        stop: c.stopPrice ?? undefined,
      });
    },

    cancelOrder: (account, id) => change(account, id, 'delete', {}),

    async orders(account, since) {
      const from = since === null ? null : Date.parse(since);
      return (await ordersOf(account, false)).filter(
        (o) =>
          o.status === 'open' || o.status === 'partially_filled' || from === null || Date.parse(o.updatedAt) >= from,
      );
    },

    watchOrders: (account, onChange) => events.watch(account, onChange),

    async allOrders(account) {
      return (await ordersOf(account, true)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    async positions(account): Promise<BrokerPosition[]> {
      const body = await (await reads(account)).get(path(account, '/positions'));
      return listAt(body, 'positions', 'position')
        .map(record)
        .filter((p): p is JsonObject => p !== undefined)
        .map((p) => ({
          symbol: str(p.symbol) ?? '',
          qty: decimal(p.quantity),
          cost: decimal(p.cost_basis),
          openedAt: str(p.date_acquired) ?? '',
        }));
    },

    async closedPositions(account): Promise<ClosedPosition[]> {
      const body = await (
        await reads(account)
      ).get(path(account, '/gainloss'), { limit: 100, sortBy: 'closeDate', sort: 'desc' });
      return listAt(body, 'gainloss', 'closed_position')
        .map(record)
        .filter((p): p is JsonObject => p !== undefined)
        .map((p) => ({
          symbol: str(p.symbol) ?? '',
          qty: decimal(p.quantity),
          cost: decimal(p.cost),
          proceeds: decimal(p.proceeds),
          gainLoss: decimal(p.gain_loss),
          gainLossPercent: decimal(p.gain_loss_percent),
          openedAt: str(p.open_date) ?? '',
          closedAt: str(p.close_date) ?? '',
        }));
    },

    link: {
      name: 'tradier',
      authorizeUrl(state) {
        const url = new URL(options.authorizeUrl);
        url.searchParams.set('client_id', options.clientId);
        url.searchParams.set('scope', TRADIER_SCOPES);
        url.searchParams.set('state', state);
        return url.toString();
      },

      /** POST /oauth/accesstoken with the client's Basic credentials: the token, valid 24 hours. */
      async exchange(code): Promise<BrokerCredentials> {
        const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
        const http = new TradierHttp({ ...common, token: '' });
        const body = await http.post(
          '/oauth/accesstoken',
          { grant_type: 'authorization_code', code },
          { authorization: `Basic ${basic}`, attempts: 1 },
        );
        const token = str(field(body, 'access_token'));
        if (!token) {
          throw new ProviderError(
            'tradier',
            'BAD_REQUEST',
            `Tradier granted no access (${str(field(body, 'status')) ?? 'no token'})`,
          );
        }
        const seconds = num(field(body, 'expires_in'));
        const issued = Date.parse(str(field(body, 'issued_at')) ?? '');
        const from = Number.isNaN(issued) ? Date.now() : issued;
        return {
          accessToken: token,
          refreshToken: str(field(body, 'refresh_token')) ?? null,
          expiresAt: seconds === undefined ? null : new Date(from + seconds * 1000),
        };
      },

      /** GET /user/profile: the accounts the token reaches. */
      async accounts(credentials): Promise<BrokerAccountInfo[]> {
        const http = clientsOf(credentials.accessToken ?? '').reads;
        const body = await http.get('/user/profile');
        return listAt(body, 'profile', 'account')
          .map(record)
          .filter((a): a is JsonObject => a !== undefined && str(a.account_number) !== undefined)
          .map((a) => ({
            accountId: str(a.account_number)!,
            accountType: a.day_trader === true ? 'PDT' : (ACCOUNT_TYPES[str(a.type) ?? ''] ?? null),
            status: str(a.status) ?? null,
          }));
      },
    },
  };
  return broker;
}
