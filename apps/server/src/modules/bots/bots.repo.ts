/** Every query of the money-management bots: the bots, the trades they took and their logs. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BotBody } from '@drat/contracts';
import type { EngineTrade } from '@drat/engine';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';
import { alertCategories, alertTypes, botLogs, botTrades, bots, profiles, trades, users } from '../../db/schema/index';

export interface BotRow {
  id: number;
  userId: number;
  name: string;
  alertTypeId: number;
  typeName: string;
  category: string;
  mode: 'DEMO' | 'LIVE';
  accountId: string;
  active: boolean;
  archived: boolean;
  alertsFrom: string;
  alertsTo: string;
  settings: BotBody;
  createdAt: Date;
  /** The row's version (PostgreSQL's xmin): any change to the bot, by anyone, gives a new one. */
  version: string;
  ownerEmail: string;
  ownerName: string;
}

/** What a bot took before an opportunity: the New York days, the amounts' sum, whether it took this one. */
export interface Taken {
  days: string[];
  invested: string;
  took: boolean;
}

/** A trade a bot took, with the trade as it is now (gone: null). */
export interface TakenRow {
  botId: number;
  source: string;
  alertId: number | null;
  tradeId: number | null;
  day: string;
  amount: string;
  createdAt: Date;
  ticker: string | null;
  mode: 'DEMO' | 'LIVE' | null;
  status: string | null;
  state: EngineTrade | null;
}

/** What a bot is written with. */
export interface BotWrite {
  name: string;
  alertTypeId: number;
  mode: 'DEMO' | 'LIVE';
  accountId: string;
  alertsFrom: string;
  alertsTo: string;
  settings: BotBody;
}

/** A bot row's version: the transaction that last wrote it (changes with every update, whoever makes it). */
const botVersion = sql<string>`${bots}.xmin::text`;

/** The owner's name as their profile gives it ('' without one). */
const ownerName = sql<string>`trim(coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, ''))`;

const columns = {
  id: bots.id,
  userId: bots.userId,
  name: bots.name,
  alertTypeId: bots.alertTypeId,
  typeName: alertTypes.name,
  category: alertCategories.name,
  mode: bots.mode,
  accountId: bots.accountId,
  active: bots.active,
  archived: bots.archived,
  alertsFrom: bots.alertsFrom,
  alertsTo: bots.alertsTo,
  settings: bots.settings,
  createdAt: bots.createdAt,
  version: botVersion,
  ownerEmail: users.email,
  ownerName: ownerName,
};

