/**
 * Money-management bots, their owners' side (3-bots-admin-public §2.1, §7) and the super users'
 * (§2.2): create, update, deactivate, archive and un-archive, the lists with each bot's trades and
 * performance, and the logs. Which alerts a bot takes and the trades it places are matcher.service.ts.
 *
 * A bot trades on its owner's demo account (account_id 'DEMO') or on one of their brokerage
 * accounts, which needs live trading. Super users see and change every bot (§2.2); the bot's log
 * says a super user did it.
 */
import {
  BOT_LOG_PAGE,
  BOT_MSG,
  MSG,
  botDateIssues,
  type BotBody,
  type BotChange,
  type BotList,
  type BotLogs,
  type BotOwners,
} from '@drat/contracts';
import { holds, type Acting } from '../../core/actor';
import { DomainError } from '../../core/errors';
import { botDto } from './bot.dto';
import type { BotRow, BotsRepo, BotWrite, TakenRow } from './bots.repo';
import { givesType } from './owners';

/** The account_id a bot trading on its owner's demo account is given. */
export const DEMO_ACCOUNT = 'DEMO';

export interface BotsServiceDeps {
  repo: BotsRepo;
  /** The owner's brokerage account by id (400 on account_id when it is not theirs). */
  tradeTarget(userId: number, accountId: string): Promise<{ broker: string; accountId: string }>;
  /** New York's date now, by the market's clock (what a bot's dates may not be before). */
  today(): string;
  /** When things happen (timestamps of the bot and its log). */
  now: () => Date;
}

const isSuperCaller = (who: Acting) =>
  who.by.kind === 'super_user' || (who.by.kind === 'trader' && who.by.rights.is_super);

