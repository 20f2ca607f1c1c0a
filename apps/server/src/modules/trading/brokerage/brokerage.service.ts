/**
 * Brokerage accounts (2-trading §2.5-§2.7, §4, §7; 1-core §2): connecting a broker (the OAuth
 * authorization code flow; the simulated brokerage's own link offline), the trader's accounts and
 * the current one, balances (kept 3 minutes per account), the Trade Monitor's orders, positions,
 * an order's modify and a super user's Exit order.
 *
 * Who: live traders and super users. A live trader with no connection yet (a seeded demo account,
 * a plan granting live trading) trades on the simulated brokerage, connected on first use. A super
 * user reaches every account (the monitor's account list); everyone else only their own.
 */
import type { Logger } from 'pino';
import {
  ACCOUNT_INFO_CACHE_SECONDS,
  AUTHORIZATION_WARNING_HOURS,
  BROKER_LABELS,
  BROKER_ORDER_EVENT,
  BROKERS,
  BROKER_MSG,
  MSG,
  TRADE_MSG,
  type AccountInfoResponse,
  type AllAccountsResponse,
  type AuthCodeBody,
  type AuthCodeReply,
  type AuthCodeSetupReply,
  type BrokerAccount,
  type BrokerConnectionResponse,
  type BrokerKeysBody,
  type BrokerName,
  type BrokerOrderEventPayload,
  type BrokerOrderReply,
  type BrokerOrderRow,
  type ConfirmPasswordReason,
  type ModifyLiveOrderBody,
  type PlaceBrokerOrderBody,
  type PositionsResponse,
  type SyncAccountsReply,
  type TradeListResponse,
} from '@drat/contracts';
import { dec, parseOcc, toNumber } from '@drat/engine';
import { DomainError } from '../../../core/errors';
import { randomToken, sha256 } from '../../../core/secrets';
import type { Sealer } from '../../../core/sealed';
import type { Broker, BrokerCredentials, BrokerLink, BrokerOrder } from '../../../providers/broker/interface';
import { isProviderError, ProviderError } from '../../../providers/provider-error';
import type { Principal } from '../../auth';
import type { LiveService } from '../../live';
import type { UsersRepo } from '../../users';
import type { BrokerageRepo, ConnectionRow } from './brokerage.repo';

export interface BrokerageDeps {
  repo: BrokerageRepo;
  users: Pick<UsersRepo, 'updateUser'>;
  /** The brokers by name; `paper` is always there. */
  brokers: Record<string, Broker>;
  /** How each offered broker is connected; `paper` (the simulated brokerage) is always there. */
  links: Partial<Record<BrokerName, BrokerLink>>;
  /** Seals access tokens at rest; required by brokers that hand out tokens. */
  sealer: Sealer | null;
  /** Where brokers send the trader back: the web app's /trade/settings. */
  publicUrl: string;
  assertFreshPassword: (principal: Principal, action: ConfirmPasswordReason) => Promise<void>;
  /** Tells the account's owner (their Trade Monitor) that an order changed. */
  live: Pick<LiveService, 'publishUserEvent'>;
  /**
   * The runner's comparison of an account's positions with what its trades hold (a fill that
   * raced a cancel is taken in), run at every sync of the accounts.
   */
  reconcileHoldings: (broker: string, accountId: string) => Promise<number>;
  log: Pick<Logger, 'warn'>;
  now: () => Date;
}

/** An order placed by hand still SENDING after this long lost its answer: the sweep looks for it. */
const LOST_ANSWER_MS = 2 * 60_000;
/** How far back a broker's order list is trusted to show an order (Tradier lists the day's). */
const LOOKUP_HORIZON_MS = 12 * 3_600_000;

/** An authorization started from Broker Settings is good for this long (Tradier's codes live 10 minutes). */
const AUTH_STATE_MS = 10 * 60_000;

