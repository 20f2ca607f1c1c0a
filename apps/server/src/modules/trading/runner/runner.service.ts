/**
 * The trade runner (issue 13, docs/trading-rules.md): it feeds the engine its events and carries
 * the engine's intents to the broker.
 *
 * - `apply(tradeId, event)`: one engine step in one transaction: the trade row is locked (one step
 *   at a time per trade, across server processes), and the new state, the intents (an outbox), the
 *   orders they name and the log are written together. After the commit each intent gets a
 *   'trading.send' job, keyed by its id.
 * - `sendIntent(id)`: claims the intent (a lease: a second sender leaves it alone), sends it, and
 *   feeds the broker's answer back as an order event. An intent whose earlier send never got an
 *   answer (a crash, a timeout) is reconciled first: the broker is asked for the order by its
 *   client order id, and only if it has none is the order placed. A refusal is recorded and fed to
 *   the engine as 'rejected'; a failure that may pass leaves the intent for the next try.
 * - `resendStranded()` (the first watcher, every 5 s) and `sweep()` (every minute): intents a
 *   process left unsent when it ended (its lease run out, or never begun) are sent from here, never
 *   queued again under the same key, which the queue ignores while the dead job is held active.
 * - `pollOrders()`: the broker's word on every open order becomes order events (fills, cancels).
 * - `watch(partition, of)`: quotes for the instruments of the partition's running trades; the
 *   trade book steps only the trades a quote concerns. `tickDeadlines()`: cancel-if-not-filled.
 */
import type { Logger } from 'pino';
import {
  createTradeBook,
  dec,
  equity,
  indicatorsWanted,
  parseIndicatorKey,
  step,
  toText,
  type Dec,
  type EngineTrade,
  type Intent,
  type OrderUpdate,
  type TradeEvent,
} from '@drat/engine';
import {
  BROKER_ORDER_EVENT,
  cancelByInstant,
  INTERVALS,
  TRADE_EVENT,
  TRADE_MSG,
  type BrokerOrderEventPayload,
  type StockTaQuery,
  type TradeEventPayload,
} from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import type { Tx, WithTransaction } from '../../../db/transaction';
import type { JobQueue } from '../../../jobs/queue';
import type { Broker, BrokerOrder } from '../../../providers/broker/interface';
import type { MarketDataProvider } from '../../../providers/market/interface';
import { isProviderError } from '../../../providers/provider-error';
import type { LiveService } from '../../live';
import type { ResultRecorder } from '../../idempotency';
import type { NotificationsService } from '../../notifications';
import type { LockedTrade, NewTradeRow, RunnerRepo, TradeRowPatch } from './runner.repo';

/** How long a claimed intent is left to its sender before another may reconcile it. */
const SEND_LEASE_MS = 30_000;
/** An intent its process has not begun to send by then was left by a process that ended (it sends at once). */
const UNSENT_AFTER_MS = 5_000;
/** When the day's trading ends in New York (after hours): a confirmed cancel is watched for late fills till then. */
const SESSION_END_NY = '20:00:00';
/** How far back a sync looks at finished trades for fills that raced their cancels. */
const RECONCILE_BACK_MS = 3 * 86_400_000;

/** Indicator values (GET /stock/ta's rules): SMA or EMA of a ticker's bars; throws when there are too few bars. */
export interface Technicals {
  technical(q: {
    ticker: string;
    parameter: 'SMA' | 'EMA' | 'VALUE';
    timePeriod: number;
    interval: StockTaQuery['interval'];
  }): Promise<{ value: number }>;
}

/** How long an indicator value is used before it is computed again (a bar of the smallest interval). */
const INDICATOR_TTL_MS = 60_000;
const INDICATOR_CACHE_MAX = 10_000;

export interface RunnerDeps {
  repo: RunnerRepo;
  withTransaction: WithTransaction;
  broker: (name: string) => Broker;
  /** Every broker's name: those that fill orders themselves (paper) are asked which accounts to poll. */
  brokerNames: readonly string[];
  market: MarketDataProvider;
  technicals: Technicals;
  jobs: JobQueue;
  live: Pick<LiveService, 'publishUserEvent'>;
  /** The trader's inbox: a refused order, a failed trade or a late fill is told there (tellOfAnswer). */
  inbox: Pick<NotificationsService, 'tellTrader'>;
  now: () => Date;
  log: Logger;
}

