import type { SessionData } from '@drat/contracts';

/** Who sees what (1-core §2 route guards, §6; 2-trading §2.11). Super users pass every rule. */
export const can = {
  alerts: (s: SessionData) => s.is_super || s.AA,
  /** /tools needs Dione or Ask DRAT (1-core §2); TIA only decides whether Range Radar's tab shows. */
  tools: (s: SessionData) => s.is_super || s.DA || s.ADA,
  smartTrades: (s: SessionData) => s.is_super || s.is_smart_trader_user,
  bots: (s: SessionData) => s.is_super || s.can_use_bots,
  liveSettings: (s: SessionData) => s.is_super || s.can_use_live_trader,
  brokerSettings: (s: SessionData) => s.is_live_trader,
  admin: (s: SessionData) => s.is_super,
};

/** Where a signed-in user lands: the last stored route, else /dashboard; /tools without rights goes to /alerts. */
export function landingRoute(session: SessionData, lastRoute: string | null): string {
  if (!lastRoute || lastRoute === '/' || lastRoute.startsWith('/login')) return '/dashboard';
  if (lastRoute.startsWith('/tools') && !can.tools(session)) return '/alerts';
  return lastRoute;
}
