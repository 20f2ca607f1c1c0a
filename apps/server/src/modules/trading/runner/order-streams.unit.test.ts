import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Broker } from '../../../providers/broker/interface';
import { createOrderStreams, STREAM_IDLE_MS, TOLD_BURST } from './order-streams';

/** A broker with a stream per account: the test tells on an account's stream and counts closes. */
function streamingBroker() {
  const opened: string[] = [];
  const closed: string[] = [];
  const tellers = new Map<string, () => void>();
  const broker = {
    watchOrders(account: string, onChange: () => void) {
      opened.push(account);
      tellers.set(account, onChange);
      return { live: true, close: () => void closed.push(account) };
    },
  } as unknown as Broker;
  const tell = (account: string) => tellers.get(account)!();
  return { broker, opened, closed, tell };
}

describe('the brokers’ order streams the poller listens to', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a stream no watch loop wanted for 15 s is closed, and opened again when it is wanted', () => {
    const { broker, opened, closed } = streamingBroker();
    const streams = createOrderStreams({ broker: () => broker });
    streams.streamOf('fake', 'ACC-A', 'fake:ACC-A');
    streams.streamOf('fake', 'ACC-B', 'fake:ACC-B');
    // A is still wanted (its account has open orders); B is not.
    vi.advanceTimersByTime(STREAM_IDLE_MS / 2);
    expect(streams.streamOf('fake', 'ACC-A', 'fake:ACC-A')).toBeDefined();
    vi.advanceTimersByTime(STREAM_IDLE_MS / 2);
    expect(closed).toEqual(['ACC-B']);
    // A was wanted half the idle time ago: kept, until it has been idle for all of it.
    vi.advanceTimersByTime(STREAM_IDLE_MS / 3);
    expect(closed).toEqual(['ACC-B']);
    vi.advanceTimersByTime(STREAM_IDLE_MS / 3);
    expect(closed).toEqual(['ACC-B', 'ACC-A']);
    // Nothing left to look at: the timer is gone too.
    expect(vi.getTimerCount()).toBe(0);
    // Wanted again: a new stream.
    streams.streamOf('fake', 'ACC-B', 'fake:ACC-B');
    expect(opened).toEqual(['ACC-A', 'ACC-B', 'ACC-B']);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('a closed stream forgets what it told: the account is not asked for a tell from before', () => {
    const { broker, tell } = streamingBroker();
    const streams = createOrderStreams({ broker: () => broker });
    streams.streamOf('fake', 'ACC-A', 'fake:ACC-A');
    tell('ACC-A');
    expect(streams.told('fake:ACC-A')).toBe(true);
    vi.advanceTimersByTime(STREAM_IDLE_MS + STREAM_IDLE_MS / 3);
    expect(streams.told('fake:ACC-A')).toBe(false);
  });

  it('when the process ends every stream is closed and none is opened after', () => {
    const { broker, opened, closed } = streamingBroker();
    const streams = createOrderStreams({ broker: () => broker });
    streams.streamOf('fake', 'ACC-A', 'fake:ACC-A');
    streams.streamOf('fake', 'ACC-B', 'fake:ACC-B');
    streams.close();
    expect(closed).toEqual(['ACC-A', 'ACC-B']);
    expect(streams.streamOf('fake', 'ACC-C', 'fake:ACC-C')).toBeUndefined();
    expect(opened).toEqual(['ACC-A', 'ACC-B']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a broker without a stream (paper) has none', () => {
    const streams = createOrderStreams({ broker: () => ({}) as Broker });
    expect(streams.streamOf('paper', 'ACC-A', 'paper:ACC-A')).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a tell ends the poll’s sleep at once; a tell while no one sleeps ends the next sleep at once', async () => {
    const { broker, tell } = streamingBroker();
    const streams = createOrderStreams({ broker: () => broker });
    streams.streamOf('fake', 'ACC-A', 'fake:ACC-A');
    let woke = false;
    const sleeping = streams.waitForTell(2_000).then(() => (woke = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(woke).toBe(false);
    tell('ACC-A');
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toBe(true);
    await sleeping;
    // Told and taken by an ask; told again while the loop was awake: the next sleep does not wait.
    expect(streams.takeTold('fake:ACC-A')).toBe(true);
    tell('ACC-A');
    let next = false;
    const after = streams.waitForTell(2_000).then(() => (next = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toBe(true);
    await after;
    // More tells before the next ask do not wake anyone: one ask takes them all.
    tell('ACC-A');
    let third = false;
    const quiet = streams.waitForTell(2_000).then(() => (third = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(third).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await quiet;
    expect(third).toBe(true);
  });

  it('a stream causes three asks at once, then one per gap', () => {
    const streams = createOrderStreams({ broker: () => ({}) as Broker });
    const key = 'fake:ACC-A';
    const asks = (at: number) => streams.mayAsk(key, at, 1_000);
    for (let i = 0; i < TOLD_BURST; i++) expect(asks(0)).toBe(true);
    expect(asks(0)).toBe(false);
    expect(asks(900)).toBe(false);
    expect(asks(1_000)).toBe(true);
    expect(asks(1_000)).toBe(false);
    // A quiet while refills the burst, never beyond it.
    for (let i = 0; i < TOLD_BURST; i++) expect(asks(60_000)).toBe(true);
    expect(asks(60_000)).toBe(false);
  });
});