export function createBotsService({ repo, tradeTarget, today, now }: BotsServiceDeps) {
  async function withTrades(rows: BotRow[]) {
    const byBot = new Map<number, TakenRow[]>();
    for (const t of await repo.taken(rows.map((r) => r.id))) {
      const list = byBot.get(t.botId);
      if (list) list.push(t);
      else byBot.set(t.botId, [t]);
    }
    return rows.map((row) => botDto(row, byBot.get(row.id) ?? []));
  }
  const list = async (userId: number, archived: boolean): Promise<BotList> => ({
    data: await withTrades(await repo.ofUser(userId, archived)),
  });

  /** The bot, if the caller may see it: their own, or any for a super user; else 404. */
  async function reachable(who: Acting, botId: number): Promise<BotRow> {
    const row = await repo.byId(botId);
    if (!row || (row.userId !== who.userId && !isSuperCaller(who)))
      throw new DomainError('NOT_FOUND', BOT_MSG.botNotFound);
    return row;
  }

  /** Who changed a bot, for its log: nothing for the owner. */
  const byWhom = (who: Acting, row: BotRow) => (row.userId === who.userId ? '' : ' by a super user');

  /** The body checked against the clock, the owner's alert types and accounts; what is stored. */
  async function writeOf(who: Acting, ownerId: number, body: BotBody, kept?: BotRow): Promise<BotWrite> {
    const issues = botDateIssues(
      body,
      today(),
      kept
        ? {
            alerts_from_date: kept.alertsFrom,
            alerts_to_date: kept.alertsTo,
            expiration_from_date: kept.settings.expiration_from_date,
            expiration_to_date: kept.settings.expiration_to_date,
          }
        : {},
    );
    if (issues.length > 0) throw DomainError.fields(issues);
    const type = await repo.typeByName(body.trade_category);
    const rights = who.by.kind === 'trader' ? who.by.rights : null;
    const owner = ownerId === who.userId;
    const visible = !rights || !owner || givesType(rights, { name: body.trade_category });
    if (!type || !visible) throw DomainError.field('trade_category', BOT_MSG.categoryNotYours(body.trade_category));
    let mode: BotWrite['mode'] = 'DEMO';
    let accountId = DEMO_ACCOUNT;
    if (body.account_id !== DEMO_ACCOUNT) {
      // A live bot's trades need live trading: the owner's own request is checked here; a bot of a
      // user who loses it is refused by the trading entry when it places.
      if (rights && owner && !holds(rights, 'is_live_trader')) throw new DomainError('FORBIDDEN', MSG.liveTraderDenied);
      mode = 'LIVE';
      accountId = (await tradeTarget(ownerId, body.account_id)).accountId;
    }
    return {
      name: body.bot_name,
      alertTypeId: type.id,
      mode,
      accountId,
      alertsFrom: body.alerts_from_date,
      alertsTo: body.alerts_to_date,
      settings: { ...body, account_id: accountId },
    };
  }

  /** A change of a flag the row must allow (409 in words otherwise); answers the list the screen shows. */
  async function flip(
    who: Acting,
    botId: number,
    flag: 'active' | 'archived',
    from: boolean,
    refusal: string,
    words: string,
    message: string,
  ): Promise<BotChange> {
    const row = await reachable(who, botId);
    if (flag === 'archived' && !from && row.active)
      throw new DomainError('CONFLICT', BOT_MSG.archiveActive, { retryable: false });
    if (row[flag] !== from || !(await repo.flip(botId, flag, from, now()))) {
      throw new DomainError('CONFLICT', refusal, { retryable: false });
    }
    await repo.log([botId], `${words}${byWhom(who, row)}.`, now());
    // After archiving the screen shows the bots left; after un-archiving, the archived ones left.
    const archivedList = flag === 'archived' && from;
    return { message, data: (await list(row.userId, archivedList)).data };
  }

  return {
    /** GET …/bots and …/archived-bots. */
    list: (who: Acting, archived: boolean) => list(who.userId, archived),

    /** POST …/create: the bot, active; answers the caller's bots, newest first. */
    async create(who: Acting, body: BotBody): Promise<BotChange> {
      const write = await writeOf(who, who.userId, body);
      const id = await repo.insert(who.userId, write, now());
      await repo.log(
        [id],
        `Created, taking ${body.trade_category} alerts published ${write.alertsFrom} to ${write.alertsTo}.`,
        now(),
      );
      return { message: BOT_MSG.created, data: (await list(who.userId, false)).data };
    },

    /** POST …/update/{id}/: every setting replaced; answers the owner's bots. */
    async update(who: Acting, botId: number, body: BotBody): Promise<BotChange> {
      const row = await reachable(who, botId);
      const write = await writeOf(who, row.userId, body, row);
      await repo.update(botId, write, now());
      await repo.log([botId], `Settings changed${byWhom(who, row)}.`, now());
      return { message: BOT_MSG.updated, data: (await list(row.userId, row.archived)).data };
    },

    deactivate: (who: Acting, botId: number) =>
      flip(who, botId, 'active', true, BOT_MSG.alreadyInactive, 'Deactivated', BOT_MSG.deactivated),
    archive: (who: Acting, botId: number) =>
      flip(who, botId, 'archived', false, BOT_MSG.alreadyArchived, 'Archived', BOT_MSG.archived),
    unarchive: (who: Acting, botId: number) =>
      flip(who, botId, 'archived', true, BOT_MSG.notArchived, 'Un-archived', BOT_MSG.unarchived),

    /** GET /logs/management-bot (the owner's) and /management/money-management-bot-logs (any, super users). */
    async logs(who: Acting, botId: number): Promise<BotLogs> {
      await reachable(who, botId);
      const rows = await repo.logs(botId, BOT_LOG_PAGE);
      return { data: rows.map((r) => ({ id: r.id, text: r.text, created: r.createdAt.toISOString() })) };
    },

    /** GET /management/money-management-bots: every bot, or one user's by e-mail. */
    adminList: async (userEmail?: string): Promise<BotList> => ({
      data: await withTrades(await repo.all(userEmail?.trim() || undefined)),
    }),

    /** GET /management/users-with-mmbot. */
    owners: async (): Promise<BotOwners> => ({ data: await repo.owners() }),
  };
}
export type BotsService = ReturnType<typeof createBotsService>;
