import { count, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { dioneHistory, dioneTrackers, profiles, subscriptions, tradeIdeasHistory } from '../src/db/schema/index';
import type { MarketDataProvider } from '../src/providers/market/interface';
import { createSimMarket } from '../src/providers/market/sim/index';
import { ProviderError } from '../src/providers/provider-error';

/** Helpers of the tools API tests (not a test file itself). */

/** A Wednesday, 10:30 in New York: simulated time stands still, so bars and quotes do not move. */
export const FROZEN = Date.parse('2026-03-04T15:30:00Z');

export interface SteerableMarket extends MarketDataProvider {
  /** Forces the last price of `ticker` (undefined: back to the simulation). */
  setPrice(ticker: string, price: number | undefined): void;
  /** While set, every bars and quotes call fails as a market-data outage would. */
  setDown(down: boolean): void;
  /** How many bars calls reached the simulation. */
  barsCalls(): number;
  /** Keeps only the last `sessions` bars of `ticker`, as for a recent listing (undefined: all). */
  setHistory(ticker: string, sessions: number | undefined): void;
}

/** The frozen simulated market, with prices a test can set and an outage it can switch on. */
export function steerableMarket(seed = 'tools-test'): SteerableMarket {
  const sim = createSimMarket({ seed, speed: 1, alwaysOpen: false, wallClock: () => FROZEN });
  const prices = new Map<string, number>();
  const history = new Map<string, number>();
  let down = false;
  let calls = 0;
  const outage = () =>
    new ProviderError('tradier', 'UPSTREAM', 'simulated outage', {
      path: '/markets/history',
      attempts: 3,
      status: 502,
    });
  return {
    ...sim,
    async quotes(symbols) {
      if (down) throw outage();
      const quotes = await sim.quotes(symbols);
      return quotes.map((q) => {
        const p = prices.get(q.symbol);
        return p === undefined ? q : { ...q, last: p, bid: p, ask: p };
      });
    },
    async bars(symbol, interval, from, to) {
      if (down) throw outage();
      calls += 1;
      const bars = await sim.bars(symbol, interval, from, to);
      const keep = history.get(symbol);
      return keep === undefined ? bars : bars.slice(-keep);
    },
    setPrice(ticker, price) {
      if (price === undefined) prices.delete(ticker);
      else prices.set(ticker, price);
    },
    setDown(value) {
      down = value;
    },
    barsCalls: () => calls,
    setHistory(ticker, sessions) {
      if (sessions === undefined) history.delete(ticker);
      else history.set(ticker, sessions);
    },
  };
}

/** Ends every subscription of the user a day before `now`: their session lives on, their plans do not. */
export async function expireSubscriptions(db: Db, userId: number, now: Date = new Date()): Promise<void> {
  await db
    .update(subscriptions)
    .set({ startsAt: new Date(now.getTime() - 30 * 86_400_000), endsAt: new Date(now.getTime() - 86_400_000) })
    .where(eq(subscriptions.userId, userId));
}

export async function creditsOf(db: Db, userId: number): Promise<{ dione: number; tradeIdeas: number }> {
  const [row] = await db
    .select({ dione: profiles.dioneCredits, tradeIdeas: profiles.tradeIdeasCredits })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row) throw new Error(`no profile for user ${userId}`);
  return row;
}

export async function setCredits(
  db: Db,
  userId: number,
  credits: { dione?: number; tradeIdeas?: number },
): Promise<void> {
  await db
    .update(profiles)
    .set({ dioneCredits: credits.dione, tradeIdeasCredits: credits.tradeIdeas })
    .where(eq(profiles.userId, userId));
}

const TABLES = { dioneHistory, dioneTrackers, tradeIdeasHistory } as const;

/** Rows of the user in one of the tools' tables. */
export async function rowsOf(db: Db, table: keyof typeof TABLES, userId: number): Promise<number> {
  const t = TABLES[table];
  const [row] = await db.select({ n: count() }).from(t).where(eq(t.userId, userId));
  return row?.n ?? 0;
}
