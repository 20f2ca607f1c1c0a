/**
 * The paper broker (docs/paper-broker.md): each user's demo account (100,000 to start, reset on
 * request, 1-core §4) and, with no real broker configured, the simulated brokerage account of a
 * live-capable user. Orders fill from the market provider's quotes by the engine's rule
 * (`matchPaperOrder`: buys at the ask, sells at the bid, limit orders a share of the volume); the
 * accounts, orders, fills and positions are rows in PostgreSQL (paper.repo.ts), so every server
 * process sees the same account and a restart loses nothing. No commissions are charged.
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
  matchPaperOrder,
  toText,
  type Dec,
  type PaperQuote,
} from '@drat/engine';
import type { Db } from '../../../db/client';
import { transactions, type Tx } from '../../../db/transaction';
import { ProviderError } from '../../provider-error';
import type {
  AccountOpener,
  Broker,
  BrokerBalances,
  BrokerOrder,
  BrokerPosition,
  BrokerLink,
  ClosedPosition,
  ManualOrder,
  OrderChange,
  PlaceOrder,
} from '../interface';
import { paperRepo, type PaperAccountRow, type PaperOrderRow } from './paper.repo';
import { quotesOf, type PaperMarket } from './paper.quotes';

/** What a new paper account holds (1-core §4: the demo account starts at, and resets to, 100,000). */
export const STARTING_CASH = '100000.00';

/** The reasons the paper broker gives, as a broker's own words. */
export const PAPER_REASONS = {
  buyingPower: 'Insufficient buying power',
  shares: 'Not enough shares to sell',
  symbol: 'Unknown symbol',
  notOpen: 'Order is not open',
  marketPrice: 'A market order has no limit price',
  orderType: (type: string) => `The simulated brokerage takes market and limit orders, not ${type}`,
  side: (side: string) => `The simulated brokerage buys and sells what is held; it does not take ${side} orders`,
  duration: (duration: string) => `The simulated brokerage takes day and gtc orders, not ${duration}`,
} as const;

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
}

const OPEN_STATUSES: ReadonlySet<string> = new Set(['open', 'partially_filled']);
const TAG = /^[A-Za-z0-9-]{1,100}$/;

const refuse = (message: string) => new ProviderError('paper', 'BAD_REQUEST', message);
const notFound = (message: string) => new ProviderError('paper', 'NOT_FOUND', message);

/** The decimal written in `value`, or null when it is not one (decimal.js throws on 'abc'). */
function decimalOrNull(value: string | null): Dec | null {
  try {
    return value === null ? null : dec(value);
  } catch {
    return null;
  }
}

/** A positive decimal with at most `places` decimals (the column's), as text; else a refusal naming `what`. */
function positive(value: string | null, places: number, what: string): string {
  const d = decimalOrNull(value);
  if (d === null || !d.isFinite() || d.lte(0) || d.decimalPlaces() > places) {
    throw refuse(`${what} must be a positive number with at most ${places} decimals`);
  }
  return toText(d);
}

/** The order as it will be stored, or a refusal of a request that is wrong in itself. */
function normalized(p: PlaceOrder) {
  if (!TAG.test(p.tag)) throw refuse('The tag must be letters, digits and hyphens');
  if (!Number.isInteger(p.multiplier) || p.multiplier < 1) throw refuse('The multiplier must be a whole number');
  const symbol = p.symbol.trim().toUpperCase();
  if (symbol === '') throw refuse('The symbol is missing');
  const legs = p.legs?.map((l) => ({ symbol: l.symbol.trim().toUpperCase(), ratio: l.ratio })) ?? null;
  if (p.kind === 'multileg' && !legs?.length) throw refuse('A multileg order needs its legs');
  if (legs?.some((l) => !Number.isInteger(l.ratio) || l.ratio < 1)) throw refuse('A leg ratio must be a whole number');
  return {
    accountId: p.account,
    tag: p.tag,
    symbol,
    instrumentKind: p.kind,
    legs,
    multiplier: p.multiplier,
    side: p.side,
    type: p.type,
    duration: p.duration,
    qty: positive(p.qty, 4, 'The quantity'),
    limitPrice: p.type === 'limit' ? positive(p.limitPrice, 8, 'The limit price') : null,
  };
}

const unfilled = (o: Pick<PaperOrderRow, 'qty' | 'filledQty'>) => dec(o.qty).minus(o.filledQty);
const isMarketBuy = (o: PaperOrderRow) => o.side === 'buy' && o.type === 'market';

/**
 * Cash minus what the working buys would still cost: their unfilled part at their limit (a market
 * buy at the current ask), times the multiplier. Each working buy is rounded to the cent.
 */
