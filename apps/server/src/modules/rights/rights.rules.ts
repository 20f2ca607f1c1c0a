import {
  ALERT_CATEGORIES,
  type AlertCategory,
  type AlertTypeRight,
  type PlanFeature,
  type Rights,
} from '@drat/contracts';

export interface RightsInput {
  isSuper: boolean;
  isLiveTrader: boolean;
  planFeatures: string[][];
  alertTypes: AlertTypeRight[];
  dioneCredits: number;
  tradeIdeasCredits: number;
}

/**
 * The one rule that turns plans and flags into rights (1-core §6, 2-trading §6).
 * Super users hold every right; live trading needs both a plan that allows it and granted broker access.
 */
export function computeRights(input: RightsInput): Rights {
  const features = new Set(input.planFeatures.flat() as PlanFeature[]);
  const has = (f: PlanFeature) => input.isSuper || features.has(f);
  const canUseLive = has('LIVE_TRADER');
  const isLive = canUseLive && input.isLiveTrader;
  const categories = new Set(input.alertTypes.map((t) => t.category));
  return {
    is_super: input.isSuper,
    AA: has('AA') && input.alertTypes.length > 0,
    DA: has('DA'),
    ADA: has('ADA'),
    TIA: has('TIA'),
    can_use_live_trader: canUseLive,
    is_live_trader: isLive,
    is_demo_trader: !isLive,
    is_smart_trader_user: has('SMART_TRADER'),
    is_trade_challenge_user: has('TRADE_CHALLENGE'),
    can_use_bots: has('SMART_TRADER') && (canUseLive || has('TRADE_CHALLENGE')),
    alert_categories: ALERT_CATEGORIES.filter((c): c is AlertCategory => categories.has(c)),
    alert_types: input.alertTypes,
    dione_credits: input.dioneCredits,
    trade_ideas_credits: input.tradeIdeasCredits,
    // A credit bundle alone gives no access: a user is expired until a plan grants a right.
    expired: !input.isSuper && input.planFeatures.every((f) => f.length === 0),
  };
}
