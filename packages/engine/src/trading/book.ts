/**
 * Which trades a quote concerns (docs/trading-rules.md): the runner holds every active trade and
 * receives quotes by the thousand; stepping each trade on each quote of its instrument would be
 * wasteful, since most quotes change nothing. The book indexes trades by instrument and by the
 * prices at which a quote would matter:
 * - `down`: the highest of the stop loss and the trailing stop (a bid at or under it exits);
 * - `up`: the lowest price above which a quote matters (a new peak moves the trail; a target
 *   reached while its buy still works).
 * Trades with pending price conditions are stepped on every quote of their instruments; a trade
 * selling out (stop, trail, cancel) on none. Levels are numbers here (an index, not money): a level is rounded outward so a
 * borderline quote is stepped rather than missed, and `step` decides exactly.
 */
import { isLive } from './orders';
import { heldOf } from './plan';
import type { EngineTrade } from './types';

export interface Watch {
  tradeId: string;
  instrument: string;
  /** Step on a bid at or below this. */
  down: number;
  /** Step on a bid at or above this. */
  up: number;
}

const RUNNING = new Set(['PENDING', 'OPEN']);

/** The prices at which each instrument's quote matters to the trade (none when it is not running). */
export function watchesOf(t: EngineTrade): Watch[] {
  // A trade selling out waits for its orders' answers: quotes change nothing for it.
  if (!RUNNING.has(t.status) || t.exitReason !== null) return [];
  const always = t.conditions.some((r) => !r.done && r.conditions.some((c) => c.kind === 'price'));
  const byInstrument = new Map<string, Watch>();
  for (const r of t.ranges) {
    if (r.completed) continue;
    const key = r.instrument.key;
    const w = byInstrument.get(key) ?? { tradeId: t.id, instrument: key, down: -Infinity, up: Infinity };
    byInstrument.set(key, w);
    if (always) {
      w.down = Infinity;
      continue;
    }
    if (t.stopLoss !== null) w.down = Math.max(w.down, Number(t.stopLoss) * (1 + 1e-9));
    const held = heldOf(r).gt(0);
    const trail = t.trail[key];
    if (held && t.trailing) {
      if (trail?.stop) w.down = Math.max(w.down, Number(trail.stop) * (1 + 1e-9));
      // Any bid above the peak moves it (and a first quote sets it).
      w.up = Math.min(w.up, trail?.peak ? Number(trail.peak) * (1 + 1e-12) : -Infinity);
    }
    const buyWorking = t.orders.some((o) => o.rangeId === r.id && o.purpose === 'BUY' && isLive(o));
    if (held && buyWorking && !r.targetReached) w.up = Math.min(w.up, Number(r.targetPrice) * (1 - 1e-9));
  }
  // A price condition may watch another instrument (an options trade's underlying ticker).
  for (const row of always ? t.conditions : []) {
    if (row.done) continue;
    for (const c of row.conditions) {
      if (c.kind !== 'price' || byInstrument.has(c.instrument)) continue;
      byInstrument.set(c.instrument, { tradeId: t.id, instrument: c.instrument, down: Infinity, up: Infinity });
    }
  }
  return [...byInstrument.values()];
}

/**
 * One instrument's watches, each side in order of its level, so that a quote reads only the
 * watches it crosses and stops at the first it does not: `downs` from the highest `down` (a bid at
 * or under it is due), `ups` from the lowest `up`. A watch with no level on a side (-Infinity down,
 * Infinity up, or NaN, which no bid crosses) is not on that side. Equal levels are ordered by trade
 * id, so a watch is found, put and taken by binary search alone.
 */
interface Ladder {
  downs: Watch[];
  ups: Watch[];
}

/** The rank that orders each side, ascending: the highest down first, the lowest up first. */
const downRank = (w: Watch) => -w.down;
const upRank = (w: Watch) => w.up;

/** Where `w` is, or goes, in `list` (ascending by `rank`, then by trade id). */
function place(list: readonly Watch[], w: Watch, rank: (w: Watch) => number): number {
  const r = rank(w);
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = list[mid]!;
    const rm = rank(m);
    if (rm < r || (rm === r && m.tradeId < w.tradeId)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insert(list: Watch[], w: Watch, rank: (w: Watch) => number): void {
  list.splice(place(list, w, rank), 0, w);
}

function take(list: Watch[], w: Watch, rank: (w: Watch) => number): void {
  const at = place(list, w, rank);
  if (list[at] === w) list.splice(at, 1);
}

/** The book of active trades' watches, by instrument, each side ordered by its level. */
export function createTradeBook() {
  const byInstrument = new Map<string, Ladder>();
  const byTrade = new Map<string, Watch[]>();

  function remove(tradeId: string): void {
    for (const w of byTrade.get(tradeId) ?? []) {
      const ladder = byInstrument.get(w.instrument);
      if (!ladder) continue;
      // NaN is on neither side, as no bid compares with it.
      if (w.down > -Infinity) take(ladder.downs, w, downRank);
      if (w.up < Infinity) take(ladder.ups, w, upRank);
      if (ladder.downs.length === 0 && ladder.ups.length === 0) byInstrument.delete(w.instrument);
    }
    byTrade.delete(tradeId);
  }

  return {
    /** Records (or replaces) a trade's watches after it was stepped or loaded. */
    put(trade: EngineTrade): void {
      remove(trade.id);
      const watches = watchesOf(trade);
      if (watches.length === 0) return;
      byTrade.set(trade.id, watches);
      for (const w of watches) {
        if (!(w.down > -Infinity) && !(w.up < Infinity)) continue; // no level: never due
        let ladder = byInstrument.get(w.instrument);
        if (!ladder) byInstrument.set(w.instrument, (ladder = { downs: [], ups: [] }));
        if (w.down > -Infinity) insert(ladder.downs, w, downRank);
        if (w.up < Infinity) insert(ladder.ups, w, upRank);
      }
    },
    remove,
    /** The trades a batch of quotes concerns, each once. */
    due(quotes: readonly { instrument: string; bid: string | number }[]): Set<string> {
      const out = new Set<string>();
      for (const q of quotes) {
        const ladder = byInstrument.get(q.instrument);
        if (!ladder) continue;
        const bid = typeof q.bid === 'number' ? q.bid : Number(q.bid);
        // Not a price (NaN, ±Infinity): no trade's level is crossed by it.
        if (!Number.isFinite(bid)) continue;
        const { downs, ups } = ladder;
        for (let i = 0; i < downs.length && bid <= downs[i]!.down; i++) out.add(downs[i]!.tradeId);
        for (let i = 0; i < ups.length && bid >= ups[i]!.up; i++) out.add(ups[i]!.tradeId);
      }
      return out;
    },
    get size(): number {
      return byTrade.size;
    },
  };
}
export type TradeBook = ReturnType<typeof createTradeBook>;
