/**
 * Who acts on a trade a request names (3-bots-admin-public §2.5: a super user cancels or archives
 * any user's trade): the caller on their own trade; a super user on another user's trade acts on
 * its owner's account on behalf of themselves, so the trade's log names them ("… by a super user
 * (ada@example.com)"), and the admin audit log keeps what they did once it is done. Anyone else
 * meets their own trades only (another's is 404, as absent).
 */
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Acting } from '../../../core/actor';
import { acting, principalOf } from '../../../http/auth';
import type { UsersRepo } from '../../users';
import type { SmartTrades } from './smart-trades';

/** What a super user may do to another user's trade. */
export type OnBehalfAction = 'cancel' | 'archive' | 'unarchive';

/** The admin audit log's entry point (the admin area's), as trading uses it. */
export type AuditOnBehalf = (
  admin: { userId: number; email: string },
  entry: { action: string; subject: { id: number; email: string }; summary: string },
) => Promise<void>;

/** Runs `run` as whoever acts on trade `tradeId`; a super user's action on another's trade is audited. */
export type ActingOnTrade = <T>(
  req: FastifyRequest,
  tradeId: number,
  action: OnBehalfAction,
  run: (who: Acting) => Promise<T>,
) => Promise<T>;

const DONE: Record<OnBehalfAction, string> = { cancel: 'Cancelled', archive: 'Archived', unarchive: 'Un-archived' };

export function actingOnTrade(deps: {
  trades: Pick<SmartTrades, 'ownerOf'>;
  users: Pick<UsersRepo, 'emailsOf'>;
  audit: AuditOnBehalf;
  log: Logger;
}): ActingOnTrade {
  const { trades, users, audit, log } = deps;
  return async (req, tradeId, action, run) => {
    const who = await acting(req);
    if (who.by.kind !== 'trader' || !who.by.rights.is_super) return run(who);
    const owner = await trades.ownerOf(tradeId);
    if (owner === undefined || owner === who.userId) return run(who);
    const { user } = principalOf(req);
    const result = await run({ userId: owner, by: { kind: 'super_user', userId: user.id, email: user.email } });
    // Done: the audit entry follows. Should it fail, the action stands and the trade's log names them.
    const email = (await users.emailsOf([owner])).get(owner) ?? `user #${owner}`;
    await audit(
      { userId: user.id, email: user.email },
      {
        action: `trade.${action}`,
        subject: { id: owner, email },
        summary: `${DONE[action]} trade #${tradeId} of ${email}`,
      },
    ).catch((err: unknown) => log.warn({ err, tradeId, action }, 'trading: an on-behalf action was not audited'));
    return result;
  };
}
