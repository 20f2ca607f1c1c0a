/**
 * The paper broker (docs/paper-broker.md): each user's demo account (100,000 to start, reset on
 * request, 1-core §4) and, with no real broker configured, the simulated brokerage account of a
 * live-capable user. Orders fill from the market provider's quotes by the engine's rule
 * (`matchPaperOrder`: buys at the ask, sells at the bid, limit orders a share of the volume), and
 * an account's buying power and value are the engine's rules too (`paperAccountValue`); requests
 * are checked, and answers written, by paper.orders.ts. The accounts, orders, fills and positions
 * are rows in PostgreSQL (paper.repo.ts), so every server process sees the same account and a
 * restart loses nothing. No commissions are charged.
 *
 * A refusal the broker decides (buying power, shares to sell, an unknown symbol) is an order stored
 * as `rejected` with its reason: the broker answered. A request that is wrong in itself (a bad
 * quantity, an unknown account or order) is a ProviderError, as from any broker.
 */
import {
  averageFillPrice,
  dec,
  fillAmount,
  holdingAfter,
  ledgerOf,
  matchAtPlacement,
  matchPaperOrder,
  paperAccountValue,
  paperBuyingPower,
  paperSellableQty,
  toText,
  unfilledQty,
} from '@drat/engine';
import type { Logger } from 'pino';
import type { Db } from '../../../db/client';
import { transactions, type Tx } from '../../../db/transaction';
import { ProviderError } from '../../provider-error';
import type {
  AccountOpener,
  Broker,
  BrokerBalances,
  BrokerPosition,
  BrokerLink,
  BrokerOrder,
  ClosedPosition,
  OrderChange,
} from '../interface';
import { paperRepo, type PaperAccountRow, type PaperOrderRow } from './paper.repo';
import { quotesOf, type PaperMarket } from './paper.quotes';
import {
  manualToPlace,
  normalized,
  PAPER_REASONS,
  positive,
  refuse,
  toBrokerOrder,
  type NormalizedOrder,
} from './paper.orders';

export { PAPER_REASONS } from './paper.orders';

/** What a new paper account holds (1-core §4: the demo account starts at, and resets to, 100,000). */
export const STARTING_CASH = '100000.00';

/** The Trade Monitor keeps this many of an account's latest orders. */
const RECENT_ORDERS = 200;

export type PaperAccountKind = 'DEMO' | 'SIM';

/** Accounts are `DEMO-<user id>` and `SIM-<user id>`; a reset keeps closed positions' history. */
export interface PaperBroker extends Broker, AccountOpener {
  readonly name: 'paper';
}

export interface PaperBrokerDeps {
  db: Db;
  market: PaperMarket;
  now: () => Date;
  /** Where a place under a tag the account already has is reported (the sender should have looked it up first). */
  log?: Pick<Logger, 'warn'>;
}

/** What the paper broker logs when an order is placed again under a tag it already has. */
export const PLACED_AGAIN = 'paper: an order was placed again under a tag it already has; answered with that order';

const OPEN_STATUSES: ReadonlySet<string> = new Set(['open', 'partially_filled']);

const notFound = (message: string) => new ProviderError('paper', 'NOT_FOUND', message);
const isMarketBuy = (o: PaperOrderRow) => o.side === 'buy' && o.type === 'market';

/**
 * The simulated brokerage's authorization (2-trading §2.7 offline): there is no broker page to
 * visit, so the link comes straight back to Broker Settings with a code, and the trader's
 * simulated account (SIM-<user id>, 100,000 to start) is the one account it reaches.
 */
export function simulatedBrokerLink(paper: AccountOpener): BrokerLink {
  return {
    name: 'paper',
    authorizeUrl(state, redirectUri) {
      const url = new URL(redirectUri);
      url.searchParams.set('code', 'simulated');
      url.searchParams.set('state', state);
      return url.toString();
    },
    async exchange() {
      return { accessToken: null, refreshToken: null, expiresAt: null };
    },
    async accounts(_credentials, userId) {
      const accountId = await paper.ensureAccount(userId, 'SIM');
      return [{ accountId, accountType: 'CASH', status: 'active' }];
    },
  };
}

