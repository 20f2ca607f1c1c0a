/**
 * Who acts on a trade a request names (3-bots-admin-public §2.5: a super user cancels or archives
 * any user's trade): the caller on their own trade; a super user on another user's trade acts on
 * its owner's account on behalf of themselves, so the trade's log names them ("… by a super user
 * (ada@example.com)"). Anyone else meets their own trades only (another's is 404, as absent).
 */
import type { FastifyRequest } from 'fastify';
import type { Acting } from '../../../core/actor';
import { acting, principalOf } from '../../../http/auth';
import type { SmartTrades } from './smart-trades';

export type ActingOnTrade = (req: FastifyRequest, tradeId: number) => Promise<Acting>;

export function actingOnTrade(trades: Pick<SmartTrades, 'ownerOf'>): ActingOnTrade {
  return async (req, tradeId) => {
    const who = await acting(req);
    if (who.by.kind !== 'trader' || !who.by.rights.is_super) return who;
    const owner = await trades.ownerOf(tradeId);
    if (owner === undefined || owner === who.userId) return who;
    const { user } = principalOf(req);
    return { userId: owner, by: { kind: 'super_user', userId: user.id, email: user.email } };
  };
}