/** Which tab of the Trade Monitor an order is under (2-trading §2.5). */
function tabOf(o: BrokerOrder): 'queued_orders' | 'working_orders' | 'filled_orders' | 'cancelled_orders' {
  if (o.status === 'filled') return 'filled_orders';
  if (o.status === 'open' || o.status === 'partially_filled')
    return o.detail?.queued ? 'queued_orders' : 'working_orders';
  return 'cancelled_orders';
}

const num = (x: string | null | undefined) => (x === null || x === undefined ? null : toNumber(x));
/** A price of a request as the broker interface's decimal text. */
const text = (n: number | null) => (n === null ? null : String(n));

function orderRow(o: BrokerOrder): BrokerOrderRow {
  const kind = o.detail?.kind ?? 'equity';
  const open = o.status === 'open' || o.status === 'partially_filled';
  return {
    id: o.id,
    symbol: o.symbol,
    option_symbol: o.detail?.optionSymbol ?? null,
    class: kind,
    side: o.detail?.side ?? o.side,
    type: o.detail?.type ?? o.type,
    duration: o.detail?.duration ?? 'day',
    price: num(o.limitPrice),
    stop_price: num(o.detail?.stopPrice),
    quantity: toNumber(o.qty),
    exec_quantity: toNumber(o.filledQty),
    avg_fill_price: num(o.avgFillPrice),
    status: o.detail?.queued && open ? 'pending' : o.status,
    create_date: o.createdAt,
    transaction_date: o.updatedAt,
    belongs_to_multileg: kind === 'multileg',
    tag: o.tag,
    modifiable: open && kind !== 'multileg',
  };
}

/** A broker's failure in the trader's words: a refusal is a 400, an expired token a 403, the rest a 503. */
function brokerFailure(err: unknown): never {
  if (!isProviderError(err)) throw err;
  if (err.code === 'BAD_REQUEST') {
    throw new DomainError('BAD_REQUEST', BROKER_MSG.brokerRefused(err.message), { cause: err });
  }
  if (err.code === 'UNAUTHORIZED') throw new DomainError('FORBIDDEN', BROKER_MSG.tokenExpired, { cause: err });
  // Valid access that does not reach this (a scope not granted): the trader re-authorizes.
  if (err.code === 'FORBIDDEN') throw new DomainError('FORBIDDEN', BROKER_MSG.notPermitted, { cause: err });
  if (err.code === 'NOT_FOUND') throw new DomainError('NOT_FOUND', BROKER_MSG.orderNotFound, { cause: err });
  if (err.code === 'BAD_RESPONSE')
    throw new DomainError('UPSTREAM_FAILED', BROKER_MSG.brokerUnavailable, { cause: err });
  throw new DomainError('UNAVAILABLE', BROKER_MSG.brokerUnavailable, {
    retryable: err.retryable,
    retryAfterSeconds: err.details.retryAfterSeconds,
    cause: err,
  });
}

async function atBroker<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    return brokerFailure(err);
  }
}

