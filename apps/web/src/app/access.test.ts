import { describe, expect, it } from 'vitest';
import type { SessionData } from '@drat/contracts';
import { can, landingRoute } from './access';

const session = (rights: Partial<SessionData> = {}): SessionData => ({
  is_super: false,
  AA: true,
  DA: false,
  ADA: false,
  TIA: false,
  is_live_trader: false,
  is_demo_trader: true,
  can_use_live_trader: false,
  is_trade_challenge_user: false,
  is_smart_trader_user: false,
  can_use_bots: false,
  alert_categories: [],
  alert_types: [],
  dione_credits: 0,
  trade_ideas_credits: 0,
  expired: false,
  token: 't',
  theme: 'light',
  first_login: false,
  image: null,
  username: 'u',
  email: 'u@drat.local',
  ...rights,
});

describe('who may open /tools (1-core §2: DA or ADA; TIA only for Range Radar’s tab)', () => {
  it.each([
    ['Dione', { DA: true }, true],
    ['Ask DRAT', { ADA: true }, true],
    ['Dione and Range Radar', { DA: true, TIA: true }, true],
    ['Range Radar alone', { TIA: true }, false],
    ['no tool', {}, false],
    ['a super user', { is_super: true }, true],
  ])('%s → %s', (_label, rights, allowed) => {
    expect(can.tools(session(rights))).toBe(allowed);
  });

  it('a sign-in whose last page was /tools lands on /alerts without tool rights', () => {
    expect(landingRoute(session({ TIA: true }), '/tools')).toBe('/alerts');
    expect(landingRoute(session({ DA: true }), '/tools')).toBe('/tools');
  });
});
