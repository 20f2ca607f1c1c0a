import { describe, expect, it } from 'vitest';
import { BOT_DEFAULTS, botBody } from '@drat/contracts';
import type { CacheDeps, ChangeFeed } from '../../db/read-cache';
import { createActiveBots } from './active-bots';
import type { BotRow } from './bots.repo';

/**
 * The matcher's copy of the active bots (active-bots.ts) with its feed and repository faked: a
 * change names its bots and only they are read again; a change too big to name, or to the alert
 * types, reads every type again; a change heard during a whole read is read again after it.
 */
const DAY = '2026-11-27';
const SWING = 3;
const DAY_TRADE = 4;

function row(id: number, over: Partial<BotRow> & { risk?: number } = {}): BotRow {
  const { risk = 10, ...rest } = over;
  const settings = botBody.parse({
    ...BOT_DEFAULTS,
    bot_name: `Bot ${id}`,
    account_id: 'DEMO',
    trade_category: 'SWING-ALERTS',
    alerts_from_date: DAY,
    alerts_to_date: DAY,
    risk_at_most: risk,
  });
  return {
    id,
    userId: 1,
    name: `Bot ${id}`,
    alertTypeId: SWING,
    typeName: 'SWING-ALERTS',
    category: 'Stocks',
    mode: 'DEMO',
    accountId: 'DEMO',
    active: true,
    archived: false,
    alertsFrom: DAY,
    alertsTo: DAY,
    settings,
    createdAt: new Date('2026-11-27T12:00:00Z'),
    version: '1',
    ownerEmail: 'a@drat.local',
    ownerName: 'A',
    ...rest,
  };
}

function setup() {
  const handlers = new Map<string, ((key: string | undefined) => void)[]>();
  const feed: ChangeFeed = {
    live: true,
    on: (topic, handler) => void handlers.set(topic, [...(handlers.get(topic) ?? []), handler]),
  };
  const hear = (topic: string, key?: string) => handlers.get(topic)?.forEach((h) => h(key));
  const db = new Map<number, BotRow>([1, 2, 3].map((id) => [id, row(id)]));
  const reads = { whole: 0, byIds: [] as number[][] };
  let hold: Promise<void> | null = null;
  const repo = {
    activeOfType: async (typeId: number) => {
      reads.whole += 1;
      const rows = [...db.values()].filter((b) => b.active && b.alertTypeId === typeId);
      if (hold) await hold;
      return rows;
    },
    byIds: async (ids: number[]) => {
      reads.byIds.push([...ids].sort());
      return ids.flatMap((id) => (db.has(id) ? [db.get(id)!] : []));
    },
  };
  const caches: CacheDeps = { feed, ttlMs: 3000, now: () => new Date('2026-11-27T15:00:00Z') };
  const active = createActiveBots(repo, caches);
  const ids = async (typeId = SWING) => (await active.of(typeId, DAY)).map((s) => s.bots.map((b) => b.id));
  return { db, reads, hear, active, ids, holdWhole: (p: Promise<void> | null) => (hold = p) };
}

describe('the active bots kept in memory', () => {
  it('bots-alike-are-one-set-and-a-changed-bot-is-read-again-alone', async () => {
    const { db, reads, hear, ids } = setup();
    expect(await ids()).toEqual([[1, 2, 3]]);
    expect(await ids()).toEqual([[1, 2, 3]]);
    expect(reads.whole).toBe(1);

    // Another process lowers bot 2's risk: the feed names it, and it alone is read again.
    db.set(2, row(2, { risk: 5 }));
    hear('bots', '2');
    expect(await ids()).toEqual([[1, 3], [2]]);
    expect(reads).toEqual({ whole: 1, byIds: [[2]] });
  });

  it('sets-given-to-an-alert-being-matched-are-never-changed-by-a-later-change', async () => {
    const { db, hear, active } = setup();
    const given = await active.of(SWING, DAY);
    db.set(3, { ...db.get(3)!, active: false });
    db.set(4, row(4));
    hear('bots', '3');
    hear('bots', '4');
    const next = await active.of(SWING, DAY);
    expect(given.map((set) => set.bots.map((b) => b.id))).toEqual([[1, 2, 3]]);
    expect(next.map((set) => set.bots.map((b) => b.id))).toEqual([[1, 2, 4]]);
  });

  it('a-bot-stopped-deleted-or-moved-leaves-its-types-copy-and-a-new-one-joins', async () => {
    const { db, reads, hear, ids } = setup();
    db.set(4, row(4, { alertTypeId: DAY_TRADE, typeName: 'DAY-TRADE-ALERTS' }));
    expect(await ids()).toEqual([[1, 2, 3]]);
    expect(await ids(DAY_TRADE)).toHaveLength(1);

    db.set(1, { ...db.get(1)!, active: false });
    db.delete(2);
    db.set(3, { ...db.get(3)!, alertTypeId: DAY_TRADE, typeName: 'DAY-TRADE-ALERTS' });
    db.set(5, row(5));
    for (const id of ['1', '2', '3', '5']) hear('bots', id);
    expect(await ids()).toEqual([[5]]);
    expect((await ids(DAY_TRADE)).flat().sort()).toEqual([3, 4]);
    expect(reads.whole).toBe(2);
    expect(reads.byIds).toEqual([[1, 2, 3, 5]]);
  });

  it('a-change-heard-during-a-whole-read-is-read-again-after-it', async () => {
    const { db, reads, hear, ids, holdWhole } = setup();
    db.set(4, row(4, { alertTypeId: DAY_TRADE, typeName: 'DAY-TRADE-ALERTS' }));
    await ids(); // SWING-ALERTS kept
    let release: () => void = () => {};
    holdWhole(new Promise<void>((resolve) => (release = resolve)));
    const dayTrades = ids(DAY_TRADE);
    // The whole read of DAY-TRADE-ALERTS has its rows (bot 4 as it was); bot 4 stops meanwhile, and
    // a SWING-ALERTS alert reads the change before the whole read is kept.
    await new Promise((resolve) => setImmediate(resolve));
    db.set(4, { ...db.get(4)!, active: false });
    hear('bots', '4');
    holdWhole(null);
    expect(await ids()).toEqual([[1, 2, 3]]);
    release();
    await dayTrades;
    expect(await ids(DAY_TRADE)).toEqual([]);
    expect(reads.byIds).toEqual([[4], [4]]);
  });

  it('a-change-too-big-to-name-or-to-the-alert-types-reads-every-type-again', async () => {
    const { reads, hear, ids } = setup();
    await ids();
    hear('bots');
    await ids();
    hear('catalogue');
    await ids();
    expect(reads.whole).toBe(3);
    expect(reads.byIds).toEqual([]);
  });
});
