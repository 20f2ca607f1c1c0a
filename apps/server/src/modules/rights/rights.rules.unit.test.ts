import { describe, expect, it } from 'vitest';
import { ALERT_CATEGORIES, type AlertCategory, type AlertTypeRight, type PlanFeature } from '@drat/contracts';
import { computeRights, type RightsInput } from './rights.rules';

let nextId = 1;
const type = (category: AlertCategory, name = `${category}-${nextId}`): AlertTypeRight => ({
  id: nextId++,
  name,
  category,
  raw_note: '',
});

const input = (over: Partial<RightsInput> = {}): RightsInput => ({
  isSuper: false,
  isLiveTrader: false,
  planFeatures: [],
  alertTypes: [],
  dioneCredits: 0,
  tradeIdeasCredits: 0,
  ...over,
});
const plan = (...features: PlanFeature[]) => features;

describe('computeRights', () => {
  it('no plan at all: expired, and no right', () => {
    const r = computeRights(input());
    expect(r).toMatchObject({
      expired: true,
      is_super: false,
      AA: false,
      DA: false,
      ADA: false,
      TIA: false,
      can_use_live_trader: false,
      is_live_trader: false,
      is_demo_trader: true,
      is_smart_trader_user: false,
      is_trade_challenge_user: false,
      alert_categories: [],
      alert_types: [],
    });
  });

  it('a super user holds every right without any plan and is never expired', () => {
    const r = computeRights(input({ isSuper: true, alertTypes: [type('OPTIONS')] }));
    expect(r).toMatchObject({
      expired: false,
      is_super: true,
      AA: true,
      DA: true,
      ADA: true,
      TIA: true,
      can_use_live_trader: true,
      is_smart_trader_user: true,
      is_trade_challenge_user: true,
    });
  });

  it('a super user without the live flag is still a demo trader', () => {
    expect(computeRights(input({ isSuper: true }))).toMatchObject({
      can_use_live_trader: true,
      is_live_trader: false,
      is_demo_trader: true,
    });
    expect(computeRights(input({ isSuper: true, isLiveTrader: true }))).toMatchObject({
      is_live_trader: true,
      is_demo_trader: false,
    });
  });

  it('a credit bundle alone (a plan without rights) leaves the user expired', () => {
    expect(computeRights(input({ planFeatures: [[]] })).expired).toBe(true);
  });

  it('a plan with features is not expired, even with no alert types', () => {
    expect(computeRights(input({ planFeatures: [plan('DA')] })).expired).toBe(false);
  });

  describe('live trading needs both a plan that allows it and the broker-access flag', () => {
    it.each([
      ['neither', [], false, { can_use_live_trader: false, is_live_trader: false, is_demo_trader: true }],
      ['flag only', [plan('AA')], true, { can_use_live_trader: false, is_live_trader: false, is_demo_trader: true }],
      [
        'plan only',
        [plan('LIVE_TRADER')],
        false,
        { can_use_live_trader: true, is_live_trader: false, is_demo_trader: true },
      ],
      ['both', [plan('LIVE_TRADER')], true, { can_use_live_trader: true, is_live_trader: true, is_demo_trader: false }],
      ['both, the plan being one of several', [plan('AA'), plan('DA', 'LIVE_TRADER')], true, { is_live_trader: true }],
    ])('%s', (_label, planFeatures, isLiveTrader, expected) => {
      expect(computeRights(input({ planFeatures, isLiveTrader }))).toMatchObject(expected);
    });
  });

  it('AA needs the feature and at least one alert type', () => {
    expect(computeRights(input({ planFeatures: [plan('AA')] })).AA).toBe(false);
    expect(computeRights(input({ planFeatures: [plan('AA')], alertTypes: [type('STOCKS')] })).AA).toBe(true);
    expect(computeRights(input({ planFeatures: [plan('DA')], alertTypes: [type('STOCKS')] })).AA).toBe(false);
  });

  it('features of several plans add up', () => {
    const r = computeRights(
      input({ planFeatures: [plan('DA'), plan('ADA'), plan('TIA', 'SMART_TRADER'), plan('TRADE_CHALLENGE')] }),
    );
    expect(r).toMatchObject({
      DA: true,
      ADA: true,
      TIA: true,
      is_smart_trader_user: true,
      is_trade_challenge_user: true,
      AA: false,
    });
  });

  it('ignores feature names it does not know', () => {
    const r = computeRights(input({ planFeatures: [['ADMIN', 'is_super']] }));
    expect(r).toMatchObject({ is_super: false, AA: false, DA: false });
  });

  describe('alert categories', () => {
    it('come in the fixed tab order, once each, whatever the order of the types', () => {
      const types = [
        type('SMART TRADES'),
        type('OTC'),
        type('OPTIONS'),
        type('OTC'),
        type('STOCKS'),
        type('TRADE CHALLENGE'),
        type('OPTIONS'),
      ];
      const r = computeRights(input({ planFeatures: [plan('AA')], alertTypes: types }));
      expect(r.alert_categories).toEqual(['OPTIONS', 'STOCKS', 'TRADE CHALLENGE', 'OTC', 'SMART TRADES']);
      expect(r.alert_categories).toEqual([...ALERT_CATEGORIES]);
    });

    it('hold only the categories of the given types', () => {
      const r = computeRights(input({ planFeatures: [plan('AA')], alertTypes: [type('OTC'), type('STOCKS')] }));
      expect(r.alert_categories).toEqual(['STOCKS', 'OTC']);
    });

    it('pass the alert types through unchanged, with name, category and raw note', () => {
      const types = [{ id: 7, name: 'SWING-ALERTS', category: 'STOCKS' as const, raw_note: '<p>Read me</p>' }];
      expect(computeRights(input({ planFeatures: [plan('AA')], alertTypes: types })).alert_types).toEqual(types);
    });
  });

  it('passes the credits through', () => {
    const r = computeRights(input({ planFeatures: [plan('DA')], dioneCredits: 12, tradeIdeasCredits: 3 }));
    expect(r).toMatchObject({ dione_credits: 12, trade_ideas_credits: 3 });
  });

  describe('money-management bots (2-trading §2.11: the smart trader, and live trading or a trade challenge)', () => {
    it('the smart trader with a plan allowing live trading may use bots, even before broker access is granted', () => {
      expect(computeRights(input({ planFeatures: [plan('SMART_TRADER', 'LIVE_TRADER')] })).can_use_bots).toBe(true);
    });
    it('the smart trader on a trade challenge may use bots', () => {
      expect(computeRights(input({ planFeatures: [plan('SMART_TRADER'), plan('TRADE_CHALLENGE')] })).can_use_bots).toBe(
        true,
      );
    });
    it('the smart trader alone, or live trading without the smart trader, may not', () => {
      expect(computeRights(input({ planFeatures: [plan('SMART_TRADER')] })).can_use_bots).toBe(false);
      expect(computeRights(input({ planFeatures: [plan('LIVE_TRADER')], isLiveTrader: true })).can_use_bots).toBe(
        false,
      );
    });
    it('a super user may', () => {
      expect(computeRights(input({ isSuper: true })).can_use_bots).toBe(true);
    });
  });
});