export function createBrokerageService(deps: BrokerageDeps) {
  const { repo, users, brokers, links, sealer, now } = deps;
  const infoCache = new Map<string, { at: number; info: AccountInfoResponse }>();

  /** An order changed by hand: the balances are read afresh, and the owner's monitor hears of it. */
  async function orderChanged(ownerId: number, order: BrokerOrder): Promise<void> {
    infoCache.delete(order.account);
    const payload: BrokerOrderEventPayload = {
      account_id: order.account,
      client_order_id: order.tag,
      order_id: order.id,
      status: order.status,
    };
    await deps.live.publishUserEvent(ownerId, { kind: BROKER_ORDER_EVENT, payload });
  }

  function assertLive(principal: Principal): void {
    if (!principal.user.isLiveTrader && !principal.user.isSuper) {
      throw new DomainError('FORBIDDEN', MSG.liveTraderDenied);
    }
  }

  function linkOf(name: BrokerName): BrokerLink {
    const link = links[name];
    if (!link) throw DomainError.field('broker', BROKER_MSG.brokerNotOffered(BROKER_LABELS[name]));
    return link;
  }

  /**
   * Reads the accounts the credentials reach and keeps them with the sealed credentials. A broker's
   * failure is told as brokerFailure does, unless `refused` tells it in the caller's words first.
   */
  async function connect(
    userId: number,
    broker: BrokerName,
    credentials: BrokerCredentials,
    refused?: (err: ProviderError) => void,
  ) {
    const link = linkOf(broker);
    const accounts = await link.accounts(credentials, userId).catch((err: unknown) => {
      if (isProviderError(err)) refused?.(err);
      return brokerFailure(err);
    });
    const seal = (token: string | null) => {
      if (token === null) return null;
      if (!sealer) throw new Error('BROKER_TOKEN_KEY is not configured: broker tokens cannot be kept');
      return sealer.seal(token);
    };
    return repo.saveConnection({
      userId,
      broker,
      accessToken: seal(credentials.accessToken),
      refreshToken: seal(credentials.refreshToken),
      expiresAt: credentials.expiresAt,
      accounts,
      at: now(),
    });
  }

  /** The caller's connection; a live trader without one is connected to the simulated brokerage. */
  async function connectionOf(principal: Principal): Promise<ConnectionRow> {
    assertLive(principal);
    const existing = await repo.connectionOf(principal.user.id);
    if (existing) return existing;
    return connect(principal.user.id, 'paper', { accessToken: null, refreshToken: null, expiresAt: null });
  }

  /** The caller's accounts, the current one `connected` (else the first). */
  async function accountList(userId: number, connection: ConnectionRow): Promise<BrokerAccount[]> {
    const rows = await repo.accountsOf(userId);
    const current = rows.find((r) => r.accountId === connection.currentAccount) ?? rows[0];
    return rows.map((r) => ({
      account_id: r.accountId,
      connected: r === current,
      broker: r.broker,
      account_type: r.accountType,
    }));
  }

  /** A broker connected: the caller trades live from now on. */
  async function goneLive(principal: Principal, broker: BrokerName, connection: ConnectionRow): Promise<AuthCodeReply> {
    await users.updateUser(principal.user.id, { isLiveTrader: true });
    infoCache.clear();
    return {
      message: BROKER_MSG.authorized,
      broker,
      is_live_trader: true,
      accounts: await accountList(principal.user.id, connection),
    };
  }

  const accountsOfCaller = async (principal: Principal) =>
    accountList(principal.user.id, await connectionOf(principal));

  /** An account the caller may read: their own, or anyone's for a super user; else a 400 on account_id. */
  async function reachable(principal: Principal, accountId: string) {
    await connectionOf(principal);
    const row = await repo.account(accountId);
    if (!row || (row.userId !== principal.user.id && !principal.user.isSuper)) {
      throw DomainError.field('account_id', BROKER_MSG.accountUnknown);
    }
    const broker = brokers[row.broker];
    if (!broker) throw new DomainError('UNAVAILABLE', BROKER_MSG.brokerNotOffered(BROKER_LABELS[row.broker]));
    return { row, broker };
  }

  return {
    assertLive,

    /**
     * Where a live trade goes: the account the trader named, which must be one of their own, else
     * their current account (the simulated one until a broker is authorized).
     */
    async tradeTarget(principal: Principal, accountId?: string): Promise<{ broker: BrokerName; accountId: string }> {
      const connection = await connectionOf(principal);
      const accounts = await accountList(principal.user.id, connection);
      const target =
        accountId === undefined ? accounts.find((a) => a.connected) : accounts.find((a) => a.account_id === accountId);
      if (!target && accountId !== undefined) throw DomainError.field('account_id', TRADE_MSG.accountNotYours);
      if (!target) throw new DomainError('CONFLICT', BROKER_MSG.notConnected, { retryable: false });
      return { broker: target.broker, accountId: target.account_id };
    },

    /** GET /livetrading/accounts. */
    async accounts(principal: Principal) {
      return { data: { accounts: await accountsOfCaller(principal) } };
    },

    /** POST /livetrading/account-info/: balances, asked of the broker at most every 3 minutes per account. */
    async accountInfo(principal: Principal, accountId: string): Promise<AccountInfoResponse> {
      const { row, broker } = await reachable(principal, accountId);
      const at = now().getTime();
      // Kept 3 minutes, unless one of the account's orders changed since: a trade just placed or
      // filled holds or spends buying power, which the trader must see at once.
      const kept = infoCache.get(accountId);
      if (
        kept &&
        at - kept.at < ACCOUNT_INFO_CACHE_SECONDS * 1000 &&
        !(await repo.ordersChangedSince(accountId, new Date(kept.at)))
      )
        return kept.info;
      const b = await atBroker(() => broker.balances(accountId));
      const info: AccountInfoResponse = {
        data: {
          account_id: accountId,
          broker: row.broker,
          account_type: b.accountType,
          live_account_value: toNumber(b.accountValue),
          live_buying_power: toNumber(b.buyingPower),
          live_equities_value: toNumber(b.equitiesValue),
          cash: toNumber(b.cash),
          available_funds: b.accountType === 'CASH' ? null : num(b.availableFunds),
          as_of: new Date(at).toISOString(),
        },
      };
      if (infoCache.size > 10_000) infoCache.clear();
      infoCache.set(accountId, { at, info });
      return info;
    },

    /** POST /livetrading/set-current-account/: one of the caller's own accounts. */
    async setCurrentAccount(principal: Principal, accountId: string): Promise<SyncAccountsReply> {
      await connectionOf(principal);
      const row = await repo.account(accountId);
      if (!row || row.userId !== principal.user.id) throw DomainError.field('account_id', BROKER_MSG.accountUnknown);
      await repo.setCurrent(principal.user.id, accountId, now());
      return { message: BROKER_MSG.accountSelected, accounts: await accountsOfCaller(principal) };
    },

    /** POST /livetrading/sync-accounts/: the broker's list of the caller's accounts, read again. */
    async syncAccounts(principal: Principal): Promise<SyncAccountsReply> {
      const connection = await connectionOf(principal);
      const open = (t: string | null) => (t === null || !sealer ? null : sealer.open(t));
      const synced = await connect(principal.user.id, connection.broker, {
        accessToken: open(connection.accessToken),
        refreshToken: open(connection.refreshToken),
        expiresAt: connection.expiresAt,
      });
      const accounts = await accountList(principal.user.id, synced);
      // Each account's positions against what its trades hold: fills that raced a cancel turn up.
      for (const a of accounts) {
        await deps.reconcileHoldings(a.broker, a.account_id).catch((err: unknown) => {
          deps.log.warn({ account: a.account_id, err: String(err) }, 'trading: comparing positions at a sync failed');
        });
      }
      return { message: BROKER_MSG.accountsSynced, accounts };
    },

    /** GET /livetrading/all-account-id-list/ (super users). */
    async allAccounts(): Promise<AllAccountsResponse> {
      const rows = await repo.allAccounts();
      return { data: { accounts: rows.map((r) => ({ account_id: r.accountId, email: r.email, broker: r.broker })) } };
    },

    /** POST /livetrading/trade-list/: the account's orders, by Trade Monitor tab. */
    async tradeList(principal: Principal, accountId: string): Promise<TradeListResponse> {
      const { broker } = await reachable(principal, accountId);
      const orders = await atBroker(() => broker.allOrders(accountId));
      const data: TradeListResponse['data'] = {
        all_orders: [],
        queued_orders: [],
        working_orders: [],
        filled_orders: [],
        cancelled_orders: [],
      };
      for (const o of orders) {
        const row = orderRow(o);
        data.all_orders.push(row);
        data[tabOf(o)].push(row);
      }
      return { data };
    },

    /** POST /livetrading/positions-list/. */
    async positions(principal: Principal, accountId: string): Promise<PositionsResponse> {
      const { broker } = await reachable(principal, accountId);
      const [open, closed] = await atBroker(() =>
        Promise.all([broker.positions(accountId), broker.closedPositions(accountId)]),
      );
      return {
        data: {
          open_positions: open.map((p) => ({
            symbol: p.symbol,
            quantity: toNumber(p.qty),
            cost_basis: toNumber(p.cost),
            date_acquired: p.openedAt,
            class: parseOcc(p.symbol) === null ? 'equity' : 'option',
          })),
          closed_positions: closed.map((p) => ({
            symbol: p.symbol,
            quantity: toNumber(p.qty),
            cost: toNumber(p.cost),
            proceeds: toNumber(p.proceeds),
            gain_loss: toNumber(p.gainLoss),
            gain_loss_percent: dec(p.cost).isZero() ? null : toNumber(p.gainLossPercent),
            open_date: p.openedAt,
            close_date: p.closedAt,
          })),
        },
      };
    },

    /** POST /livetrading/modify-live-order/: an open or pending order, not part of a multileg. */
    async modifyOrder(principal: Principal, body: ModifyLiveOrderBody): Promise<BrokerOrderReply> {
      const { row, broker } = await reachable(principal, body.account_id);
      const order = (await atBroker(() => broker.allOrders(body.account_id))).find((o) => o.id === body.order_id);
      if (!order) throw new DomainError('NOT_FOUND', BROKER_MSG.orderNotFound);
      if (!orderRow(order).modifiable)
        throw new DomainError('CONFLICT', BROKER_MSG.notModifiable, { retryable: false });
      const changed = await atBroker(() =>
        broker.modifyOrder(body.account_id, body.order_id, {
          type: body.order_type,
          duration: body.duration,
          limitPrice: text(body.price),
          stopPrice: text(body.stop),
        }),
      );
      if (changed.id !== order.id && changed.tag) await repo.rebindTradeOrder(changed.tag, row.broker, changed.id);
      await orderChanged(row.userId, changed);
      return { message: BROKER_MSG.orderModified, data: orderRow(changed) };
    },

    /**
     * POST /livetrading/place-tradier-order/ (super users: a position's Exit). The order is
     * recorded with its tag before it is sent; a refusal is kept with its reason.
     */
    async placeOrder(principal: Principal, body: PlaceBrokerOrderBody): Promise<BrokerOrderReply> {
      const { row, broker } = await reachable(principal, body.account_id);
      // An Exit of the same position whose answer was lost may have reached the broker: another one
      // waits until the sweep has found out (never two sells of the same shares).
      const instrument = body.option_symbol ?? body.symbol;
      if (await repo.manualOrderUnsettled(body.account_id, instrument)) {
        throw new DomainError('CONFLICT', BROKER_MSG.exitUnconfirmed(instrument), { retryable: false });
      }
      const tag = `M${randomToken(9).replace(/[^A-Za-z0-9]/g, '')}-${now().getTime().toString(36)}`;
      const request = {
        account: body.account_id,
        tag,
        kind: body.order_class,
        symbol: body.symbol,
        optionSymbol: body.option_symbol,
        side: body.side,
        type: body.order_type,
        duration: body.duration,
        qty: String(body.quantity),
        limitPrice: text(body.price),
        stopPrice: text(body.stop),
      };
      const id = await repo.addManualOrder({
        userId: principal.user.id,
        broker: row.broker,
        accountId: body.account_id,
        tag,
        request,
        status: 'SENDING',
        createdAt: now(),
      });
      try {
        const placed = await broker.placeManualOrder(request);
        if (placed.status === 'rejected') {
          // The broker took the order and refused it at once (the simulated brokerage does so).
          await repo.settleManualOrder(id, {
            status: 'REFUSED',
            brokerOrderId: placed.id,
            reason: placed.reason ?? '',
          });
          throw new DomainError('BAD_REQUEST', BROKER_MSG.brokerRefused(placed.reason ?? 'no reason given'));
        }
        await repo.settleManualOrder(id, { status: 'SENT', brokerOrderId: placed.id });
        await orderChanged(row.userId, placed);
        return { message: BROKER_MSG.orderPlaced, data: orderRow(placed) };
      } catch (err) {
        if (!isProviderError(err)) throw err;
        // The answer was lost: the order may have reached the broker (the sweep finds out), so not
        // "nothing changed"; anything else the broker decided is a refusal, kept with its reason.
        if (err.retryable) {
          throw new DomainError('UNAVAILABLE', BROKER_MSG.outcomeUnknown, { retryable: false, cause: err });
        }
        await repo.settleManualOrder(id, { status: 'REFUSED', reason: err.message });
        return brokerFailure(err);
      }
    },

    /** POST /livetrading/auth-code-setup/: the broker's authorization page (a fresh password first). */
    async authCodeSetup(principal: Principal, broker: BrokerName = 'paper'): Promise<AuthCodeSetupReply> {
      const link = linkOf(broker);
      await deps.assertFreshPassword(principal, 'AUTHORIZATION');
      const state = randomToken(24);
      await repo.addAuthState({
        stateHash: sha256(state),
        userId: principal.user.id,
        broker,
        expiresAt: new Date(now().getTime() + AUTH_STATE_MS),
      });
      return { url: link.authorizeUrl(state, `${deps.publicUrl}/trade/settings`), broker };
    },

    /** POST /livetrading/auth-code/: the code the broker sent back; the caller trades live from now on. */
    async authCode(principal: Principal, body: AuthCodeBody): Promise<AuthCodeReply> {
      // Whose it is is checked first: another user's post neither uses up nor deletes the owner's state.
      const pending = await repo.takeAuthState(sha256(body.state), principal.user.id);
      if (!pending || pending.expiresAt.getTime() < now().getTime()) {
        throw DomainError.field('state', BROKER_MSG.authLinkInvalid);
      }
      const link = linkOf(pending.broker);
      const credentials = await link
        .exchange(body.code, `${deps.publicUrl}/trade/settings`, principal.user.id)
        .catch((err: unknown) => {
          // The broker refusing the code (used, expired) is the trader's to retry from Broker Settings.
          if (isProviderError(err) && err.code === 'BAD_REQUEST')
            throw DomainError.field('code', BROKER_MSG.authRefused);
          return brokerFailure(err);
        });
      const connection = await connect(principal.user.id, pending.broker, credentials);
      return goneLive(principal, pending.broker, connection);
    },

    /** POST /livetrading/broker-keys/: the trader's own API key pair (a fresh password first); they trade live from now on. */
    async brokerKeys(principal: Principal, body: BrokerKeysBody): Promise<AuthCodeReply> {
      const link = linkOf(body.broker);
      const label = BROKER_LABELS[body.broker];
      if (!link.keyCredentials) throw DomainError.field('broker', BROKER_MSG.keysNotTaken(label));
      await deps.assertFreshPassword(principal, 'AUTHORIZATION');
      const credentials = link.keyCredentials(body.key_id, body.secret_key);
      const connection = await connect(principal.user.id, body.broker, credentials, (err) => {
        // The broker refusing the pair is the trader's to correct, on the form. Alpaca answers 403
        // for keys of the other kind of account (live keys on paper) too.
        if (err.code === 'UNAUTHORIZED' || err.code === 'FORBIDDEN')
          throw DomainError.field('secret_key', BROKER_MSG.keysRefused(label));
      });
      return goneLive(principal, body.broker, connection);
    },

    /** GET /livetrading/broker-connection/: the brokers offered, and the caller's connection. */
    async brokerConnection(principal: Principal): Promise<BrokerConnectionResponse> {
      const live = principal.user.isLiveTrader || principal.user.isSuper;
      const row = live ? await connectionOf(principal) : await repo.connectionOf(principal.user.id);
      const offered = BROKERS.filter((b) => links[b] !== undefined).map((broker) => ({
        broker,
        label: BROKER_LABELS[broker],
        keys: links[broker]?.keyCredentials !== undefined,
      }));
      const connection = row && {
        broker: row.broker,
        label: BROKER_LABELS[row.broker],
        synced_at: row.updatedAt.toISOString(),
        expires_at: row.expiresAt?.toISOString() ?? null,
        expired: row.expiresAt !== null && row.expiresAt.getTime() <= now().getTime(),
        ends_soon:
          row.expiresAt !== null && row.expiresAt.getTime() - now().getTime() < AUTHORIZATION_WARNING_HOURS * 3_600_000,
      };
      return { data: { offered, connection: connection ?? null } };
    },

    /**
     * Orders placed by hand whose answer was lost (a timeout, a crash between sending and
     * recording): each is looked for at the broker by its tag, never sent again. Found, it is SENT
     * with the broker's id; not found, it never reached the broker and is REFUSED in those words;
     * still unanswered past LOOKUP_HORIZON_MS, it is UNKNOWN. A broker that cannot be asked now is
     * asked at the next sweep. Answers how many were settled.
     */
    async reconcileManualOrders(): Promise<number> {
      const at = now().getTime();
      // Past what a broker's order list reaches back (Tradier's: the day), an order still unsettled
      // cannot be told either way: it is marked so, for the trader to check at the broker.
      let settled = await repo.giveUpManualOrders(new Date(at - LOOKUP_HORIZON_MS), BROKER_MSG.unconfirmed);
      const lost = await repo.manualOrdersUnsettled(
        new Date(at - LOST_ANSWER_MS),
        new Date(at - LOOKUP_HORIZON_MS),
        100,
      );
      for (const o of lost) {
        const broker = brokers[o.broker];
        if (!broker) continue;
        try {
          const found = await broker.findOrder(o.accountId, o.tag);
          const done = await repo.settleManualOrder(
            o.id,
            found
              ? { status: 'SENT', brokerOrderId: found.id }
              : { status: 'REFUSED', reason: BROKER_MSG.neverReached },
          );
          if (done) settled++;
          const owner = (await repo.account(o.accountId))?.userId ?? o.userId;
          if (done && found) await orderChanged(owner, found);
        } catch (err) {
          // The broker cannot be asked now (an outage, an expired authorization): the next sweep asks.
          if (!isProviderError(err)) throw err;
        }
      }
      return settled;
    },

    /** Forgets the caller's broker access (deauthorize): its tokens and accounts go. */
    async forget(principal: Principal): Promise<void> {
      await repo.deleteConnection(principal.user.id);
    },
  };
}
export type BrokerageService = ReturnType<typeof createBrokerageService>;

/**
 * The access token that reaches an account of `broker`, opened from its seal: what the broker's
 * adapter sends. A missing or expired token is the broker's 401 before it is asked.
 */
export function brokerTokens(repo: BrokerageRepo, sealer: Sealer | null, now: () => Date) {
  return (broker: BrokerName) =>
    async (accountId: string): Promise<string> => {
      const row = await repo.tokenOf(broker, accountId);
      if (!row?.accessToken || !sealer) {
        throw new ProviderError(
          broker,
          'UNAUTHORIZED',
          `No ${BROKER_LABELS[broker]} authorization reaches ${accountId}`,
        );
      }
      if (row.expiresAt && row.expiresAt.getTime() <= now().getTime()) {
        throw new ProviderError(broker, 'UNAUTHORIZED', `The ${BROKER_LABELS[broker]} authorization has expired`);
      }
      return sealer.open(row.accessToken);
    };
}
