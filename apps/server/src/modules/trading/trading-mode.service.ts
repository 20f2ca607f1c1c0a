import { TRADING_MSG, type DeauthorizeReply } from '@drat/contracts';
import type { ConfirmPasswordReason } from '@drat/contracts';
import type { Principal } from '../auth';
import type { UsersRepo } from '../users';
import type { Connections } from './brokerage/connections.service';

export interface TradingModeDeps {
  users: UsersRepo;
  connections: Pick<Connections, 'forget'>;
  assertFreshPassword: (principal: Principal, action: ConfirmPasswordReason) => Promise<void>;
}

/** Live or demo mode (2-trading §4 "Trade mode"). Granting live access comes with broker authorization (brokerage/connections.service.ts). */
export function createTradingModeService({ users, connections, assertFreshPassword }: TradingModeDeps) {
  return {
    /**
     * Withdraws broker access (the password confirmed for DEAUTHORIZATION, or typed at a recent
     * sign-in): the broker's tokens and accounts are forgotten and the user trades on the demo
     * account from now on.
     */
    async deauthorize(principal: Principal): Promise<DeauthorizeReply> {
      await assertFreshPassword(principal, 'DEAUTHORIZATION');
      await connections.forget(principal.user.id);
      await users.updateUser(principal.user.id, { isLiveTrader: false });
      return { message: TRADING_MSG.demoMode, is_live_trader: false, is_demo_trader: true };
    },
  };
}
export type TradingModeService = ReturnType<typeof createTradingModeService>;
