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
  /** The card's lines on the public pages. */
  details?: string[];
  /** False: not sold on the public pages (given by super users, or the free trial's own sign-up). */
  onSale?: boolean;
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
    details: [
      'Swing alerts with buy ranges, targets and stop losses',
      'Completed alerts and win rate',
      '10 Dione credits a month',
    ],
    features: ['AA', 'DA'],
    categories: [],
    extraTypes: ['SWING-ALERTS'],
    dioneCredits: 10,
  }),
  ...subscription('stocks', 'Stocks', 99.99, 999.99, {
    details: [
      'Every stock and OTC alert',
      'Triggers, trackers and completed alerts',
      'Dione, Ask DRAT and Range Radar',
      '25 Dione and 10 trade-idea credits a month',
    ],
    features: ['AA', 'DA', 'TIA'],
    categories: ['STOCKS', 'OTC'],
    dioneCredits: 25,
    tradeIdeasCredits: 10,
  }),
  ...subscription('options', 'Options', 99.99, 999.99, {
    details: [
      'Every options alert and idea',
      'Triggers, trackers and completed alerts',
      'Dione, Ask DRAT and Range Radar',
      '25 Dione and 10 trade-idea credits a month',
    ],
    features: ['AA', 'DA', 'TIA'],
    categories: ['OPTIONS'],
    dioneCredits: 25,
    tradeIdeasCredits: 10,
  }),
  ...subscription('weekly-trade-idea', 'Weekly Trade Idea', 179.97, 1997.97, {
    details: ['Weekly option ideas and options ideas', 'Ask DRAT trade ideas', '25 trade-idea credits a month'],
    features: ['AA', 'TIA'],
    categories: [],
    extraTypes: ['OPTIONS-IDEAS', 'WEEKLY-OPTION-IDEAS'],
    tradeIdeasCredits: 25,
  }),
  ...subscription('elite', 'Elite', 229.97, 2299.97, {
    details: [
      'Every alert: stocks, options and OTC',
      'The Smart Trader and live trading',
      'Money-management bots',
      '50 Dione and 50 trade-idea credits a month',
    ],
    features: EVERYTHING,
    categories: ALL,
    dioneCredits: 50,
    tradeIdeasCredits: 50,
  }),
  {
    code: 'lifetime',
    details: ['Everything in Elite, for life', 'No renewals, ever', '100 Dione and 100 trade-idea credits'],
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
    details: [
      'Every stock and OTC alert',
      'Dione, Ask DRAT and Range Radar',
      '25 Dione and 10 trade-idea credits a month',
    ],
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
    details: [
      'Every options alert and idea',
      'Dione, Ask DRAT and Range Radar',
      '25 Dione and 10 trade-idea credits a month',
    ],
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
    details: ['Every stock and OTC alert', 'Dione, Ask DRAT and Range Radar', '14 days free, then 25% off'],
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
    details: ['Every options alert and idea', 'Dione, Ask DRAT and Range Radar', '14 days free, then 25% off'],
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
    details: [
      'The Smart Trader: two buy ranges, two targets, trailing profit',
      'Live trading on your brokerage account',
      '14 days free, then 25% off',
    ],
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
    details: [
      'Every alert: stocks, options and OTC',
      'The Smart Trader and live trading',
      '14 days free, then 25% off',
    ],
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
    details: [
      `A $${k}K funded-account trade challenge`,
      'Challenge alerts and the Smart Trader for its 90 to 120 trading days',
      '4 live webinars',
      'Money back if you follow every alert and do not profit',
    ],
    name: `$${k}K Trade Challenge`,
    interval: 'once',
    price: [499.99, 599.99, 799.99, 999.99][i] ?? 0,
    features: ['AA', 'LIVE_TRADER', 'SMART_TRADER', 'TRADE_CHALLENGE'],
    categories: ['TRADE CHALLENGE'],
  })),
  {
    code: 'free-trial',
    details: ['Stock, options and OTC alerts', 'Dione, Ask DRAT and Range Radar', 'No card required'],
    name: 'Free Trial',
    interval: 'once',
    price: 0,
    trialDays: 7,
    onSale: false,
    features: ['AA', 'DA', 'TIA'],
    categories: ['STOCKS', 'OPTIONS', 'OTC'],
    dioneCredits: 5,
    tradeIdeasCredits: 5,
  },
  {
    code: 'credits-25',
    details: ['25 Dione credits', '25 trade-idea credits'],
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
    details: ['50 Dione credits', '50 trade-idea credits'],
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
export const SLOT_CATALOGUE: { planCode: string; number: number; slots: number; link: string }[] = [
  ...[5, 10, 15, 25].map((k) => ({
    planCode: `trade-challenge-${k}k`,
    number: 1,
    slots: 25,
    link: '/pay-trade-challenges',
  })),
  // The second challenge's page (§2.13: /{hash}, challenge number 2 by default).
  ...[5, 10, 15, 25].map((k) => ({
    planCode: `trade-challenge-${k}k`,
    number: 2,
    slots: 25,
    link: '/trade-challenge/double-your-account',
  })),
  { planCode: 'lifetime', number: 1, slots: 15, link: '/pay-lifetime' },
];
