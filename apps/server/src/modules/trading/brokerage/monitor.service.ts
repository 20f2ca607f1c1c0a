/**
 * The Trade Monitor (2-trading §2.5, §4, §7): an account's balances (kept 3 minutes per account
 * unless one of its orders changed), its orders by tab, its positions, an order's modify and a
 * super user's Exit order, and the sweep that settles orders by hand whose answer was lost. The
 * account must be the actor's own, or any for a super user (connections' `reachable`).
 */
import {
  ACCOUNT_INFO_CACHE_SECONDS,
  BROKER_ORDER_EVENT,
  BROKER_MSG,
  type AccountInfoResponse,
  type AllAccountsResponse,
  type BrokerOrderEventPayload,
  type BrokerOrderReply,
  type ModifyLiveOrderBody,
  type PlaceBrokerOrderBody,
  type PositionsResponse,
  type TradeListResponse,
} from '@drat/contracts';
import { dec, parseOcc, toNumber } from '@drat/engine';
import type { Acting } from '../../../core/actor';
import { DomainError } from '../../../core/errors';
import { randomToken } from '../../../core/secrets';
import type { Broker, BrokerOrder } from '../../../providers/broker/interface';
import { isProviderError, providerFailure } from '../../../providers/provider-error';
import type { LiveService } from '../../live';
import { atBroker, BROKER_WORDS, numOrNull, orderRow, priceText, tabOf } from './broker-order.dto';
import type { BrokerageRepo } from './brokerage.repo';
import type { Connections } from './connections.service';

export interface MonitorDeps {
  repo: BrokerageRepo;
  connections: Pick<Connections, 'reachable'>;
  brokers: Record<string, Broker>;
  /** Tells the account's owner (their Trade Monitor) that an order changed. */
  live: Pick<LiveService, 'publishUserEvent'>;
  now: () => Date;
}

/** An order placed by hand still SENDING after this long lost its answer: the sweep looks for it. */
const LOST_ANSWER_MS = 2 * 60_000;
/** How far back a broker's order list is trusted to show an order (Tradier lists the day's). */
const LOOKUP_HORIZON_MS = 12 * 3_600_000;

export function createMonitor(deps: MonitorDeps) {
  const { repo, connections, brokers, now } = deps;
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

  return {
    /** Balances read before a connection changed are forgotten. */
    forgetBalances: () => infoCache.clear(),

    /** POST /livetrading/account-info/: balances, asked of the broker at most every 3 minutes per account. */
    async accountInfo(who: Acting, accountId: string): Promise<AccountInfoResponse> {
      const { row, broker } = await connections.reachable(who, accountId);
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
          available_funds: b.accountType === 'CASH' ? null : numOrNull(b.availableFunds),
          as_of: new Date(at).toISOString(),
        },
      };
      if (infoCache.size > 10_000) infoCache.clear();
      infoCache.set(accountId, { at, info });
      return info;
    },

    /** GET /livetrading/all-account-id-list/ (super users). */
    async allAccounts(): Promise<AllAccountsResponse> {
      const rows = await repo.allAccounts();
      return { data: { accounts: rows.map((r) => ({ account_id: r.accountId, email: r.email, broker: r.broker })) } };
    },

    /** POST /livetrading/trade-list/: the account's orders, by Trade Monitor tab. */
    async tradeList(who: Acting, accountId: string): Promise<TradeListResponse> {
      const { broker } = await connections.reachable(who, accountId);
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
    async positions(who: Acting, accountId: string): Promise<PositionsResponse> {
      const { broker } = await connections.reachable(who, accountId);
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
    async modifyOrder(who: Acting, body: ModifyLiveOrderBody): Promise<BrokerOrderReply> {
      const { row, broker } = await connections.reachable(who, body.account_id);
      const order = (await atBroker(() => broker.allOrders(body.account_id))).find((o) => o.id === body.order_id);
      if (!order) throw new DomainError('NOT_FOUND', BROKER_MSG.orderNotFound);
      if (!orderRow(order).modifiable)
        throw new DomainError('CONFLICT', BROKER_MSG.notModifiable, { retryable: false });
      const changed = await atBroker(() =>
        broker.modifyOrder(body.account_id, body.order_id, {
          type: body.order_type,
          duration: body.duration,
          limitPrice: priceText(body.price),
          stopPrice: priceText(body.stop),
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
    async placeOrder(who: Acting, body: PlaceBrokerOrderBody): Promise<BrokerOrderReply> {
      const { row, broker } = await connections.reachable(who, body.account_id);
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
        limitPrice: priceText(body.price),
        stopPrice: priceText(body.stop),
      };
      const id = await repo.addManualOrder({
        userId: who.userId,
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
        throw providerFailure(err, BROKER_WORDS);
      }
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
  };
}
export type Monitor = ReturnType<typeof createMonitor>;