/** `changed`: told of every bot written (the matcher's copy of the active bots reads it again). */
export function botsRepo(db: Db, changed: (botId: number) => void = () => {}) {
  const select = () =>
    db
      .select(columns)
      .from(bots)
      .innerJoin(alertTypes, eq(alertTypes.id, bots.alertTypeId))
      .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId))
      .innerJoin(users, eq(users.id, bots.userId))
      .leftJoin(profiles, eq(profiles.userId, bots.userId));
  /** Each bot's trades taken before, in one row per bot: their days, what they were taken with, and whether `source` is one. */
  const takenSelect = (source: string) =>
    db
      .select({
        botId: botTrades.botId,
        days: sql<string[]>`array_agg(${botTrades.day})`,
        invested: sql<string>`sum(${botTrades.amount})::text`,
        took: sql<boolean>`bool_or(${botTrades.source} = ${source})`,
      })
      .from(botTrades);
  const takenMap = (rows: ({ botId: number } & Taken)[]) =>
    new Map(rows.map((r) => [r.botId, { days: r.days, invested: r.invested, took: r.took }]));
  const newestFirst = [desc(bots.createdAt), desc(bots.id)];

  /**
   * Log lines, each naming its bots, in one statement (a published alert's skips: thousands of
   * bots skip in a handful of words). A line of one bot is its own (`bot_id`); of many, it names
   * them (`bot_ids`).
   */
  async function logLines(lines: { text: string; botIds: number[] }[], at: Date): Promise<void> {
    if (lines.length === 0) return;
    await db.insert(botLogs).values(
      lines.map(({ text, botIds }) => {
        const ids = [...new Set(botIds)];
        return ids.length === 1 ? { botId: ids[0]!, text, createdAt: at } : { botIds: ids, text, createdAt: at };
      }),
    );
  }

  /** Bots' log lines in one statement: the same words for many bots are one line naming them. */
  async function logMany(lines: { botId: number; text: string }[], at: Date): Promise<void> {
    const byText = new Map<string, number[]>();
    for (const l of lines) {
      const ids = byText.get(l.text);
      if (ids) ids.push(l.botId);
      else byText.set(l.text, [l.botId]);
    }
    await logLines(
      [...byText].map(([text, botIds]) => ({ text, botIds })),
      at,
    );
  }

  return {
    /** An alert type by its name (a bot's trade category). */
    async typeByName(name: string): Promise<{ id: number; name: string; category: string } | undefined> {
      const [row] = await db
        .select({ id: alertTypes.id, name: alertTypes.name, category: alertCategories.name })
        .from(alertTypes)
        .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId))
        .where(eq(alertTypes.name, name))
        .limit(1);
      return row;
    },

    async insert(userId: number, w: BotWrite, at: Date): Promise<number> {
      const [row] = await db
        .insert(bots)
        .values({ userId, ...w, createdAt: at, updatedAt: at })
        .returning({ id: bots.id });
      changed(row!.id);
      return row!.id;
    },

    async update(id: number, w: BotWrite, at: Date): Promise<void> {
      await db
        .update(bots)
        .set({ ...w, updatedAt: at })
        .where(eq(bots.id, id));
      changed(id);
    },

    /** Sets a flag only when it changes from `from`: false when someone else changed it first. */
    async flip(id: number, flag: 'active' | 'archived', from: boolean, at: Date): Promise<boolean> {
      const rows = await db
        .update(bots)
        .set({ [flag]: !from, updatedAt: at })
        .where(and(eq(bots.id, id), eq(bots[flag], from)))
        .returning({ id: bots.id });
      changed(id);
      return rows.length > 0;
    },

    async byId(id: number): Promise<BotRow | undefined> {
      const [row] = await select().where(eq(bots.id, id)).limit(1);
      return row;
    },

    async byIds(ids: number[]): Promise<BotRow[]> {
      if (ids.length === 0) return [];
      return select().where(inArray(bots.id, [...new Set(ids)]));
    },

    /** A user's bots, archived or not, newest first. */
    async ofUser(userId: number, archived: boolean): Promise<BotRow[]> {
      return select()
        .where(and(eq(bots.userId, userId), eq(bots.archived, archived)))
        .orderBy(...newestFirst);
    },

    /** Every bot (the admin view), or one user's by e-mail, newest first. */
    async all(userEmail?: string): Promise<BotRow[]> {
      return select()
        .where(userEmail ? sql`lower(${users.email}) = lower(${userEmail})` : undefined)
        .orderBy(...newestFirst);
    },

    /** The users who have bots, with how many. */
    async owners(): Promise<{ email: string; name: string; bots: number }[]> {
      return db
        .select({
          email: users.email,
          name: ownerName,
          bots: sql<number>`count(*)::int`,
        })
        .from(bots)
        .innerJoin(users, eq(users.id, bots.userId))
        .leftJoin(profiles, eq(profiles.userId, bots.userId))
        .groupBy(users.id, users.email, profiles.firstName, profiles.lastName)
        .orderBy(asc(users.email));
    },

    /** The active bots of an alert type, whatever their dates, oldest first (active-bots.ts keeps them). */
    async activeOfType(alertTypeId: number): Promise<BotRow[]> {
      return select()
        .where(and(eq(bots.alertTypeId, alertTypeId), eq(bots.active, true)))
        .orderBy(asc(bots.id));
    },

    /** The trades the bots took, with each trade as it is now, oldest first. */
    async taken(botIds: number[]): Promise<TakenRow[]> {
      if (botIds.length === 0) return [];
      return db
        .select({
          botId: botTrades.botId,
          source: botTrades.source,
          alertId: botTrades.alertId,
          tradeId: botTrades.tradeId,
          day: botTrades.day,
          amount: botTrades.amount,
          createdAt: botTrades.createdAt,
          ticker: trades.ticker,
          mode: trades.mode,
          status: trades.status,
          state: sql<EngineTrade | null>`${trades.state}`,
        })
        .from(botTrades)
        .leftJoin(trades, eq(trades.id, botTrades.tradeId))
        .where(inArray(botTrades.botId, botIds))
        .orderBy(asc(botTrades.id));
    },

    /**
     * What each bot took before, in one query: the New York day of each trade (the limits count
     * them) and whether it took `source` already. Bots that took nothing are absent.
     */
    async takenOf(botIds: number[], source: string): Promise<Map<number, Taken>> {
      if (botIds.length === 0) return new Map();
      return takenMap(
        await takenSelect(source)
          .where(sql`${botTrades.botId} = any(${sql.param(botIds)}::int[])`)
          .groupBy(botTrades.botId),
      );
    },

    /**
     * What the active bots of an alert type took before (the matcher's one read for an alert): the
     * same answer as takenOf for those bots, found through the type rather than thousands of ids.
     */
    async takenOfType(alertTypeId: number, source: string): Promise<Map<number, Taken>> {
      return takenMap(
        await takenSelect(source)
          .innerJoin(bots, eq(bots.id, botTrades.botId))
          .where(and(eq(bots.alertTypeId, alertTypeId), eq(bots.active, true)))
          .groupBy(botTrades.botId),
      );
    },

    /**
     * In the transaction placing a bot's trade: the bot locked (two trades of one bot, from two
     * alerts or an alert and a signal, take turns here) and read again with what it took, so its
     * limits are checked on what is committed.
     */
    async lockForTrade(
      tx: Tx,
      botId: number,
    ): Promise<{ active: boolean; settings: BotBody; version: string; days: string[]; invested: string } | undefined> {
      const run = runnerOf(db, tx);
      const [bot] = await run
        .select({ active: bots.active, settings: bots.settings, version: botVersion })
        .from(bots)
        .where(eq(bots.id, botId))
        .for('update');
      if (!bot) return undefined;
      const [taken] = await run
        .select({
          days: sql<string[]>`coalesce(array_agg(${botTrades.day}), '{}')`,
          invested: sql<string>`coalesce(sum(${botTrades.amount}), 0)::text`,
        })
        .from(botTrades)
        .where(eq(botTrades.botId, botId));
      return { ...bot, days: taken?.days ?? [], invested: taken?.invested ?? '0' };
    },

    /**
     * Records the trade a bot took, in the transaction inserting the trade. The unique key on
     * (bot, source) makes a second process's insert fail, and its trade with it.
     */
    async recordTaken(
      tx: Tx,
      row: {
        botId: number;
        source: string;
        alertId: number | null;
        tradeId: number;
        day: string;
        amount: string;
        at: Date;
      },
    ): Promise<void> {
      const { at, ...values } = row;
      await runnerOf(db, tx)
        .insert(botTrades)
        .values({ ...values, createdAt: at });
    },

    /** One line in the log of each of these bots (one row, naming them all when there are many). */
    async log(botIds: number[], text: string, at: Date): Promise<void> {
      await logMany(
        botIds.map((botId) => ({ botId, text })),
        at,
      );
    },

    logLines,
    logMany,

    /** Deletes up to `batch` log lines older than `before`; answers how many. */
    async trimLogs(before: Date, batch: number): Promise<number> {
      const { rowCount } = await db.execute(sql`
        delete from ${botLogs} where id in (
          select id from ${botLogs} where created_at < ${before.toISOString()}::timestamptz limit ${batch})`);
      return rowCount ?? 0;
    },

    /** A bot's log, newest first: its own lines and the lines naming it among many. */
    async logs(botId: number, limit: number): Promise<{ id: number; text: string; createdAt: Date }[]> {
      const { rows } = await db.execute<{ id: number; text: string; created_at: string | Date }>(sql`
        select id, text, created_at from (
          (select id, text, created_at from ${botLogs} where bot_id = ${botId} order by id desc limit ${limit})
          union all
          (select id, text, created_at from ${botLogs} where bot_ids @> array[${botId}::int]
            order by id desc limit ${limit})
        ) as lines order by id desc limit ${limit}`);
      return rows.map((r) => ({ id: r.id, text: r.text, createdAt: new Date(r.created_at) }));
    },
  };
}
export type BotsRepo = ReturnType<typeof botsRepo>;
