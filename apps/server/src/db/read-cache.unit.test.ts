import { describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL, createChangeFeed, createReadCache, type ChangeSource } from './read-cache';

/** A LISTEN connection played by hand: `send` delivers a NOTIFY payload, `resync` a reconnect. */
function fakeSource() {
  const handlers: ((payload: string) => void)[] = [];
  const resyncs: (() => void)[] = [];
  const source: ChangeSource & { connected: boolean } = {
    connected: true,
    on(channel, handler) {
      expect(channel).toBe(CHANGES_CHANNEL);
      handlers.push(handler);
    },
    onResync: (handler) => resyncs.push(handler),
  };
  return {
    source,
    send: (payload: string) => handlers.forEach((h) => h(payload)),
    resync: () => resyncs.forEach((h) => h()),
  };
}

function setup(options: { enabled?: boolean; ttlMs?: number; maxEntries?: number } = {}) {
  const fake = fakeSource();
  const feed = createChangeFeed(fake.source, options.enabled ?? true);
  let clock = 1_000_000;
  const cache = createReadCache<string>({
    feed,
    topics: ['alerts', 'catalogue'],
    ttlMs: options.ttlMs ?? 3000,
    maxEntries: options.maxEntries ?? 100,
    now: () => new Date(clock),
  });
  let loads = 0;
  const read = (key: string, value = `${key}#${loads + 1}`) =>
    cache.read(key, async () => {
      loads += 1;
      return value;
    });
  return {
    ...fake,
    feed,
    cache,
    read,
    loads: () => loads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('read cache', () => {
  it('loads a key once and serves it from memory until its time to live ends', async () => {
    const c = setup({ ttlMs: 3000 });
    expect(await c.read('a')).toBe('a#1');
    c.advance(2999);
    expect(await c.read('a')).toBe('a#1');
    expect(c.loads()).toBe(1);
    c.advance(1);
    expect(await c.read('a')).toBe('a#2');
  });

  it('forgets one key on `topic:key` and every key on `topic`, for each of its topics', async () => {
    const c = setup();
    await c.read('1');
    await c.read('2');
    c.send('alerts:1');
    expect([await c.read('1'), await c.read('2')]).toEqual(['1#3', '2#2']);
    c.send('catalogue');
    expect([await c.read('1'), await c.read('2')]).toEqual(['1#4', '2#5']);
  });

  it('ignores topics it does not follow', async () => {
    const c = setup();
    await c.read('1');
    c.send('trackers:1');
    c.send('subscriptions');
    expect(await c.read('1')).toBe('1#1');
  });

  it('forgets everything on a reconnect (changes may have been missed)', async () => {
    const c = setup();
    await c.read('1');
    c.resync();
    expect(await c.read('1')).toBe('1#2');
  });

  it('reads the database every time while the feed is not heard, and when turned off', async () => {
    const down = setup();
    down.source.connected = false;
    await down.read('1');
    await down.read('1');
    expect(down.loads()).toBe(2);

    expect(setup({ enabled: false }).feed.live).toBe(false);
    for (const off of [setup({ enabled: false }), setup({ ttlMs: 0 })]) {
      await off.read('1');
      await off.read('1');
      expect(off.loads()).toBe(2);
    }
  });

  it('shares one load between concurrent readers of a key', async () => {
    const c = setup();
    const [a, b] = await Promise.all([c.read('1'), c.read('1')]);
    expect([a, b]).toEqual(['1#1', '1#1']);
    expect(c.loads()).toBe(1);
  });

  it('does not keep a value whose load began before a change was heard', async () => {
    const c = setup();
    let finish!: (value: string) => void;
    const slow = c.cache.read('1', () => new Promise<string>((resolve) => (finish = resolve)));
    c.send('alerts:1'); // the row changed while the old value was on its way
    finish('stale');
    expect(await slow).toBe('stale'); // the reader who asked before the change gets it…
    expect(await c.read('1')).toBe('1#1'); // …but it is not served to anyone after
  });

  it('does not share a load begun before a change with readers after it', async () => {
    const c = setup();
    let finish!: (value: string) => void;
    const slow = c.cache.read('1', () => new Promise<string>((resolve) => (finish = resolve)));
    c.send('alerts');
    const after = c.read('1', 'fresh');
    finish('stale');
    expect([await slow, await after]).toEqual(['stale', 'fresh']);
  });

  it('does not keep a failed load', async () => {
    const c = setup();
    await expect(c.cache.read('1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await c.read('1')).toBe('1#1');
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const c = setup({ maxEntries: 2 });
    await c.read('1');
    await c.read('2');
    await c.read('3');
    expect(await c.read('2')).toBe('2#2');
    expect(await c.read('3')).toBe('3#3');
    expect(await c.read('1')).toBe('1#4');
  });

  it('forget() drops a key at once, without the feed', async () => {
    const c = setup();
    await c.read('1');
    c.cache.forget('1');
    expect(await c.read('1')).toBe('1#2');
  });
});
