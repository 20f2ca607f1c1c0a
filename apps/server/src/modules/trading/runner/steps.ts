/**
 * The runner's steps (runner.service.ts): one engine step per event, on the trade row locked in one
 * transaction with its new state, intents, orders and log; the trader told of a broker's answer;
 * each new intent queued after the commit (and sent at once where the workers run).
 */
import {
  BROKER_ORDER_EVENT,
  cancelByInstant,
  TRADE_EVENT,
  TRADE_MSG,
  type BrokerOrderEventPayload,
  type TradeEventPayload,
} from '@drat/contracts';
import { dec, step, toText, type EngineTrade, type OrderUpdate, type TradeEvent } from '@drat/engine';
import { declaredRetryable, DomainError } from '../../../core/errors';
import type { Tx } from '../../../db/transaction';
import type { BrokerOrder } from '../../../providers/broker/interface';
import type { ResultRecorder } from '../../idempotency';
import type { LockedTrade, NewTradeRow, TradeRowPatch } from './runner.repo';
import type { RunnerDeps } from './runner.service';

/** When the day's trading ends in New York (after hours): a confirmed cancel is watched for late fills till then. */
const SESSION_END_NY = '20:00:00';

export interface Applied {
  id: number;
  trade: EngineTrade;
  /** The trade row's version after this step (unchanged when the engine refused the event). */
  version: number;
  refused?: string;
}

/** A step done in its transaction, with the intents it made (queued after the commit). */
type Stepped = Applied & { intentIds: number[] };

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
/** The broker's word on an order as it is kept (status and filled quantity): a change is a new word. */
export const brokerWord = (o: BrokerOrder) => `${o.status}:${toText(dec(o.filledQty))}`;

export function createSteps(deps: RunnerDeps) {
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
  async function stepLocked(tx: Tx, locked: LockedTrade, event: TradeEvent, row?: TradeRowPatch): Promise<Stepped> {
    const r = step(locked.state, event);
    if (r.refused) {
      return { id: locked.id, trade: locked.state, version: locked.version, refused: r.refused, intentIds: [] };
    }
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
    return { id: locked.id, trade: r.trade, version: locked.version + 1, intentIds };
  }

  /**
   * Sending in this process right after the commit (the workers' processes turn it on, through the
   * runner's sendIntentsAtOnce): the 'trading.send' job stays the fallback, and the intent's lease
   * keeps the two from both sending.
   */
  let sendNow: ((intentId: number) => Promise<unknown>) | null = null;

  /**
   * After the commit: each new intent is sent at once when that is on, and gets its send job, all
   * in one statement, meanwhile (an intent sent before its job runs is left alone by the job; one
   * whose process ended before either is sent by the first watcher's look for stranded intents).
   */
  async function queue(done: Stepped): Promise<Applied> {
    const sender = sendNow;
    if (sender) {
      for (const id of done.intentIds) {
        void sender(id).catch((err: unknown) =>
          // A failure that says it may pass later (the broker away, a cancel waiting for its order
          // to be placed) is the job's to send later, as designed; any other (an unknown one too,
          // which jobs also retry) is a warning.
          declaredRetryable(err) === true
            ? log.info({ err, intentId: id }, 'trading: an immediate send was put off; its job sends it')
            : log.warn({ err, intentId: id }, 'trading: an immediate send failed'),
        );
      }
    }
    await jobs.sendMany(
      'trading.send',
      done.intentIds.map((id) => ({ data: { intentId: id }, key: `intent:${id}` })),
    );
    const { intentIds: _queued, ...applied } = done;
    return applied;
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
   * A new trade: inserted with its draft state and, with `submit`, submitted (`by` in its log: who
   * acted, when not the trader), in one transaction (a trade is never left half made), with `made`
   * (what records it: a request's Idempotency-Key, a bot's alert) in the same transaction. Answers
   * the trade with its id.
   */
  async function start(
    row: NewTradeRow,
    draft: EngineTrade,
    how: { submit: boolean; by?: string | undefined; made?: ResultRecorder | undefined },
  ): Promise<Applied> {
    const done = await withTransaction(async (tx) => {
      const locked = await repo.insert(tx, row, draft, now());
      await how.made?.(tx, locked.id);
      if (!how.submit) {
        return { id: locked.id, trade: locked.state, version: locked.version, intentIds: [] };
      }
      return stepLocked(tx, locked, { type: 'submit', at: now().getTime(), ...(how.by ? { by: how.by } : {}) });
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

  return {
    apply,
    start,
    answer,
    recordWord,
    /** Sends each new intent with `sender` as soon as its step is committed (null: the job alone). */
    sendAtOnce(sender: ((intentId: number) => Promise<unknown>) | null) {
      sendNow = sender;
    },
  };
}
export type Steps = ReturnType<typeof createSteps>;
