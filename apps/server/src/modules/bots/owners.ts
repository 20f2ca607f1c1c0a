/**
 * Whether a bot's owner may have it trade now (2-trading §2.11, §6): an active account whose plan
 * still gives money-management bots and the bot's alert type. Checked at every turn, so a lapsed
 * plan stops its bots (and its webhook) without anyone touching them. Rights are read once per
 * owner for a few seconds: a published alert meets many bots of few owners.
 */
import type { Rights } from '@drat/contracts';
import { holds } from '../../core/actor';
import type { RightsService } from '../rights';
import type { UsersRepo } from '../users';
import type { BotRow } from './bots.repo';

const KEEP_MS = 5_000;

/** Whether rights give an alert type, by id or by name (super users have every type). */
export function givesType(rights: Rights, type: { id: number } | { name: string }): boolean {
  return rights.is_super || rights.alert_types.some((t) => ('id' in type ? t.id === type.id : t.name === type.name));
}

/** Why an owner with these rights (null: inactive) may not have this bot trade, or null. */
export function refusalOf(rights: Rights | null, bot: Pick<BotRow, 'alertTypeId' | 'typeName'>): string | null {
  if (!rights) return 'your account is inactive';
  if (!holds(rights, 'can_use_bots')) return 'your plan no longer includes money-management bots';
  if (!givesType(rights, { id: bot.alertTypeId })) return `your plan no longer includes ${bot.typeName} alerts`;
  return null;
}

export function createOwners(deps: {
  users: Pick<UsersRepo, 'byId'>;
  rights: Pick<RightsService, 'rightsOf'>;
  now: () => Date;
}) {
  const kept = new Map<
    number,
    { at: number; rights: Promise<Awaited<ReturnType<RightsService['rightsOf']>> | null> }
  >();
  async function rightsOf(userId: number) {
    const at = deps.now().getTime();
    const hit = kept.get(userId);
    if (hit && at - hit.at < KEEP_MS) return hit.rights;
    if (kept.size > 10_000) kept.clear();
    const rights = (async () => {
      const user = await deps.users.byId(userId);
      return user?.isActive ? deps.rights.rightsOf(user) : null;
    })();
    kept.set(userId, { at, rights });
    // A failed read is not kept: the next turn asks again.
    rights.catch(() => {
      if (kept.get(userId)?.rights === rights) kept.delete(userId);
    });
    return rights;
  }
  return {
    /** The owner's rights (null: inactive), read once per owner for a few seconds. */
    rightsOf,
    async refusal(bot: Pick<BotRow, 'userId' | 'alertTypeId' | 'typeName'>): Promise<string | null> {
      return refusalOf(await rightsOf(bot.userId), bot);
    },
  };
}
export type Owners = ReturnType<typeof createOwners>;
