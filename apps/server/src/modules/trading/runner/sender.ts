/**
 * The runner's sender (runner.service.ts): each intent claimed (a lease: a second sender leaves it
 * alone), sent, and the broker's answer fed back as an order event. An intent whose earlier send
 * never got an answer is reconciled first by its client order id; a refusal is fed to the engine;
 * a failure that may pass leaves the intent PENDING for the next try. What a process left unsent
 * when it ended is sent again from here (`resendStranded`), never queued again under its key.
 */
import type { Intent, OrderUpdate } from '@drat/engine';
import { DomainError } from '../../../core/errors';
import type { Broker, BrokerOrder } from '../../../providers/broker/interface';
import { isProviderError } from '../../../providers/provider-error';
import type { ByHandIntent } from './runner.repo';
import { createOrdersByHand, type ByHandOutcome } from './by-hand';
import { mayHaveArrived } from './send.rules';
import type { RunnerDeps } from './runner.service';
import type { Steps } from './steps';

/** How long a claimed intent is left to its sender before another may reconcile it. */
export const SEND_LEASE_MS = 30_000;

const BY_HAND = new Set(['exit', 'change']);
/** A smart trade's intent (the engine's), not an order by hand. */
const isTradeIntent = (i: Intent | ByHandIntent): i is Intent => !BY_HAND.has(i.type);
/** An intent its process has not begun to send by then was left by a process that ended (it sends at once). */
const UNSENT_AFTER_MS = 5_000;

export function createSender(deps: RunnerDeps, { apply, answer }: Pick<Steps, 'apply' | 'answer'>) {
  const { repo, now, log } = deps;
  const byHand = createOrdersByHand(deps);

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

  /**
   * Claims an intent and sends it. A smart trade's: the broker's answer goes to the trade; a failure
   * that may pass is thrown (the job tries again). An order by hand's: answers what became of it
   * (by-hand.ts). Undefined when it was sent already, or is being sent by another process.
   */
  async function sendIntent(intentId: number): Promise<ByHandOutcome | undefined> {
    const claimed = await repo.claimIntent(intentId, now(), SEND_LEASE_MS);
    if (!claimed) return undefined;
    const broker = deps.broker(claimed.broker);
    const { intent, tradeId } = claimed;
    // The lease is renewed while this send is alive (a broker's rate limiter may hold it longer
    // than the lease): only a sender that died lets it run out and be sent again.
    const renewing = setInterval(() => {
      void repo.renewIntentLease(intentId, claimed.attempts, now()).catch(() => undefined);
    }, SEND_LEASE_MS / 3);
    try {
      if (tradeId === null || !isTradeIntent(intent)) {
        return await byHand.send({ ...claimed, intent: intent as ByHandIntent }, broker);
      }
      const result = await send(broker, claimed.accountId, intent, claimed.attempts > 1);
      if (result === 'wait') {
        await repo.markIntent(undefined, intentId, 'PENDING', 'Waiting for the order to be placed first');
        throw new DomainError('CONFLICT', `Intent ${intentId} waits for ${intent.clientOrderId} to be placed`);
      }
      await answer(tradeId, intent.clientOrderId, result);
      await repo.markIntent(undefined, intentId, 'SENT', null);
    } catch (err) {
      if (!isProviderError(err) || tradeId === null) throw err;
      if (mayHaveArrived(err)) {
        await repo.markIntent(undefined, intentId, 'PENDING', err.message);
        throw err; // tried again (the job, else the minute's sweep); the next claim reconciles first
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
        await apply(tradeId, event);
      } else {
        log.warn({ intentId, err: err.message }, 'trading: the broker refused a change of price');
      }
    } finally {
      clearInterval(renewing);
    }
    return undefined;
  }

  /**
   * Sends `ids` from here, each claimed first (so never twice, and reconciled by its tag when an
   * earlier send may have reached the broker). Not queued: a send job under the intent's key may
   * still be held, as active, by a process that ended, and the queue would ignore a new one.
   */
  async function sendHere(ids: number[]): Promise<(ByHandOutcome | undefined)[]> {
    const outcomes: (ByHandOutcome | undefined)[] = [];
    for (const id of ids) {
      const outcome = await sendIntent(id).catch((err: unknown) => {
        // A broker that does not answer now: the intent stays PENDING for the next round.
        if (!(isProviderError(err) || err instanceof DomainError)) {
          log.error({ intentId: id, err }, 'trading: sending an intent again failed');
        }
        return undefined;
      });
      outcomes.push(outcome);
    }
    return outcomes;
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

  return {
    sendIntent,
    sendHere,
    resendStranded,
    /** Records an order by hand before it is sent (undefined: another of its account and instrument is unanswered). */
    recordByHand: byHand.record,
    /** Orders by hand whose answer was lost, looked for by their tag (the minute's sweep). */
    settleByHand: () => byHand.settle(sendHere),
  };
}