export interface Applied {
  id: number;
  trade: EngineTrade;
  refused?: string;
}

/** The broker's word on an order, as the engine's order event. */
export function orderEvent(order: BrokerOrder, clientOrderId: string, at: number): OrderUpdate {
  const filled = dec(order.filledQty);
  const status: OrderUpdate['status'] =
    order.status === 'filled'
      ? 'filled'
      : order.status === 'rejected'
        ? 'rejected'
        : order.status === 'canceled' || order.status === 'expired'
          ? 'cancelled'
          : filled.gt(0)
            ? 'partially_filled'
            : 'accepted';
  return {
    type: 'order',
    clientOrderId,
    status,
    filledQty: toText(filled),
    avgFillPrice: order.avgFillPrice,
    ...(order.reason ? { reason: order.reason } : {}),
    at,
  };
}

const TERMINAL_AT_BROKER = new Set(['filled', 'canceled', 'rejected', 'expired']);
const brokerWord = (o: BrokerOrder) => `${o.status}:${toText(dec(o.filledQty))}`;

export function createTradeRunner(deps: RunnerDeps) {
  const { repo, withTransaction, jobs, live, inbox, now, log } = deps;

  /**
   * What the trader is told, in the inbox and as a toast, of a broker's answer to one of their
   * orders, in the step's transaction: the whole trade failed (every buy refused after 'Trade placed
   * successfully'), one order refused while the trade goes on, or a fill reported after the broker
   * confirmed the order's cancel (the engine takes the shares in; docs/trading-rules.md, Orders).
   */
  async function tellOfAnswer(tx: Tx, locked: LockedTrade, event: OrderUpdate, after: EngineTrade): Promise<void> {
    const before = locked.state.orders.find((o) => o.clientOrderId === event.clientOrderId);
    const tell = (message: Parameters<typeof inbox.tellTrader>[2]) => inbox.tellTrader(tx, locked.userId, message);
    if (after.status === 'FAIL' && locked.state.status !== 'FAIL') {
      await tell({
        kind: 'TRADE_FAILED',
        ref: String(locked.id),
        title: TRADE_MSG.tradeFailedTitle(locked.id, after.ticker),
        content: TRADE_MSG.tradeFailedContent(after.failure ?? TRADE_MSG.tradeFailedNoReason),
      });
    } else if (event.status === 'rejected' && before && before.status !== 'REJECTED') {
      await tell({
        kind: 'ORDER_REFUSED',
        ref: before.clientOrderId,
        title: TRADE_MSG.orderRefusedTitle(locked.id, after.ticker),
        content: TRADE_MSG.orderRefusedContent(before.side, event.reason ?? TRADE_MSG.tradeFailedNoReason),
      });
    }
    if (before?.status === 'CANCELLED' && dec(event.filledQty).gt(before.filledQty)) {
      const qty = toText(dec(event.filledQty).minus(before.filledQty));
      log.warn(
        { tradeId: locked.id, clientOrderId: before.clientOrderId, qty },
        'trading: the broker filled an order after confirming its cancel',
      );
      await tell({
        kind: 'LATE_FILL',
        ref: `${before.clientOrderId}:${event.filledQty}`,
        title: TRADE_MSG.lateFillTitle(locked.id, after.ticker),
        content: TRADE_MSG.lateFillContent(qty, before.side),
      });
    }
  }

  /** One step on a locked trade: written with its intents and log; the trade's owner hears of it. */
  async function stepLocked(tx: Tx, locked: LockedTrade, event: TradeEvent, row?: TradeRowPatch) {
    const r = step(locked.state, event);
    if (r.refused) return { id: locked.id, trade: locked.state, refused: r.refused, intentIds: [] as number[] };
    const write = { state: r.trade, intents: r.intents, log: r.log, at: now(), ...(row ? { row } : {}) };
    const intentIds = await repo.saveStep(tx, locked, write);
    // The owner's screens read the trade (and the account's balances) again: after anything the log
    // tells, and after every broker answer (an order accepted holds buying power).
    if (r.log.length > 0 || event.type === 'order') {
      const payload: TradeEventPayload = {
        id: locked.id,
        status: r.trade.status,
        ...(r.trade.status === 'FAIL' && r.trade.failure ? { reason: r.trade.failure } : {}),
      };
      await live.publishUserEvent(locked.userId, { kind: TRADE_EVENT, payload }, tx);
    }
    if (event.type === 'order') {
      await tellOfAnswer(tx, locked, event, r.trade);
      // The Trade Monitor shows the broker's orders: each answer of the broker is a change there.
      const payload: BrokerOrderEventPayload = {
        account_id: locked.accountId,
        client_order_id: event.clientOrderId,
        order_id: null,
        status: event.status,
      };
      await live.publishUserEvent(locked.userId, { kind: BROKER_ORDER_EVENT, payload }, tx);
    }
    return { id: locked.id, trade: r.trade, refused: undefined, intentIds };
  }

  /**
   * Sending in this process right after the commit (the workers' processes turn it on): the
   * 'trading.send' job stays the fallback, and the intent's lease keeps the two from both sending.
   */
  let sendAtOnce = false;

  /** After the commit: each new intent gets its send job (and, when on, is sent at once). */
  async function queue(done: { id: number; trade: EngineTrade; refused?: string; intentIds: number[] }) {
    for (const id of done.intentIds) await jobs.send('trading.send', { intentId: id }, { key: `intent:${id}` });
    if (sendAtOnce) {
      for (const id of done.intentIds) {
        void sendIntent(id).catch((err: unknown) =>
          log.warn({ err, intentId: id }, 'trading: an immediate send failed'),
        );
      }
    }
    return done.refused === undefined
      ? { id: done.id, trade: done.trade }
      : { id: done.id, trade: done.trade, refused: done.refused };
  }

  /** One event for one trade; `row` (a trader's edit) is written with the step, unless the engine refused it. */
  async function apply(tradeId: number, event: TradeEvent, row?: TradeRowPatch): Promise<Applied> {
    const done = await withTransaction(async (tx) => {
      const locked = await repo.lock(tx, tradeId);
      if (!locked) throw new DomainError('NOT_FOUND', `Trade ${tradeId} does not exist`);
      return stepLocked(tx, locked, event, row);
    });
    return queue(done);
  }

  /**
   * A new trade: inserted with its draft state and, unless it stays a draft, submitted, in one
   * transaction (a trade is never left half made), with `made` (an Idempotency-Key's record of what
   * its request made) in the same transaction. Answers the trade with its id.
   */
  async function start(row: NewTradeRow, draft: EngineTrade, submit: boolean, made?: ResultRecorder): Promise<Applied> {
    const done = await withTransaction(async (tx) => {
      const locked = await repo.insert(tx, row, draft, now());
      await made?.(tx, locked.id);
      if (!submit) return { id: locked.id, trade: locked.state, refused: undefined, intentIds: [] as number[] };
      return stepLocked(tx, locked, { type: 'submit', at: now().getTime() });
    });
    return queue(done);
  }

  /** Records the broker's answer for one of our orders and feeds it to its trade. */
  async function answer(tradeId: number, clientOrderId: string, order: BrokerOrder): Promise<void> {
    await apply(tradeId, orderEvent(order, clientOrderId, now().getTime()));
    await recordWord(clientOrderId, order);
  }

  /**
   * The broker's last word on one of our orders, under the broker's id for it. A confirmed cancel
   * is asked about still until the end of that day's session (a fill may have raced it).
   */
  const recordWord = (clientOrderId: string, order: BrokerOrder) =>
    repo.recordOrder(undefined, clientOrderId, {
      brokerOrderId: order.id,
      brokerStatus: order.status,
      filledQty: order.filledQty,
      done: TERMINAL_AT_BROKER.has(order.status),
      watchUntil: order.status === 'canceled' ? lateFillWatchEnd() : null,
      at: now(),
    });

  /** The end of today's session in New York (20:00, after hours), and at least an hour from now. */
  function lateFillWatchEnd(): Date {
    const at = now();
    const close = cancelByInstant(`${deps.market.calendar.dateOf(at)} ${SESSION_END_NY}`);
    const hourLater = at.getTime() + 3_600_000;
    return new Date(Math.max(close?.getTime() ?? hourLater, hourLater));
  }

  async function send(
    broker: Broker,
    account: string,
    intent: Intent,
    reconcile: boolean,
  ): Promise<BrokerOrder | 'wait'> {
    if (intent.type === 'place') {
      // An earlier send may have reached the broker: never place blindly twice.
      const existing = reconcile ? await broker.findOrder(account, intent.clientOrderId) : null;
      if (existing) return existing;
      return broker.placeOrder({
        account,
        tag: intent.clientOrderId,
        symbol: intent.instrument.key,
        kind: intent.instrument.kind,
        ...(intent.instrument.legs ? { legs: intent.instrument.legs } : {}),
        multiplier: intent.instrument.multiplier,
        side: intent.side,
        type: intent.orderType,
        duration: 'gtc',
        qty: intent.qty,
        limitPrice: intent.limitPrice,
      });
    }
    const order = await repo.order(intent.clientOrderId);
    // The order itself is not at the broker yet: its placement goes first.
    if (!order?.brokerOrderId) return 'wait';
    return intent.type === 'cancel'
      ? broker.cancelOrder(account, order.brokerOrderId)
      : broker.modifyOrder(account, order.brokerOrderId, { limitPrice: intent.limitPrice });
  }

  async function sendIntent(intentId: number): Promise<void> {
    const claimed = await repo.claimIntent(intentId, now(), SEND_LEASE_MS);
    if (!claimed) return; // sent already, or being sent by another process
    const broker = deps.broker(claimed.broker);
    const intent = claimed.intent;
    // The lease is renewed while this send is alive (a broker's rate limiter may hold it longer
    // than the lease): only a sender that died lets it run out and be sent again.
    const renewing = setInterval(() => {
      void repo.renewIntentLease(intentId, claimed.attempts, now()).catch(() => undefined);
    }, SEND_LEASE_MS / 3);
    try {
      const result = await send(broker, claimed.accountId, intent, claimed.attempts > 1);
      if (result === 'wait') {
        await repo.markIntent(undefined, intentId, 'PENDING', 'Waiting for the order to be placed first');
        throw new DomainError('CONFLICT', `Intent ${intentId} waits for ${intent.clientOrderId} to be placed`);
      }
      await answer(claimed.tradeId, intent.clientOrderId, result);
      await repo.markIntent(undefined, intentId, 'SENT', null);
    } catch (err) {
      if (!isProviderError(err)) throw err;
      if (err.retryable) {
        await repo.markIntent(undefined, intentId, 'PENDING', err.message);
        throw err; // the job tries again; the next claim reconciles first
      }
      await repo.markIntent(undefined, intentId, 'FAILED', err.message);
      // The broker said no: the engine hears it (a refused cancel keeps the order working).
      const status = intent.type === 'place' ? 'rejected' : intent.type === 'cancel' ? 'cancel_rejected' : null;
      if (status) {
        const known = await repo.order(intent.clientOrderId);
        const event: OrderUpdate = {
          type: 'order',
          clientOrderId: intent.clientOrderId,
          status,
          filledQty: known?.brokerStatus?.split(':')[1] ?? '0',
          avgFillPrice: null,
          reason: err.message,
          at: now().getTime(),
        };
        await apply(claimed.tradeId, event);
      } else {
        log.warn({ intentId, err: err.message }, 'trading: the broker refused a change of price');
      }
    } finally {
      clearInterval(renewing);
    }
  }

  /** The broker's word on every open order of every account, fed to the trades it changed. */
  // When each account was last asked: the next poll asks for what changed since (this process's memory).
  const lastPoll = new Map<string, string>();
  // Accounts whose broker did not answer, told in the log once per kind of failure, not every poll.
  const failing = new Map<string, string>();
  function unanswered(key: string, err: unknown) {
    const kind = isProviderError(err) ? err.code : err instanceof Error ? err.message : String(err);
    if (failing.get(key) === kind) return;
    failing.set(key, kind);
    // A provider's failure is the broker's; anything else is ours, and logged as an error.
    if (isProviderError(err))
      log.warn({ account: key, code: err.code, err: err.message }, 'trading: the broker did not answer for an account');
    else log.error({ account: key, err }, 'trading: asking the broker for an account failed');
  }
  /** One account's orders since it was last asked: each changed word of one of our orders goes to its trade. */
  async function pollAccount(name: string, accountId: string): Promise<number> {
    const broker = deps.broker(name);
    const key = `${name}:${accountId}`;
    const asked = now().toISOString();
    let listed: BrokerOrder[];
    try {
      listed = await broker.orders(accountId, lastPoll.get(key) ?? null);
    } catch (err) {
      // One account the broker will not answer for (an expired authorization, an outage, a token
      // that cannot be opened) must not stop the others: it is asked again at the next poll, from
      // the same moment.
      unanswered(key, err);
      return 0;
    }
    const orders = listed.filter((o) => o.tag !== null);
    lastPoll.set(key, asked);
    failing.delete(key);
    let changed = 0;
    const ours = new Map((await repo.ordersByTag(orders.map((o) => o.tag!))).map((o) => [o.clientOrderId, o]));
    for (const o of orders) {
      const mine = ours.get(o.tag!);
      if (!mine) continue;
      if (mine.brokerStatus === brokerWord(o)) {
        // The same word from another order id: the order was replaced (Alpaca answers a change
        // with a new order). Later cancels and changes go to the new one.
        if (mine.brokerOrderId !== o.id) await recordWord(mine.clientOrderId, o);
        continue;
      }
      await answer(mine.tradeId, mine.clientOrderId, o);
      changed++;
    }
    return changed;
  }

  /**
   * Every minute: the accounts whose only orders of ours are confirmed cancels still watched (the
   * open ones are asked every poll), so a fill that raced a cancel is seen the same day.
   */
  async function pollWatched(): Promise<number> {
    const open = new Set((await repo.accountsWithOpenOrders()).map((a) => `${a.broker}:${a.accountId}`));
    let changed = 0;
    for (const { broker: name, accountId } of await repo.accountsWithWatchedCancels(now())) {
      if (open.has(`${name}:${accountId}`) || !deps.brokerNames.includes(name)) continue;
      changed += await pollAccount(name, accountId);
    }
    return changed;
  }

  async function pollOrders(): Promise<number> {
    let changed = 0;
    // A broker that fills by itself (paper) names the accounts whose orders fill now: only those are asked.
    // Its accounts whose orders placed by hand (an Exit) fill now are asked too: asking fills them.
    const due = new Map<string, Set<string>>();
    for (const name of deps.brokerNames) {
      const broker = deps.broker(name);
      if (!broker.accountsToPoll) continue;
      try {
        due.set(name, await broker.accountsToPoll());
        failing.delete(`${name}:*`);
      } catch (err) {
        // Its look over every order failed (no quotes): its accounts with our orders are asked one by one.
        unanswered(`${name}:*`, err);
      }
    }
    const accounts = await repo.accountsWithOpenOrders();
    const withOurOrders = new Set(accounts.map((a) => `${a.broker}:${a.accountId}`));
    for (const [name, ids] of due) {
      for (const accountId of ids) {
        if (!withOurOrders.has(`${name}:${accountId}`)) accounts.push({ broker: name, accountId });
      }
    }
    for (const { broker: name, accountId } of accounts) {
      if (due.get(name)?.has(accountId) === false) continue;
      changed += await pollAccount(name, accountId);
    }
    return changed;
  }

  /**
   * An account's positions at the broker against what its trades hold (each sync of the accounts):
   * where the broker holds more or less of an instrument than the trades know, the cancelled orders
   * of ours for it (buys and sells) are asked about again by their tag, and a fill that raced a cancel is taken in by the
   * documented rule (logged, and told in the inbox, by the step). A difference left over (shares
   * bought or sold outside DRAT, or still unexplained) is logged. Answers how many orders changed.
   */
  async function reconcileHoldings(name: string, accountId: string): Promise<number> {
    const broker = deps.broker(name);
    const positions = new Map<string, Dec>();
    for (const p of await broker.positions(accountId))
      positions.set(p.symbol, (positions.get(p.symbol) ?? dec(0)).plus(p.qty));
    const states = await repo.statesOnAccount(name, accountId, new Date(now().getTime() - RECONCILE_BACK_MS));
    const held = new Map<string, Dec>();
    const cancelled = new Map<string, string[]>();
    for (const s of states) {
      for (const o of s.orders) {
        if (o.instrument.kind !== 'equity') continue;
        const key = o.instrument.key;
        const signed = o.side === 'buy' ? dec(o.filledQty) : dec(o.filledQty).neg();
        held.set(key, (held.get(key) ?? dec(0)).plus(signed));
        if (o.status === 'CANCELLED') cancelled.set(key, [...(cancelled.get(key) ?? []), o.clientOrderId]);
      }
    }
    let changed = 0;
    for (const [symbol, tags] of cancelled) {
      // The broker holds more (a buy filled unseen) or less (a sell filled unseen) than the trades know.
      if ((positions.get(symbol) ?? dec(0)).eq(held.get(symbol) ?? dec(0))) continue;
      const ours = new Map((await repo.ordersByTag(tags)).map((o) => [o.clientOrderId, o]));
      for (const tag of tags) {
        const found = await broker.findOrder(accountId, tag);
        const mine = ours.get(tag);
        if (!found || !mine || mine.brokerStatus === brokerWord(found)) continue;
        await answer(mine.tradeId, tag, found);
        changed++;
      }
    }
    if (changed === 0) {
      for (const [symbol, qty] of held) {
        const atBroker = positions.get(symbol) ?? dec(0);
        if (!atBroker.eq(qty) && qty.gt(0)) {
          log.warn(
            { broker: name, account: accountId, symbol, atBroker: toText(atBroker), trades: toText(qty) },
            'trading: the broker holds another quantity than the trades on this account',
          );
        }
      }
    }
    return changed;
  }

  /** Quotes of the instruments the trades watch: equities in one call, options one by one, multilegs summed. */
  async function quotesFor(instruments: Map<string, EngineTrade['ranges'][number]['instrument']>) {
    const at = now().getTime();
    const out: Extract<TradeEvent, { type: 'quote' }>[] = [];
    const equities = [...instruments.values()].filter((i) => i.kind === 'equity').map((i) => i.key);
    for (const q of equities.length ? await deps.market.quotes(equities) : []) {
      out.push({
        type: 'quote',
        instrument: q.symbol,
        last: String(q.last),
        bid: String(q.bid),
        ask: String(q.ask),
        at,
      });
    }
    for (const i of instruments.values()) {
      if (i.kind === 'equity' || !i.legs) continue;
      const legs = await Promise.all(i.legs.map((l) => deps.market.optionQuote(l.symbol)));
      if (legs.some((l) => l === null)) continue;
      const sum = (f: 'bid' | 'ask' | 'last') =>
        toText(legs.reduce((s, l, n) => s.plus(dec(l![f]).times(i.legs![n]!.ratio)), dec(0)));
      out.push({ type: 'quote', instrument: i.key, last: sum('last'), bid: sum('bid'), ask: sum('ask'), at });
    }
    return out;
  }

  /** Indicator values by ticker and key, each computed at most once a minute across the watch passes. */
  const indicatorCache = new Map<string, { value: string | null; at: number }>();
  async function indicatorValue(ticker: string, key: string): Promise<string | null> {
    const at = now().getTime();
    const cached = indicatorCache.get(`${ticker}|${key}`);
    if (cached && at - cached.at < INDICATOR_TTL_MS) return cached.value;
    const parts = parseIndicatorKey(key);
    let value: string | null = null;
    if (parts && (INTERVALS as readonly string[]).includes(parts.interval)) {
      try {
        const r = await deps.technicals.technical({
          ticker,
          parameter: parts.parameter,
          timePeriod: parts.timePeriod,
          interval: parts.interval as StockTaQuery['interval'],
        });
        value = toText(dec(r.value));
      } catch (err) {
        // Too few bars, or the market did not answer: the condition waits (a value not known is false).
        log.debug({ err, ticker, key }, 'indicator value not available');
      }
    }
    // Values of rows that ended are never read again: the cache starts over rather than grow.
    if (indicatorCache.size >= INDICATOR_CACHE_MAX) indicatorCache.clear();
    indicatorCache.set(`${ticker}|${key}`, { value, at });
    return value;
  }

  /** The indicator values a trade's pending rows read, as events for those that changed. */
  async function indicatorEvents(trade: EngineTrade): Promise<TradeEvent[]> {
    const events: TradeEvent[] = [];
    for (const key of indicatorsWanted(trade)) {
      const value = await indicatorValue(trade.ticker, key);
      if (value !== null && trade.indicators[key] !== value) {
        events.push({ type: 'indicator', key, value, at: now().getTime() });
      }
    }
    return events;
  }

  /** One look at the market for a partition of the running trades: steps those a quote concerns. */
  async function watch(partition = 0, of = 1): Promise<number> {
    const running = await repo.runningTrades(partition, of);
    const book = createTradeBook();
    const instruments = new Map<string, EngineTrade['ranges'][number]['instrument']>();
    let stepped = 0;
    for (const { id, state } of running) {
      let trade = state;
      for (const e of await indicatorEvents(state)) {
        trade = (await apply(id, e)).trade;
        stepped++;
      }
      book.put(trade);
      for (const r of trade.ranges) if (!r.completed) instruments.set(r.instrument.key, r.instrument);
      for (const row of trade.conditions) {
        if (row.done) continue;
        for (const c of row.conditions) {
          if (c.kind === 'price' && !instruments.has(c.instrument)) instruments.set(c.instrument, equity(c.instrument));
        }
      }
    }
    if (book.size === 0) return stepped;
    for (const q of await quotesFor(instruments)) {
      for (const id of book.due([q])) {
        const { trade } = await apply(Number(id), q);
        book.put(trade);
        stepped++;
      }
    }
    return stepped;
  }

  async function tickDeadlines(): Promise<number> {
    const due = await repo.dueDeadlines(now());
    for (const id of due) await apply(id, { type: 'tick', at: now().getTime() });
    return due.length;
  }

  /**
   * Sends `ids` from here, each claimed first (so never twice, and reconciled by its tag when an
   * earlier send may have reached the broker). Not queued: a send job under the intent's key may
   * still be held, as active, by a process that ended, and the queue would ignore a new one.
   */
  async function sendHere(ids: number[]): Promise<void> {
    for (const id of ids) {
      await sendIntent(id).catch((err: unknown) => {
        // A broker that does not answer now: the intent stays PENDING for the next round.
        if (isProviderError(err) || err instanceof DomainError) return;
        log.error({ intentId: id, err }, 'trading: sending an intent again failed');
      });
    }
  }

  /**
   * Intents a process left when it ended (killed mid-send, or before sending what it made): sent
   * again within seconds of their lease running out (the first watcher asks every few seconds).
   */
  async function resendStranded(): Promise<number> {
    const at = now().getTime();
    const ids = await repo.strandedIntents(new Date(at - UNSENT_AFTER_MS), new Date(at - SEND_LEASE_MS), 500);
    if (ids.length === 0) return 0;
    log.warn({ intents: ids }, 'trading: sending again the intents a process left unsent when it ended');
    await sendHere(ids);
    return ids.length;
  }

  /** Every minute: the stranded intents, and every other still PENDING past its lease (a failed send waiting to be retried). */
  async function sweep(): Promise<number> {
    await pollWatched();
    const stranded = await resendStranded();
    const ids = await repo.pendingIntents(new Date(now().getTime() - SEND_LEASE_MS), 500);
    await sendHere(ids);
    return stranded + ids.length;
  }

  return {
    start,
    apply,
    sendIntent,
    resendStranded,
    pollOrders,
    pollWatched,
    reconcileHoldings,
    watch,
    tickDeadlines,
    sweep,
    /** Sends each new intent in this process as soon as its step is committed (the job stays the fallback). */
    sendIntentsAtOnce(on: boolean) {
      sendAtOnce = on;
    },
  };
}
export type TradeRunner = ReturnType<typeof createTradeRunner>;
