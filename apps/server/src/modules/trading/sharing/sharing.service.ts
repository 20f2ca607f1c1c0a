/**
 * Sharing smart trades and bots (2-trading §3 "Shared item", §5.4, §6, §7): live traders share one
 * of their own live trades, or one of their bots, with one user by e-mail; super users share with one user, several, the users on
 * a plan or all users. Each user reached gets a row (an e-mail that is no user's is kept as it
 * was typed, in shared_to_unknown); sharing the same trade with the same person again keeps one
 * row and renews its date. Demo users may not share, nor see the shared lists (the Shared Trades
 * toggle is the live traders', §2.1).
 *
 * The receiver is not notified: the notifications area exports only the fan-out of new alerts and
 * triggers (notifyAlertPublished, notifyTrigger), nothing to tell one user of something else.
 */
import {
  SHARING_TYPES,
  TRADE_MSG,
  shareFields,
  type PlanGroupsResponse,
  type ShareFields,
  type ShareItemType,
  type ShareReply,
  type SharedItemDto,
} from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import { actsAsSuperUser, type Acting } from '../../../core/actor';
import type { UsersRepo } from '../../users';
import type { TradesRepo } from '../trades/trades.repo';
import type { ShareRow, SharingRepo } from './sharing.repo';

/** The bots area's answers about bots (bound after both areas are built: bots use trading). */
export interface SharedBots {
  /** The user's own bot, or null. */
  owned(userId: number, botId: number): Promise<{ id: number; name: string } | null>;
  /** Bots by id: their names and settings (the form without the account). */
  byIds(ids: number[]): Promise<Map<number, { name: string; settings: Record<string, unknown> }>>;
}

export interface SharingDeps {
  repo: SharingRepo;
  bots: SharedBots;
  trades: Pick<TradesRepo, 'ownedBy'>;
  users: Pick<UsersRepo, 'activeEmails' | 'byEmails' | 'emailsOf' | 'activeIds' | 'plans'>;
  now: () => Date;
}

/**
 * The newest shares a list shows: sharing with all users writes a row per user, so a super user's
 * Sent list would otherwise grow with every user of the product.
 */
const SHARED_LIST_MAX = 1000;

/**
 * The plans table has no group: GET /payments/plans groups the plans by how they are billed, in
 * this order (each group's plans by name; a group with no plan is left out).
 */
const PLAN_GROUPS = [
  { interval: 'month', label: 'Monthly' },
  { interval: 'year', label: 'Yearly' },
  { interval: 'once', label: 'One-time' },
] as const;

type FieldErrors = Record<string, string[]>;
type SharedItemsResponse = { data: SharedItemDto[] };

/** The form's fields checked with shareFields; every broken rule on its field (400). */
function parseShare(form: Record<string, unknown>): ShareFields {
  const parsed = shareFields.safeParse(form);
  if (parsed.success) return parsed.data;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues)
    (errors[String(issue.path[0] ?? 'non_field_errors')] ??= []).push(issue.message);
  throw new DomainError('VALIDATION', parsed.error.issues[0]!.message, { details: errors });
}

/** The e-mail of `id` (a user removed since is gone with their shares: the foreign keys cascade). */
const emailOf = (emails: Map<number, string>, id: number) => emails.get(id) ?? '';

function sharedItemDto(
  row: ShareRow,
  emails: Map<number, string>,
  bots: Map<number, { name: string; settings: Record<string, unknown> }>,
): SharedItemDto {
  const bot = row.botId === null ? undefined : bots.get(row.botId);
  return {
    id: row.id,
    shared_by: emailOf(emails, row.sharedBy),
    shared_to: row.sharedTo === null ? null : emailOf(emails, row.sharedTo),
    shared_to_unknown: row.sharedToUnknown,
    shared_date: row.createdAt.toISOString(),
    type: row.type,
    // order_id is the trade's id as text, as trade.dto.ts answers it for the trade itself.
    live_trade_order:
      row.tradeId !== null && row.ticker !== null
        ? { id: row.tradeId, order_id: String(row.tradeId), ticker: row.ticker }
        : null,
    money_management_bot: bot ? { id: row.botId!, bot_name: bot.name, settings: bot.settings } : null,
  };
}

