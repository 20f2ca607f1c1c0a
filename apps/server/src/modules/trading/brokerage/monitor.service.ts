/**
 * The Trade Monitor (2-trading §2.5, §4, §7): an account's balances (kept 3 minutes per account
 * unless one of its orders changed), its orders by tab, its positions, an order's modify and a
 * super user's Exit order, both sent as the runner's intents by hand (runner/by-hand.ts). The
 * account must be the actor's own, or any for a super user (connections' `reachable`).
 */
import {
  ACCOUNT_INFO_CACHE_SECONDS,
  BROKER_MSG,
  type AccountInfoResponse,
  type AllAccountsResponse,
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
import type { BrokerOrder } from '../../../providers/broker/interface';
import { providerFailure } from '../../../providers/provider-error';
import { atBroker, BROKER_WORDS, numOrNull, orderRow, priceText, tabOf } from './broker-order.dto';
import type { BrokerageRepo } from './brokerage.repo';
import type { Connections } from './connections.service';
import type { TradeRunner } from '../runner/runner.service';
import type { ByHandIntent } from '../runner/runner.repo';

export interface MonitorDeps {
  repo: BrokerageRepo;
  /** Orders by hand go to the broker as the runner's intents. */
  runner: Pick<TradeRunner, 'recordByHand' | 'sendIntent'>;
  connections: Pick<Connections, 'reachable'>;
  now: () => Date;
}

export function createMonitor(deps: MonitorDeps) {
  const { repo, connections, runner, now } = deps;
  const infoCache = new Map<string, { at: number; info: AccountInfoResponse }>();

  /**
   * Records an order by hand and sends it at once through the runner (its sender, lease and
   * reconciliation); answers the broker's order, or the outcome in the trader's words: another
   * order of the instrument unanswered (409), a refusal (400), an answer lost (503, looked for by
   * its tag at the next sweep).
   */
  async function sendByHand(
    who: Acting,
    account: { broker: string; accountId: string; userId: number },
    instrument: string,
    intent: ByHandIntent,
  ): Promise<BrokerOrder> {
    const id = await runner.recordByHand({
      broker: account.broker,
      accountId: account.accountId,
      userId: who.userId,
      instrument,
      intent,
    });
    if (id === undefined) {
      throw new DomainError('CONFLICT', BROKER_MSG.exitUnconfirmed(instrument), { retryable: false });
    }
    const outcome = await runner.sendIntent(id);
    infoCache.delete(account.accountId);
    if (outcome?.state === 'SENT') return outcome.order;
    if (outcome?.state === 'FAILED') {
      if (outcome.error) throw providerFailure(outcome.error, BROKER_WORDS);
      throw new DomainError('BAD_REQUEST', BROKER_MSG.brokerRefused(outcome.reason || 'no reason given'));
    }
    // The answer was lost: the order may have reached the broker (the sweep finds out), so not
    // "nothing changed".
    throw new DomainError('UNAVAILABLE', BROKER_MSG.outcomeUnknown, {
      retryable: false,
      ...(outcome?.state === 'PENDING' && outcome.error ? { cause: outcome.error } : {}),
    });
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

    /**
     * POST /livetrading/modify-live-order/: an open or pending order, not part of a multileg. The
     * change is an intent by hand (runner/by-hand.ts), recorded before it is sent.
     */
    async modifyOrder(who: Acting, body: ModifyLiveOrderBody): Promise<BrokerOrderReply> {
      const { row, broker } = await connections.reachable(who, body.account_id);
      const order = (await atBroker(() => broker.allOrders(body.account_id))).find((o) => o.id === body.order_id);
      if (!order) throw new DomainError('NOT_FOUND', BROKER_MSG.orderNotFound);
      if (!orderRow(order).modifiable)
        throw new DomainError('CONFLICT', BROKER_MSG.notModifiable, { retryable: false });
      const instrument = order.detail?.optionSymbol ?? order.symbol;
      const change = {
        type: body.order_type,
        duration: body.duration,
        limitPrice: priceText(body.price),
        stopPrice: priceText(body.stop),
      };
      const outcome = await sendByHand(who, row, instrument, {
        type: 'change',
        clientOrderId: order.tag ?? `order-${order.id}`,
        orderId: order.id,
        change,
      });
      return { message: BROKER_MSG.orderModified, data: orderRow(outcome) };
    },

    /**
     * POST /livetrading/place-tradier-order/ (super users: a position's Exit). The order is an
     * intent by hand, recorded with its tag before it is sent; a refusal is kept with its reason.
     * One order by hand of an instrument is unanswered at a time: another waits until the broker
     * has answered the first (so a double click or a lost answer never sends the same Exit twice).
     */
    async placeOrder(who: Acting, body: PlaceBrokerOrderBody): Promise<BrokerOrderReply> {
      const { row } = await connections.reachable(who, body.account_id);
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
      const instrument = body.option_symbol ?? body.symbol;
      const placed = await sendByHand(who, row, instrument, { type: 'exit', clientOrderId: tag, request });
      return { message: BROKER_MSG.orderPlaced, data: orderRow(placed) };
    },
  };
}
export type Monitor = ReturnType<typeof createMonitor>;
