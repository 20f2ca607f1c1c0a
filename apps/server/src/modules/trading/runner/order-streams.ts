/**
 * The brokers' streams of order changes the poller (poller.ts) listens to: Alpaca's trade updates,
 * Tradier's account events. One stream per account the watch loop asks at a pace; what each has
 * told since its account's last ask; how many asks a stream may cause at once; the poll loop's
 * sleep, which a stream that tells ends; and streams no one wanted for a while, closed.
 */
import type { OrderWatch } from '../../../providers/broker/interface';
import type { RunnerDeps } from './runner.service';

/** The burst of asks a stream may cause, and the gap after it (poller.ts, STREAMED_POLL_MS, says when). */
export const TOLD_GAP_MS = 1_000;
export const TOLD_BURST = 3;
/**
 * A stream no watch loop wanted for this long is closed (no open order left, or the first watcher
 * runs on another process now), looked at every third of it. Real time, not the runner's clock.
 */
export const STREAM_IDLE_MS = 15_000;

export type OrderStreams = ReturnType<typeof createOrderStreams>;

/** Accounts are named by key, `broker:accountId`. */
export function createOrderStreams(deps: Pick<RunnerDeps, 'broker'>) {
  // Each stream, and when a watch loop last wanted it.
  const streams = new Map<string, { watch: OrderWatch; wanted: number }>();
  // Accounts whose stream told of a change since their last ask began: asked at the next loop.
  const told = new Set<string>();
  // Accounts whose last ask the stream caused: the next one comes at the 2 s pace.
  const settling = new Set<string>();
  // The asks each account's stream may still cause at once (a bucket of TOLD_BURST, one more every gap).
  const toldAsks = new Map<string, { left: number; at: number }>();
  // The process ends: no stream is opened any more.
  let closing = false;
  // The poll loop's sleep, ended early when a stream tells (waitForTell); a tell while no one slept
  // ends the next sleep at once.
  let wake: (() => void) | null = null;
  let toldWhileAwake = false;
  let idleCheck: NodeJS.Timeout | null = null;

  /** The account's stream (opened the first time), at a broker that has one; marks it wanted now. */
  function streamOf(name: string, accountId: string, key: string): OrderWatch | undefined {
    const broker = deps.broker(name);
    if (!broker.watchOrders || closing) return undefined;
    let s = streams.get(key);
    if (!s) {
      s = {
        watch: broker.watchOrders(accountId, () => {
          // The first word since the account's last ask wakes the loop; more only wait for it.
          if (told.has(key)) return;
          told.add(key);
          if (wake) wake();
          else toldWhileAwake = true;
        }),
        wanted: 0,
      };
      streams.set(key, s);
      // Checked on a timer: when the watch loop moves to another process, nothing here asks anymore.
      idleCheck ??= setInterval(closeIdle, STREAM_IDLE_MS / 3).unref();
    }
    s.wanted = Date.now();
    return s.watch;
  }
  function closeStream(key: string) {
    streams.get(key)?.watch.close();
    streams.delete(key);
    told.delete(key);
    settling.delete(key);
    toldAsks.delete(key);
  }
  function closeIdle() {
    const at = Date.now();
    for (const [key, s] of streams) if (at - s.wanted >= STREAM_IDLE_MS) closeStream(key);
    if (streams.size === 0 && idleCheck) {
      clearInterval(idleCheck);
      idleCheck = null;
    }
  }

  return {
    streamOf,
    /** The account's stream told of a change since its last ask began. */
    told: (key: string) => told.has(key),
    /** An ask of the account begins: what was told is taken (answers whether anything was). */
    takeTold: (key: string) => told.delete(key),
    /** The ask's answers could not be taken in: what was told is asked about again at the next loop. */
    tellAgain: (key: string) => void told.add(key),
    /** The account's last ask the stream caused (the next comes at the 2 s pace). */
    settling: (key: string) => settling.has(key),
    /** The account is asked now, because its stream told (`byStream`) or at its pace. */
    asked(key: string, byStream: boolean) {
      if (byStream) settling.add(key);
      else settling.delete(key);
    },
    /** Whether the account's stream may cause an ask now (its bucket, refilled one every `gap` ms), taking it if so. */
    mayAsk(key: string, at: number, gap: number): boolean {
      const bucket = toldAsks.get(key) ?? { left: TOLD_BURST, at };
      bucket.left = Math.min(TOLD_BURST, bucket.left + (at - bucket.at) / gap);
      bucket.at = at;
      toldAsks.set(key, bucket);
      if (bucket.left < 1) return false;
      bucket.left -= 1;
      return true;
    },
    /** Sleeps `ms`, or less when a stream tells meanwhile (the watch loop's poll; one sleeper at a time). */
    waitForTell(ms: number): Promise<void> {
      if (toldWhileAwake) {
        toldWhileAwake = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          if (wake === done) wake = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        wake = done;
      });
    },
    /** Every stream closed (the process ends); none is opened after. */
    close() {
      closing = true;
      for (const key of [...streams.keys()]) closeStream(key);
      closeIdle();
    },
  };
}