export function createSharingService({ repo, trades, users, bots, now }: SharingDeps) {
  async function listOf(rows: ShareRow[]): Promise<SharedItemsResponse> {
    const emails = await users.emailsOf(
      rows.flatMap((r) => (r.sharedTo === null ? [r.sharedBy] : [r.sharedBy, r.sharedTo])),
    );
    const shared = await bots.byIds(rows.flatMap((r) => (r.botId === null ? [] : [r.botId])));
    return { data: rows.map((r) => sharedItemDto(r, emails, shared)) };
  }

  /**
   * The trade to share: one of the caller's own live trades (anyone else's, or a demo trade, is
   * as good as absent: 404). A DRAFT is refused on its field: §2.2 offers Share only for a placed
   * trade, and a draft has nothing to follow yet.
   */
  async function tradeToShare(who: Acting, tradeId: number): Promise<number> {
    const row = await trades.ownedBy(who.userId, tradeId);
    if (!row || row.mode !== 'LIVE') throw new DomainError('NOT_FOUND', TRADE_MSG.tradeNotFound);
    if (row.status === 'DRAFT') throw DomainError.field('live_trade_order_id', TRADE_MSG.draftNotShared);
    return row.id;
  }

  /** E-mails to users (never the caller) and to e-mails that are no user's. */
  async function byEmail(who: Acting, emails: string[]) {
    const found = await users.byEmails(emails);
    const known = new Set(found.map((u) => u.email.toLowerCase()));
    return {
      userIds: found.map((u) => u.id).filter((id) => id !== who.userId),
      unknownEmails: [...new Set(emails)].filter((e) => !known.has(e)),
    };
  }

  /** Whom a share reaches, by its sharing type (the caller is always left out). */
  async function recipients(who: Acting, f: ShareFields) {
    const others = (ids: number[]) => ({ userIds: ids.filter((id) => id !== who.userId), unknownEmails: [] });
    switch (f.sharing_type) {
      case 'single': {
        // shareFields requires `user` in single mode (TRADE_MSG.shareEmailRequired).
        const to = await byEmail(who, [f.user!]);
        if (to.userIds.length === 0 && to.unknownEmails.length === 0) {
          throw DomainError.field('user', TRADE_MSG.shareWithSelf);
        }
        return to;
      }
      case 'multiple':
        return byEmail(
          who,
          (f.users ?? []).map((u) => u.email),
        );
      case 'users-on-plan': {
        const plan = f.plan!;
        if (!(await users.plans()).some((p) => p.id === plan)) throw DomainError.field('plan', TRADE_MSG.planNotFound);
        return others(await users.activeIds({ planId: plan, at: now() }));
      }
      case 'all':
        return others(await users.activeIds());
    }
  }

  return {
    /** GET /livetrading/smart-trade-share/received: what was shared with the caller, newest first. */
    async received(who: Acting, type: ShareItemType): Promise<SharedItemsResponse> {
      return listOf(await repo.receivedBy(who.userId, type, SHARED_LIST_MAX));
    },

    /** GET /livetrading/smart-trade-share/sent: what the caller shared, newest first. */
    async sent(who: Acting, type: ShareItemType): Promise<SharedItemsResponse> {
      return listOf(await repo.sentBy(who.userId, type, SHARED_LIST_MAX));
    },

    /**
     * POST /livetrading/smart-trade-share/create/ with the form's raw fields. A live trader asking
     * for another sharing type than single is refused (403) before the other fields are looked at.
     * `shared` counts the people reached: users and e-mails that are no user's (the caller never).
     */
    async share(who: Acting, form: Record<string, unknown>): Promise<ShareReply> {
      const asked = form.sharing_type;
      const knownType = typeof asked === 'string' && (SHARING_TYPES as readonly string[]).includes(asked);
      if (!actsAsSuperUser(who.by) && knownType && asked !== 'single') {
        throw new DomainError('FORBIDDEN', TRADE_MSG.shareSingleOnly);
      }
      const f = parseShare(form);
      // shareFields requires a trade or a bot (TRADE_MSG.shareTargetRequired). A bot is one of the
      // caller's own (anyone else's is as good as absent: 404); the receiver gets a copy to use.
      let item: { type: 'TRADE' | 'BOT'; tradeId: number | null; botId: number | null };
      if (f.money_mgt_bot_id !== undefined) {
        const bot = await bots.owned(who.userId, f.money_mgt_bot_id);
        if (!bot) throw new DomainError('NOT_FOUND', TRADE_MSG.botNotFound);
        item = { type: 'BOT', tradeId: null, botId: bot.id };
      } else {
        item = { type: 'TRADE', tradeId: await tradeToShare(who, f.live_trade_order_id!), botId: null };
      }
      const to = await recipients(who, f);
      const shared = await repo.upsert({ sharedBy: who.userId, ...item, ...to, at: now() });
      return { message: TRADE_MSG.shared, shared };
    },

    /** GET /management/user-list: every active user's e-mail, sorted (super users). */
    async shareableUsers(): Promise<{ data: { email: string }[] }> {
      return { data: (await users.activeEmails()).map((email) => ({ email })) };
    },

    /**
     * GET /payments/plans: the plans by group (PLAN_GROUPS), each child a plan's name and id. For
     * those who may share (live traders and super users), as the share form is theirs; the plan
     * mode itself is the super users' (checked by share).
     */
    async planGroups(): Promise<PlanGroupsResponse> {
      const plans = await users.plans();
      return {
        data: PLAN_GROUPS.map((g) => ({
          label: g.label,
          children: plans.filter((p) => p.interval === g.interval).map((p) => ({ label: p.name, value: p.id })),
        })).filter((g) => g.children.length > 0),
      };
    },
  };
}
export type SharingService = ReturnType<typeof createSharingService>;
