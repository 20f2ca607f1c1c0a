/**
 * The trade runner (issue 13, docs/trading-rules.md): it feeds the engine its events and carries
 * every order to the broker: the engine's intents, and the orders made by hand (by-hand.ts).
 * Other areas never call it: they go through the trading area's one entry (trades/smart-trades.ts).
 *
 * - `apply(tradeId, event)` (steps.ts): one engine step in one transaction: the trade row is
 *   locked (one step at a time per trade, across server processes), and the new state, the
 *   intents (an outbox), the orders they name and the log are written together. After the commit
 *   each intent is sent at once where the workers run, and gets a 'trading.send' job keyed by its
 *   id meanwhile (the fallback).
 * - `sendIntent(id)` (sender.ts): claims the intent (a lease: a second sender leaves it alone), sends it, and
 *   feeds the broker's answer back as an order event. An intent whose earlier send never got an
 *   answer (a crash, a timeout) is reconciled first: the broker is asked for the order by its
 *   client order id, and only if it has none is the order placed. A refusal is recorded and fed to
 *   the engine as 'rejected'; a failure that may pass leaves the intent for the next try.
 * - `resendStranded()` (the first watcher, every 5 s) and `sweep()` (every minute): intents a
 *   process left unsent when it ended (its lease run out, or never begun) are sent from here, never
 *   queued again under the same key, which the queue ignores while the dead job is held active.
 * - `pollOrders()` (poller.ts): the broker's word on every open order becomes order events (fills, cancels);
 *   in the watch loop, an account at a broker that does not fill by itself is asked every 2 s, or
 *   at once after one of our orders on it changed (its rate allowance is the trader's); at a broker
 *   that pushes its orders' changes (Alpaca's and Tradier's streams), while the stream is up, at
 *   once when it tells (up to 3 asks, then one a second), 2 s after one of our orders changed, and
 *   otherwise every 30 s.
 * - `watch(partition, of)` (watcher.ts): quotes for the instruments of the partition's running trades
 *   (held in memory between passes, read again when their row's version changed); the trade book
 *   steps only the trades a quote concerns. `tickDeadlines()`: cancel-if-not-filled.
 */
import type { Logger } from 'pino';
import type { WithTransaction } from '../../../db/transaction';
import type { JobQueue } from '../../../jobs/queue';
import type { Broker } from '../../../providers/broker/interface';
import type { MarketDataProvider } from '../../../providers/market/interface';
import type { LiveService } from '../../live';
import type { NotificationsService } from '../../notifications';
import { createPoller } from './poller';
import type { RunnerRepo } from './runner.repo';
import { createSender, SEND_LEASE_MS } from './sender';
import { createSteps } from './steps';
import { createWatcher, type Technicals } from './watcher';

export { orderEvent, type Applied } from './steps';
export type { Technicals } from './watcher';

/** A watcher looks at the market this often. */
const WATCH_EVERY_MS = 1_000;
/** The first watcher asks the brokers for fills this often (the paper broker's look over every account is a few index probes). */
const POLL_EVERY_MS = 200;
/** A broker's stream that tells ends the poll's wait, but no pass starts sooner than this after the last ended. */
const TOLD_WAKE_MS = 20;
/** The first watcher looks for intents a process left unsent this often. */
const STRANDED_EVERY_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** The runner: its steps (steps.ts), sender (sender.ts), poller (poller.ts) and watcher (watcher.ts). */
export function createTradeRunner(deps: RunnerDeps) {
  const steps = createSteps(deps);
  const { sendIntent, sendHere, resendStranded, recordByHand, settleByHand } = createSender(deps, steps);
  const { pollOrders, pollWatched, reconcileHoldings, closeStreams, waitForTell } = createPoller(deps, steps);
  const { watch, tickDeadlines } = createWatcher(deps, steps);

  /** Every minute: the stranded intents, and every other still PENDING past its lease (a failed send waiting to be retried). */
  async function sweep(): Promise<number> {
    await pollWatched();
    await settleByHand();
    const stranded = await resendStranded();
    const ids = await deps.repo.pendingIntents(new Date(deps.now().getTime() - SEND_LEASE_MS), 500);
    await sendHere(ids);
    return stranded + ids.length;
  }

  /**
   * One watcher's minute (the 'trading.watch' job) until `until` (epoch ms) or `stopped`: its
   * partition's quotes every second; the first watcher also the brokers' open orders every 200 ms
   * (an account at a broker that does not fill by itself every 2 s, or at once after one of our
   * orders on it changed, or when its broker's stream tells, then every 30 s: pollOrders), the
   * cancel-if-not-filled deadlines, and every 5 s the
   * intents a process left unsent. The brokers' orders are asked in a loop of their own, beside
   * the quotes' (a watch pass of many trades does not hold a fill back), whose wait a broker's
   * stream ends when it tells. A fixed pace: the time a pass took counts toward the wait.
   */
  async function follow(partition: number, of: number, until: number, stopped: () => boolean): Promise<void> {
    const first = partition === 0;
    // A pass that throws ends both loops: the job fails, and pg-boss starts it again.
    const failure: { err?: unknown; failed: boolean } = { failed: false };
    const every = async (ms: number, pass: () => Promise<unknown>, wait = sleep) => {
      while (!stopped() && !failure.failed && Date.now() < until) {
        const at = Date.now();
        try {
          await pass();
        } catch (err) {
          if (!failure.failed) Object.assign(failure, { err, failed: true });
          return;
        }
        await wait(Math.max(0, at + ms - Date.now()));
      }
    };
    let nextStranded = 0;
    await Promise.all([
      every(WATCH_EVERY_MS, async () => {
        await watch(partition, of);
        if (!first) return;
        await tickDeadlines();
        if (Date.now() >= nextStranded) {
          nextStranded = Date.now() + STRANDED_EVERY_MS;
          await resendStranded();
        }
      }),
      // A broker's stream that tells ends the poll's wait (no sooner than TOLD_WAKE_MS after a pass).
      first
        ? every(
            POLL_EVERY_MS,
            () => pollOrders(true),
            async (ms) => {
              await sleep(Math.min(ms, TOLD_WAKE_MS));
              if (ms > TOLD_WAKE_MS) await waitForTell(ms - TOLD_WAKE_MS);
            },
          )
        : undefined,
    ]);
    if (failure.failed) throw failure.err;
  }

  return {
    start: steps.start,
    apply: steps.apply,
    sendIntent,
    resendStranded,
    recordByHand,
    settleByHand,
    pollOrders,
    pollWatched,
    reconcileHoldings,
    watch,
    tickDeadlines,
    follow,
    sweep,
    /** Closes the brokers' streams the poller opened (the process ends). */
    close: closeStreams,
    /** Sends each new intent in this process as soon as its step is committed (the job stays the fallback). */
    sendIntentsAtOnce(on: boolean) {
      steps.sendAtOnce(on ? sendIntent : null);
    },
  };
}
export type TradeRunner = ReturnType<typeof createTradeRunner>;
