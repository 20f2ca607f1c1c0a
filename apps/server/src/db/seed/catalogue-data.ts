import type { AlertCategory, PlanFeature } from '@drat/contracts';

/** Alert types per category. The three the bot form leaves out are among them (3-bots §2.1). */
export const ALERT_TYPE_CATALOGUE: Record<AlertCategory, string[]> = {
  OPTIONS: ['OPTIONS-ALERTS', 'OPTIONS-IDEAS', 'WEEKLY-OPTION-IDEAS', 'LOTTO-OPTIONS'],
  STOCKS: ['SWING-ALERTS', 'DAY-TRADE-ALERTS', 'SQUEEZE-ALERTS', 'BREAKOUT-ALERTS'],
  'TRADE CHALLENGE': ['CHALLENGE-STOCKS', 'CHALLENGE-OPTIONS'],
  OTC: ['OTC-1-ALERTS', 'OTC-2-ALERT', 'OTC-RUNNERS'],
  'SMART TRADES': ['SMART-TRADE-STOCKS', 'SMART-TRADE-OPTIONS'],
};

interface PlanSeed {
  code: string;
  name: string;
  interval: 'month' | 'year' | 'once';
  price: number;
  features: PlanFeature[];
  categories: AlertCategory[];
  /** Types outside `categories` that the plan also gives. */
  extraTypes?: string[];
  dioneCredits?: number;
  tradeIdeasCredits?: number;
  trialDays?: number;
  originalPrice?: number;
}

const ALL: AlertCategory[] = ['OPTIONS', 'STOCKS', 'OTC', 'SMART TRADES'];
const EVERYTHING: PlanFeature[] = ['AA', 'DA', 'ADA', 'TIA', 'LIVE_TRADER', 'SMART_TRADER'];

const subscription = (
  code: string,
  name: string,
  monthly: number,
  yearly: number,
  rest: Omit<PlanSeed, 'code' | 'name' | 'interval' | 'price'>,
): PlanSeed[] => [
  { code: `${code}-monthly`, name, interval: 'month', price: monthly, ...rest },
  {
    code: `${code}-yearly`,
    name: `${name} (Yearly)`,
    interval: 'year',
    price: yearly,
    ...rest,
    dioneCredits: (rest.dioneCredits ?? 0) * 12,
    tradeIdeasCredits: (rest.tradeIdeasCredits ?? 0) * 12,
  },
];

/** The plan catalogue with the names and prices of 3-bots-admin-public §9. */
export const PLAN_CATALOGUE: PlanSeed[] = [
  ...subscription('basic', 'Basic', 49.99, 497.99, {
    features: ['AA', 'DA'],
    categories: [],
    extraTypes: ['SWING-ALERTS'],
    dioneCredits: 10,
  }),
  ...subscription('stocks', 'Stocks', 99.99, 999.99, {
    features: ['AA', 'DA', 'TIA'],
    categories: ['STOCKS', 'OTC'],
    dioneCredits: 25,
    tradeIdeasCredits: 10,
  }),
  ...subscription('options', 'Options', 99.99, 999.99, {
    features: ['AA', 'DA', 'TIA'],
    categories: ['OPTIONS'],
    dioneCredits: 25,
    tradeIdeasCredits: 10,
  }),
  ...subscription('weekly-trade-idea', 'Weekly Trade Idea', 179.97, 1997.97, {
    features: ['AA', 'TIA'],
    categories: [],
    extraTypes: ['OPTIONS-IDEAS', 'WEEKLY-OPTION-IDEAS'],
    tradeIdeasCredits: 25,
  }),
  ...subscription('elite', 'Elite', 229.97, 2299.97, {
    features: EVERYTHING,
    categories: ALL,
    dioneCredits: 50,
    tradeIdeasCredits: 50,
  }),
  {
    code: 'lifetime',
    name: 'Lifetime',
    interval: 'once',
    price: 2099.99,
    features: EVERYTHING,
    categories: ALL,
    dioneCredits: 100,
    tradeIdeasCredits: 100,
  },
  {
    code: 'special-stocks',
    name: 'Special Offer Stocks',
    interval: 'month',
    price: 59.99,
    features: ['AA', 'DA', 'TIA'],
    categories: ['STOCKS', 'OTC'],
    dioneCredits: 25,
    tradeIdeasCredits: 10,
  },
  {
    code: 'special-options',
    name: 'Special Offer Options',
    interval: 'month',
    price: 59.99,
    features: ['AA', 'DA', 'TIA'],
    categories: ['OPTIONS'],
    dioneCredits: 25,
    tradeIdeasCredits: 10,
  },
  {
    code: 'offer25-stocks',
    name: 'DRAT Stocks',
    interval: 'month',
    price: 74.99,
    originalPrice: 99.99,
    trialDays: 14,
    features: ['AA', 'DA', 'TIA'],
    categories: ['STOCKS', 'OTC'],
    dioneCredits: 25,
    tradeIdeasCredits: 10,
  },
  {
    code: 'offer25-options',
    name: 'DRAT Option',
    interval: 'month',
    price: 74.99,
    originalPrice: 99.99,
    trialDays: 14,
    features: ['AA', 'DA', 'TIA'],
    categories: ['OPTIONS'],
    dioneCredits: 25,
    tradeIdeasCredits: 10,
  },
  {
    code: 'offer25-smart-trader',
    name: 'Smart Trader',
    interval: 'month',
    price: 59.99,
    originalPrice: 79.99,
    trialDays: 14,
    features: ['AA', 'LIVE_TRADER', 'SMART_TRADER'],
    categories: ['SMART TRADES'],
  },
  {
    code: 'offer25-elite',
    name: 'DRAT Elite',
    interval: 'month',
    price: 134.99,
    originalPrice: 179.99,
    trialDays: 14,
    features: EVERYTHING,
    categories: ALL,
    dioneCredits: 50,
    tradeIdeasCredits: 50,
  },
  ...([5, 10, 15, 25] as const).map((k, i): PlanSeed => ({
    code: `trade-challenge-${k}k`,
    name: `$${k}K Trade Challenge`,
    interval: 'once',
    price: [499.99, 599.99, 799.99, 999.99][i] ?? 0,
    features: ['AA', 'LIVE_TRADER', 'SMART_TRADER', 'TRADE_CHALLENGE'],
    categories: ['TRADE CHALLENGE'],
  })),
  {
    code: 'credits-25',
    name: '25 Credits',
    interval: 'once',
    price: 24.99,
    features: [],
    categories: [],
    dioneCredits: 25,
    tradeIdeasCredits: 25,
  },
  {
    code: 'credits-50',
    name: '50 Credits',
    interval: 'once',
    price: 44.99,
    features: [],
    categories: [],
    dioneCredits: 50,
    tradeIdeasCredits: 50,
  },
];

/**
 * The slots offered at first (3-bots-admin-public §2.13: 25 traders per challenge; §9: the lifetime
 * offer to the first 15), with the page that sells each. Super users change them on /manage-users.
 */
export const SLOT_CATALOGUE: { planCode: string; slots: number; link: string }[] = [
  ...[5, 10, 15, 25].map((k) => ({ planCode: `trade-challenge-${k}k`, slots: 25, link: '/pay-trade-challenges' })),
  { planCode: 'lifetime', slots: 15, link: '/pay-lifetime' },
];