export function createPaperBroker({ db, market, now, log }: PaperBrokerDeps): PaperBroker {
  const repo = paperRepo(db);
  const withTransaction = transactions(db);

  /**
   * The same tag is the same order, so a second place never makes a second one. It is still worth
   * saying: the runner looks an order up by its tag before sending a place again, so a place that
   * lands here came from a sender that did not (the two-process test counts these).
   */
  function placedAgain(order: PaperOrderRow): BrokerOrder {
    log?.warn({ account: order.accountId, tag: order.tag }, PLACED_AGAIN);
    return toBrokerOrder(order);
  }

  async function lockedAccount(tx: Tx, id: string): Promise<PaperAccountRow> {
    const account = await repo.lockAccount(tx, id);
    if (!account) throw notFound(`No paper account ${id}`);
    return account;
  }

  async function knownAccount(id: string): Promise<PaperAccountRow> {
    const account = await repo.account(id);
    if (!account) throw notFound(`No paper account ${id}`);
    return account;
  }

  async function lockedOrder(tx: Tx, account: string, orderId: string): Promise<PaperOrderRow> {
    const id = /^\d{1,9}$/.test(orderId) ? Number(orderId) : null;
    const order = id === null ? undefined : await repo.lockOrder(tx, account, id);
    if (!order) throw notFound(`No order ${orderId} on account ${account}`);
    return order;
  }

  /** Why the broker refuses this order now, or null: run with the account locked, so the answer holds until it is stored. */
  async function refusal(tx: Tx, account: PaperAccountRow, order: NormalizedOrder) {
    const open = await repo.openOrders(account.id, tx);
    const quotes = await quotesOf(market, [order, ...open.filter(isMarketBuy)]);
    const quote = quotes.get(order.symbol);
    if (!quote) return { reason: PAPER_REASONS.symbol, quote };
    if (order.side === 'buy') {
      // A market buy is priced at the ask it fills at; with no ask (0) it cannot be priced, and
      // left to rest it would fill later at whatever the ask is, past the buying power.
      if (order.limitPrice === null && !dec(quote.ask).gt(0)) return { reason: PAPER_REASONS.noAsk, quote };
      const cost = fillAmount(order.qty, order.limitPrice ?? quote.ask, order.multiplier);
      const short = dec(cost).gt(paperBuyingPower(account.cash, open, quotes));
      return { reason: short ? PAPER_REASONS.buyingPower : null, quote };
    }
    const held = (await repo.position(tx, account.id, order.symbol))?.qty ?? 0;
    const sellable = paperSellableQty(held, open, order.symbol);
    return { reason: dec(order.qty).gt(sellable) ? PAPER_REASONS.shares : null, quote };
  }

  /** Records one fill: the fill, the order's progress, the cash, the position (removed at 0). */
  async function recordFill(
    tx: Tx,
    o: PaperOrderRow,
    fill: { qty: string; price: string; amount: string },
    volume: number | null,
    at: Date,
  ) {
    await repo.addFill(tx, { orderId: o.id, accountId: o.accountId, symbol: o.symbol, side: o.side, ...fill, at });
    const filled = dec(o.filledQty).plus(fill.qty);
    await repo.updateOrder(tx, o.id, {
      filledQty: toText(filled),
      avgFillPrice: averageFillPrice(o.filledQty, o.avgFillPrice, fill.qty, fill.price),
      status: filled.gte(o.qty) ? 'filled' : 'partially_filled',
      lastVolume: volume,
      updatedAt: at,
    });
    await repo.moveCash(tx, o.accountId, o.side === 'buy' ? toText(dec(fill.amount).neg()) : fill.amount);
    const held = await repo.position(tx, o.accountId, o.symbol);
    const next = holdingAfter(held ?? null, o.side, fill.qty, fill.amount);
    if (next === null) await repo.deletePosition(tx, o.accountId, o.symbol);
    else
      await repo.savePosition(tx, {
        accountId: o.accountId,
        symbol: o.symbol,
        multiplier: o.multiplier,
        ...next,
        openedAt: held?.openedAt ?? at,
      });
  }

  /**
   * Matches the account's working orders against the market, in one transaction: the account row
   * is locked first (fills of one account, and the quotes they read, happen one look at a time, so
   * two processes never count the same volume twice), and each order is locked as it is matched.
   */
  async function match(account: string): Promise<void> {
    await withTransaction(async (tx) => {
      await lockedAccount(tx, account);
      const open = await repo.lockOpenOrders(tx, account);
      if (open.length === 0) return;
      const quotes = await quotesOf(market, open);
      const at = now();
      for (const o of open) {
        const quote = quotes.get(o.symbol);
        if (!quote) continue; // no price now: the order waits
        const { fill, volume } = matchPaperOrder(o, quote, o.lastVolume);
        if (fill) await recordFill(tx, o, fill, volume, at);
        else if (volume !== o.lastVolume) await repo.updateOrder(tx, o.id, { lastVolume: volume });
      }
    });
  }

  async function balances(account: string): Promise<BrokerBalances> {
    const row = await knownAccount(account);
    const [positions, open] = await Promise.all([repo.positions(account), repo.openOrders(account)]);
    const held = await repo.instrumentsOf(
      account,
      positions.map((p) => p.symbol),
    );
    const quotes = await quotesOf(market, [...held, ...open.filter(isMarketBuy)]);
    // The engine's rule: positions at the bid (at cost without a quote), working buys held back.
    const value = paperAccountValue(row.cash, positions, open, quotes);
    return {
      account,
      accountValue: toText(value.accountValue),
      buyingPower: toText(value.buyingPower),
      equitiesValue: toText(value.equitiesValue),
      cash: toText(row.cash),
      accountType: 'CASH',
      availableFunds: null,
    };
  }

  const broker: PaperBroker = {
    name: 'paper',

    async ensureAccount(userId, kind) {
      const id = `${kind}-${userId}`;
      await repo.createAccount({
        id,
        userId,
        kind,
        cash: STARTING_CASH,
        startingCash: STARTING_CASH,
        createdAt: now(),
      });
      return id;
    },

    accountOf: (userId, kind) => repo.accountOf(userId, kind),

    async reset(account) {
      await withTransaction(async (tx) => {
        await lockedAccount(tx, account);
        // The fills of the positions being removed go too: what stays are whole round trips, so
        // the closed positions stay right and a later buy of the same symbol starts afresh.
        const fills = await repo.fills(account, tx);
        const { open } = ledgerOf(fills.map((f) => ({ ...f, at: f.at.toISOString() })));
        await repo.deleteFills(tx, [...open.values()].flat());
        await repo.reset(tx, account, now());
      });
      return balances(account);
    },

    balances,

    async placeOrder(p) {
      const order = normalized(p);
      const known = await repo.orderByTag(p.account, p.tag);
      if (known) return placedAgain(known);
      return withTransaction(async (tx) => {
        const account = await lockedAccount(tx, p.account);
        // Placed while this one waited for the lock: the same tag is the same order.
        const placed = await repo.orderByTag(p.account, p.tag, tx);
        if (placed) return placedAgain(placed);
        const { reason, quote } = await refusal(tx, account, order);
        const at = now();
        const row = await repo.insertOrder(tx, {
          ...order,
          status: reason === null ? 'open' : 'rejected',
          reason,
          // Placing is the order's first look: volume traded before it never fills it.
          lastVolume: quote?.volume ?? null,
          createdAt: at,
          updatedAt: at,
        });
        const inserted = row ?? (await repo.orderByTag(p.account, p.tag, tx))!;
        // An order that can trade now (market, or a limit the quote meets) fills as it is placed,
        // from the quote it was placed on: the answer says so, and no poll waits for it. Any
        // other rests, and fills from the volume traded after it (match).
        if (inserted.status === 'open' && quote) {
          const { fill, volume } = matchAtPlacement(inserted, quote);
          if (fill) {
            await recordFill(tx, inserted, fill, volume, at);
            return toBrokerOrder((await repo.orderByTag(p.account, p.tag, tx))!);
          }
        }
        return toBrokerOrder(inserted);
      });
    },

    async findOrder(account, tag) {
      const order = await repo.orderByTag(account, tag);
      if (order) return toBrokerOrder(order);
      await knownAccount(account);
      return null;
    },

    async modifyOrder(account, orderId, change: OrderChange) {
      if (change.type !== undefined && change.type !== 'limit') throw refuse(PAPER_REASONS.orderType(change.type));
      if (change.duration !== undefined && change.duration !== 'day' && change.duration !== 'gtc') {
        throw refuse(PAPER_REASONS.duration(change.duration));
      }
      const limitPrice = positive(change.limitPrice ?? null, 8, 'The limit price');
      return withTransaction(async (tx) => {
        const row = await lockedAccount(tx, account);
        const o = await lockedOrder(tx, account, orderId);
        if (!OPEN_STATUSES.has(o.status)) throw refuse(PAPER_REASONS.notOpen);
        if (o.type === 'market') throw refuse(PAPER_REASONS.marketPrice);
        if (o.side === 'buy') {
          const others = (await repo.openOrders(account, tx)).filter((x) => x.id !== o.id);
          const quotes = await quotesOf(market, others.filter(isMarketBuy));
          const cost = fillAmount(unfilledQty(o), limitPrice, o.multiplier);
          if (dec(cost).gt(paperBuyingPower(row.cash, others, quotes))) throw refuse(PAPER_REASONS.buyingPower);
        }
        const duration = change.duration === 'day' || change.duration === 'gtc' ? change.duration : o.duration;
        return toBrokerOrder(await repo.updateOrder(tx, o.id, { limitPrice, duration, updatedAt: now() }));
      });
    },

    async cancelOrder(account, orderId) {
      return withTransaction(async (tx) => {
        const o = await lockedOrder(tx, account, orderId);
        // Filled (or ended) first: the answer says so, and the caller learns it from the status.
        if (!OPEN_STATUSES.has(o.status)) return toBrokerOrder(o);
        return toBrokerOrder(await repo.updateOrder(tx, o.id, { status: 'canceled', updatedAt: now() }));
      });
    },

    async accountsToPoll() {
      const quotes = await quotesOf(market, await repo.openInstruments());
      const prices = [...quotes].map(([symbol, q]) => ({ symbol, bid: q.bid, ask: q.ask }));
      const open = await repo.openOrdersNear(prices);
      const due = new Set<string>();
      const baselines: { id: number; from: number | null; to: number | null }[] = [];
      for (const o of open) {
        const quote = quotes.get(o.symbol);
        if (!quote) continue;
        const { fill, volume } = matchPaperOrder(o, quote, o.lastVolume);
        if (fill) due.add(o.accountId);
        else if (volume !== o.lastVolume) baselines.push({ id: o.id, from: o.lastVolume, to: volume });
      }
      await repo.setBaselines(baselines);
      return due;
    },

    async orders(account, since) {
      const from = since === null ? null : new Date(since);
      if (from !== null && Number.isNaN(from.getTime())) throw refuse(`Not a time: ${since}`);
      await match(account);
      return (await repo.ordersSince(account, from)).map(toBrokerOrder);
    },

    async allOrders(account) {
      await knownAccount(account);
      await match(account);
      return (await repo.recentOrders(account, RECENT_ORDERS)).map(toBrokerOrder);
    },

    placeManualOrder(order) {
      return broker.placeOrder(manualToPlace(order));
    },

    async positions(account): Promise<BrokerPosition[]> {
      await knownAccount(account);
      return (await repo.positions(account)).map((p) => ({
        symbol: p.symbol,
        qty: toText(p.qty),
        cost: toText(p.cost),
        openedAt: p.openedAt.toISOString(),
      }));
    },

    async closedPositions(account): Promise<ClosedPosition[]> {
      await knownAccount(account);
      const fills = await repo.fills(account);
      // Newest first, as a trader reads a history.
      return ledgerOf(fills.map((f) => ({ ...f, at: f.at.toISOString() }))).closed.reverse();
    },
  };
  return broker;
}
