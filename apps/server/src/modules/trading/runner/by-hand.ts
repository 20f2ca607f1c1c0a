/**
 * Orders by hand through the runner (docs/architecture.md, "An order"): a position's Exit and the
 * Trade Monitor's Modify are intents like a smart trade's, recorded before they are sent, claimed
 * atomically per account and instrument (one unanswered at a time), sent by the sender under the
 * same lease, and reconciled by their tag. An Exit is sent once: when its answer was lost it is
 * looked for at the broker by its tag, never placed again (found: SENT; not found after
 * LOST_ANSWER_MS: FAILED, it never arrived; still unanswered after LOOKUP_HORIZON_MS: UNKNOWN). A
 * Modify is tried once, never sent again (a sender that died leaves it FAILED, its outcome
 * unconfirmed); the trader sees the outcome in the Trade Monitor and may try again. The slot per
 * account and instrument holds while an order is unanswered: once the broker has answered, the
 * next Exit is a new decision (and the broker refuses shares already held for another sell).
 */
import { BROKER_MSG, BROKER_ORDER_EVENT, type BrokerOrderEventPayload } from '@drat/contracts';
import type { ByHandIntent } from './runner.repo';
import type { Broker, BrokerOrder, ManualOrder, OrderChange } from '../../../providers/broker/interface';
import { isProviderError, type ProviderError } from '../../../providers/provider-error';
import { mayHaveArrived } from './send.rules';
import type { RunnerDeps } from './runner.service';

/** An Exit still unanswered after this long, and not found at the broker, never reached it. */
const LOST_ANSWER_MS = 2 * 60_000;
/** How far back a broker's order list is trusted to show an order (Tradier lists the day's). */
const LOOKUP_HORIZON_MS = 12 * 3_600_000;

/** What became of an order by hand. */
export type ByHandOutcome =
  | { state: 'SENT'; order: BrokerOrder }
  /** The broker refused it: `refused` with its reason in its answer, or `error` when it answered with a failure. */
  | { state: 'FAILED'; reason: string; error?: ProviderError }
  /** Its answer was lost (a timeout, an outage): looked for by its tag at the next sweep. */
  | { state: 'PENDING'; error?: ProviderError }
  /** Still unanswered past what the broker's order list reaches back: the trader checks at the broker. */
  | { state: 'UNKNOWN' };

/** An intent by hand as claimed: its row and its account. */
export interface ClaimedByHand {
  id: number;
  intent: ByHandIntent;
  attempts: number;
  createdAt: Date;
  broker: string;
  accountId: string;
}

export function createOrdersByHand(deps: RunnerDeps) {
  const { repo, now } = deps;

  /** The account's holder hears that one of its orders changed (their Trade Monitor reads it again). */
  async function tell(accountId: string, order: BrokerOrder): Promise<void> {
    const owner = await repo.accountOwner(accountId);
    if (owner === undefined) return;
    const payload: BrokerOrderEventPayload = {
      account_id: accountId,
      client_order_id: order.tag,
      order_id: order.id,
      status: order.status,
    };
    await deps.live.publishUserEvent(owner, { kind: BROKER_ORDER_EVENT, payload });
  }

  async function sent(c: ClaimedByHand, order: BrokerOrder): Promise<ByHandOutcome> {
    await repo.settleByHand(c.id, { state: 'SENT', brokerOrderId: order.id });
    // A smart trade's order changed by hand: the watch loop asks its account at once (a limit
    // moved to the market fills now), and one that came back under a new id (Alpaca replaces an
    // order) is the one the trade's later cancels and changes go to.
    if (c.intent.type === 'change' && order.tag) {
      await repo.touchTradeOrder(order.tag, c.broker, now(), order.id !== c.intent.orderId ? order.id : null);
    }
    await tell(c.accountId, order);
    return { state: 'SENT', order };
  }

  async function failed(c: ClaimedByHand, reason: string, extra: { brokerOrderId?: string; error?: ProviderError }) {
    await repo.settleByHand(c.id, { state: 'FAILED', brokerOrderId: extra.brokerOrderId ?? null, error: reason });
    return { state: 'FAILED' as const, reason, ...(extra.error ? { error: extra.error } : {}) };
  }

  /** Sends a claimed intent by hand (the sender's claim and lease are held); never throws a provider's failure. */
  async function send(c: ClaimedByHand, broker: Broker): Promise<ByHandOutcome> {
    const intent = c.intent;
    const age = now().getTime() - c.createdAt.getTime();
    // A Modify whose sender died (claimed before): tried once, its outcome unknown, never sent again.
    if (intent.type === 'change' && c.attempts > 1) return failed(c, BROKER_MSG.unconfirmed, {});
    try {
      if (intent.type === 'change') {
        return await sent(c, await broker.modifyOrder(c.accountId, intent.orderId, intent.change as OrderChange));
      }
      if (c.attempts > 1) {
        // An earlier send's answer was lost: the broker is asked, the order never placed again.
        const found = await broker.findOrder(c.accountId, intent.clientOrderId);
        if (found) return await sent(c, found);
        // Past what the broker's list reaches back it cannot be told either way.
        if (age >= LOOKUP_HORIZON_MS) {
          await repo.settleByHand(c.id, { state: 'UNKNOWN', error: BROKER_MSG.unconfirmed });
          return { state: 'UNKNOWN' };
        }
        // The broker's list may not show an order at once: it is asked again at the next sweep.
        if (age < LOST_ANSWER_MS) {
          await repo.markIntent(undefined, c.id, 'PENDING', null);
          return { state: 'PENDING' };
        }
        return await failed(c, BROKER_MSG.neverReached, {});
      }
      const placed = await broker.placeManualOrder(intent.request as unknown as ManualOrder);
      // The broker took the order and refused it at once (the simulated brokerage does so).
      if (placed.status === 'rejected') return await failed(c, placed.reason ?? '', { brokerOrderId: placed.id });
      return await sent(c, placed);
    } catch (err) {
      if (!isProviderError(err)) throw err;
      // An Exit's answer lost on the way, or an answer that is not what the broker documents (it
      // may have taken the order): it may have arrived, so it is looked for, never sent again.
      if (intent.type === 'exit' && mayHaveArrived(err)) {
        await repo.markIntent(undefined, c.id, 'PENDING', err.message);
        return { state: 'PENDING', error: err };
      }
      return failed(c, err.message, { error: err });
    }
  }

  return {
    send,

    /** Records an order by hand (undefined: another of the account's instrument is unanswered). */
    record: (o: { broker: string; accountId: string; userId: number; instrument: string; intent: ByHandIntent }) =>
      repo.recordByHand({ ...o, at: now() }),

    /**
     * Every minute: orders by hand whose answer was lost are looked for by their tag (the sender,
     * `sendHere`), those past what the broker's list reaches back marked UNKNOWN. Answers how many
     * were settled.
     */
    async settle(sendHere: (ids: number[]) => Promise<(ByHandOutcome | undefined)[]>): Promise<number> {
      const at = now().getTime();
      const given = await repo.giveUpByHand(new Date(at - LOOKUP_HORIZON_MS), BROKER_MSG.unconfirmed);
      const ids = await repo.byHandUnanswered(new Date(at - LOST_ANSWER_MS), new Date(at - LOOKUP_HORIZON_MS), 100);
      const outcomes = await sendHere(ids);
      return given + outcomes.filter((o) => o !== undefined && o.state !== 'PENDING').length;
    },
  };
}
