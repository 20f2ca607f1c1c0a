import { TRADING_MSG, type DeauthorizeReply } from '@drat/contracts';
import type { Principal } from '../auth';
import type { UsersRepo } from '../users';

/** Live or demo mode (2-trading §4 "Trade mode"). Granting live access comes with broker authorization. */
export function createTradingModeService(users: UsersRepo) {
  return {
    /** Withdraws broker access: the user trades on the demo account from now on. */
    async deauthorize(principal: Principal): Promise<DeauthorizeReply> {
      await users.updateUser(principal.user.id, { isLiveTrader: false });
      return { message: TRADING_MSG.demoMode, is_live_trader: false, is_demo_trader: true };
    },
  };
}
export type TradingModeService = ReturnType<typeof createTradingModeService>;