function buyingPower(cash: string, open: PaperOrderRow[], quotes: Map<string, PaperQuote>): Dec {
  return open
    .filter((o) => o.side === 'buy')
    .reduce((bp, o) => {
      const price = o.limitPrice ?? quotes.get(o.symbol)?.ask ?? '0';
      return bp.minus(fillAmount(unfilled(o), price, o.multiplier));
    }, dec(cash));
}

function toBrokerOrder(o: PaperOrderRow): BrokerOrder {
  return {
    id: String(o.id),
    account: o.accountId,
    tag: o.tag,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    qty: toText(o.qty),
    limitPrice: o.limitPrice === null ? null : toText(o.limitPrice),
    status: o.status,
    filledQty: toText(o.filledQty),
    avgFillPrice: o.avgFillPrice === null ? null : toText(o.avgFillPrice),
    reason: o.reason,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    detail: {
      kind: o.instrumentKind,
      side: o.instrumentKind === 'equity' ? o.side : `${o.side}_to_${o.side === 'buy' ? 'open' : 'close'}`,
      type: o.type,
      duration: o.duration,
      stopPrice: null,
      optionSymbol: o.instrumentKind === 'option' ? o.symbol : null,
      queued: false,
    },
  };
}

/** A hand-placed order as the paper broker takes it: market or limit, buying or selling what is held. */
function manualToPlace(m: ManualOrder): PlaceOrder {
  if (m.type !== 'market' && m.type !== 'limit') throw refuse(PAPER_REASONS.orderType(m.type));
  if (m.duration !== 'day' && m.duration !== 'gtc') throw refuse(PAPER_REASONS.duration(m.duration));
  // Exits sell what is held: no short sales, no writing options.
  if (m.side !== 'sell' && m.side !== 'sell_to_close') throw refuse(PAPER_REASONS.side(m.side));
  const option = m.kind === 'option';
  return {
    account: m.account,
    tag: m.tag,
    symbol: option ? m.optionSymbol! : m.symbol,
    kind: m.kind,
    multiplier: option ? 100 : 1,
    side: 'sell',
    type: m.type,
    duration: m.duration,
    qty: m.qty,
    limitPrice: m.type === 'limit' ? m.limitPrice : null,
  };
}

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

export function createPaperBroker({ db, market, now }: PaperBrokerDeps): PaperBroker {
  const repo = paperRepo(db);
  const withTransaction = transactions(db);

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
  async function refusal(tx: Tx, account: PaperAccountRow, order: ReturnType<typeof normalized>) {
    const open = await repo.openOrders(account.id, tx);
    const quotes = await quotesOf(market, [order, ...open.filter(isMarketBuy)]);
    const quote = quotes.get(order.symbol);
    if (!quote) return { reason: PAPER_REASONS.symbol, quote };
    if (order.side === 'buy') {
      const cost = fillAmount(order.qty, order.limitPrice ?? quote.ask, order.multiplier);
      const short = dec(cost).gt(buyingPower(account.cash, open, quotes));
      return { reason: short ? PAPER_REASONS.buyingPower : null, quote };
    }
    const held = dec((await repo.position(tx, account.id, order.symbol))?.qty ?? 0);
    const selling = open
      .filter((o) => o.side === 'sell' && o.symbol === order.symbol)
      .reduce((s, o) => s.plus(unfilled(o)), dec(0));
    return { reason: dec(order.qty).gt(held.minus(selling)) ? PAPER_REASONS.shares : null, quote };
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
    // A position with no quote now (a data gap) counts at what it cost rather than at nothing.
    const equities = positions.reduce((sum, p) => {
      const bid = quotes.get(p.symbol)?.bid;
      return sum.plus(bid === undefined ? p.cost : fillAmount(p.qty, bid, p.multiplier));
    }, dec(0));
    return {
      account,
      accountValue: toText(equities.plus(row.cash)),
      buyingPower: toText(buyingPower(row.cash, open, quotes)),
      equitiesValue: toText(equities),
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
      if (known) return toBrokerOrder(known);
      return withTransaction(async (tx) => {
        const account = await lockedAccount(tx, p.account);
        // Placed while this one waited for the lock: the same tag is the same order.
        const placed = await repo.orderByTag(p.account, p.tag, tx);
        if (placed) return toBrokerOrder(placed);
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
        return toBrokerOrder(row ?? (await repo.orderByTag(p.account, p.tag, tx))!);
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
          const cost = fillAmount(unfilled(o), limitPrice, o.multiplier);
          if (dec(cost).gt(buyingPower(row.cash, others, quotes))) throw refuse(PAPER_REASONS.buyingPower);
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
