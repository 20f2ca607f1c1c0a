import type { BotDto } from '@drat/contracts';

/** What a bot's row offers (3-bots-admin-public §2.1, §2.2). */
export type BotAction =
  'details' | 'performance' | 'logs' | 'update' | 'copy' | 'share' | 'deactivate' | 'archive' | 'unarchive';

type Row = Pick<BotDto, 'active' | 'archived'>;

/**
 * The owner's actions (§2.1 "Row states"): details, performance and logs, Update and Copy always,
 * Share for a live trader (`canShare`: sharing is theirs, 2-trading §6); Deactivate only while
 * active, Archive only for an inactive bot not yet archived, Un-archive for an archived one.
 */
export function ownerActions(bot: Row, canShare = false): BotAction[] {
  const actions: BotAction[] = ['details', 'performance', 'logs', 'update', 'copy'];
  if (canShare) actions.push('share');
  if (bot.active) actions.push('deactivate');
  if (bot.archived) actions.push('unarchive');
  else if (!bot.active) actions.push('archive');
  return actions;
}

/** A super user's actions (§2.2): View Details, View Performance, View Logs, Edit, and Deactivate while active. */
export function adminActions(bot: Row): BotAction[] {
  const actions: BotAction[] = ['details', 'performance', 'logs', 'update'];
  if (bot.active) actions.push('deactivate');
  return actions;
}
