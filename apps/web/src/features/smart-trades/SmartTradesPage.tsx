import { useSession } from '../../app/session';
import { DemoTrades } from './DemoTrades';
import { LiveTrades } from './LiveTrades';

/**
 * Smart Trades (2-trading §2.1, §2.2): in live mode (the top bar's switch: is_live_trader) the live
 * trade table, with its archive and the super user's SMT Template filter; in demo mode the demo
 * trade table. A super user has the SMT Templates in either mode (§6).
 */
export function SmartTradesPage() {
  const session = useSession()!;
  return session.is_live_trader ? <LiveTrades isSuper={session.is_super} /> : <DemoTrades isSuper={session.is_super} />;
}
