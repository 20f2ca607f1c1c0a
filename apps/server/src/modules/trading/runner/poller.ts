/**
 * The runner's poller (runner.service.ts): the broker's word on every open order of ours becomes
 * order events (fills, cancels); confirmed cancels are asked about till the session ends; an
 * account's positions are compared with what its trades hold at each sync of the accounts. When
 * to ask an account whose broker streams its orders' changes is the streams' word (order-streams.ts).
 */
import { dec, toText, type Dec } from '@drat/engine';
import type { BrokerOrder } from '../../../providers/broker/interface';
import { isProviderError } from '../../../providers/provider-error';
import type { RunnerDeps } from './runner.service';
import { createOrderStreams, TOLD_GAP_MS } from './order-streams';
import { brokerWord, type Steps } from './steps';

/** How much the brokers' clocks may be behind ours: each ask lists what changed since this long before the last one. */
const CLOCK_SLACK_MS = 60_000;
/** How far back a sync looks at finished trades for fills that raced their cancels. */
const RECONCILE_BACK_MS = 3 * 86_400_000;
/**
 * The watch loop asks a broker that does not fill by itself (Tradier, Alpaca) for an account's
 * orders at most this often, unless one of our orders on the account changed since its last ask
 * was answered (an order just sent or changed by hand, which may fill at once; a change made while
 * an ask is under way waits for the next 2 s), or its broker's stream told of a change
 * (STREAMED_POLL_MS). Each poll is a request (two at Alpaca) against the
 * trader's own allowance (Alpaca 200 a minute for a key, Tradier 120 for a token): asked at the
 * loop's 200 ms, the poll alone would take it all, and everything else DRAT asks for the trader
 * (placements at Alpaca, balances, positions, the Trade Monitor) would queue behind it. A trader's
 * accounts at one broker share the pace (one Tradier token reaches all of a trader's accounts):
 * with open orders on n of them, each is asked every n × 2 s.
 */
export const REMOTE_POLL_MS = 2_000;
/**
 * An account whose broker's stream is up (Alpaca's trade updates, Tradier's account events) is
 * asked when the stream tells of a change of its orders (or starts: what changed while it was down
 * is not told), at the next loop: up to TOLD_BURST asks at once, then one every TOLD_GAP_MS (n ×
 * for n accounts: a burst of partial fills is an ask a second), and the ask after one the stream
 * caused comes at the 2 s pace anyway (the broker's answer may lag its stream). While it is up, a
 * change of one of our orders (sent, changed by hand) is asked about 2 s after the last ask, not
 * at once: a fill would be told, and the ask confirms it.
 * Otherwise it is asked this often (n × for a trader's n accounts), for an update a stream lost;
 * an account whose last ask failed, or whose stream is down, keeps the 2 s pace.
 */
export const STREAMED_POLL_MS = 30_000;

export function createPoller(deps: RunnerDeps, { answer, recordWord }: Pick<Steps, 'answer' | 'recordWord'>) {
  const { repo, now, log } = deps;

  /** The broker's word on every open order of every account, fed to the trades it changed. */
  // What each account's next ask asks for changes since (this process's memory): a minute before
  // its last ask began, set once that ask's answers were all taken in.
  const lastPoll = new Map<string, string>();
  // When each account was last asked (answered or not), or its answers were taken in: the watch loop's pace (pollOrders).
  const lastAsked = new Map<string, number>();
  // Accounts whose broker did not answer, told in the log once per kind of failure, not every poll.
  const failing = new Map<string, string>();
  // The brokers' streams of the accounts the watch loop asks at a pace (order-streams.ts).
  const streams = createOrderStreams(deps);

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
    // Asked for what changed since a minute before the last ask: the broker's clock may be behind
    // ours, and an order it closed in that gap would never be listed again. What did not change is
    // passed over below.
    const asked = new Date(now().getTime() - CLOCK_SLACK_MS).toISOString();
    lastAsked.set(key, now().getTime());
    // What the stream tells from here on may not be in this answer: it is asked about again. (A
    // failed ask is tried again at the 2 s pace; one whose answers could not be taken in, when
    // the stream had told, at the next loop again.)
    const wasTold = streams.takeTold(key);
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
    failing.delete(key);
    let changed = 0;
    try {
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
    } catch (err) {
      if (wasTold) streams.tellAgain(key);
      throw err;
    }
    // The next ask asks for what changed since this one, once its answers are all taken in (should
    // one fail, the next ask lists them again).
    lastPoll.set(key, asked);
    // Asked as of now: what the answers changed here is not a change to ask about again.
    lastAsked.set(key, now().getTime());
    return changed;
  }

  /**
   * Every minute: the accounts whose only orders of ours are confirmed cancels still watched (the
   * open ones are asked by the watch loop's polls), so a fill that raced a cancel is seen the same day.
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

  /**
   * The brokers' word on every open order of ours. `paced` (the watch loop): an account at a broker
   * that does not fill by itself is asked only when REMOTE_POLL_MS have passed since it was last
   * asked, or one of our orders on it changed since; while its broker's stream is up, when the
   * stream tells, and otherwise at STREAMED_POLL_MS (REMOTE_POLL_MS after one of our orders changed).
   */
  async function pollOrders(paced = false): Promise<number> {
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
    // The other brokers' accounts with open orders of ours are asked every poll (in the watch loop,
    // at a broker that does not fill by itself, at its pace); a broker that named its accounts due
    // is not asked for the rest (one whose look failed is asked for all of them, unpaced).
    const at = now().getTime();
    const open = await repo.accountsWithOpenOrders(deps.brokerNames.filter((name) => !due.has(name)));
    const ofTrader = new Map<string, number>();
    for (const a of open) ofTrader.set(`${a.broker}:${a.userId}`, (ofTrader.get(`${a.broker}:${a.userId}`) ?? 0) + 1);
    const accounts: { broker: string; accountId: string }[] = [];
    for (const a of open) {
      const key = `${a.broker}:${a.accountId}`;
      const askedAt = lastAsked.get(key) ?? -Infinity;
      const remote = !deps.broker(a.broker).accountsToPoll;
      const stream = paced && remote ? streams.streamOf(a.broker, a.accountId, key) : undefined;
      // One of our orders changed since (sent, or changed by hand): with a stream up, a fill would
      // be told, and it is asked 2 s after the last ask, to confirm; without one, at once.
      const oursChanged = a.changedAt.getTime() >= askedAt;
      const streamed = stream?.live && !failing.has(key) && !streams.settling(key) && !oursChanged;
      // The trader's accounts at this broker with open orders share its allowance.
      const n = ofTrader.get(`${a.broker}:${a.userId}`)!;
      const pace = (streamed ? STREAMED_POLL_MS : REMOTE_POLL_MS) * n;
      const byStream = streams.told(key) && streams.mayAsk(key, at, TOLD_GAP_MS * n);
      if (!paced || !remote || at - askedAt >= pace || (oursChanged && !stream?.live) || byStream) {
        accounts.push(a);
        streams.asked(key, byStream);
      }
    }
    for (const [name, ids] of due) for (const accountId of ids) accounts.push({ broker: name, accountId });
    for (const { broker: name, accountId } of accounts) changed += await pollAccount(name, accountId);
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

  return { pollOrders, pollWatched, reconcileHoldings, closeStreams: streams.close, waitForTell: streams.waitForTell };
}
