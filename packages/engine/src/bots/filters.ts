/**
 * Whether a money-management bot takes an alert (3-bots-admin-public §2.1, docs/bot-rules.md):
 * each filter of the bot, in the order the form shows them, and the first that refuses says why in
 * a subscriber's words ("skipped ACME: risk 12% is above your 10%"). Pure: the alert, its market
 * facts and the day are passed in.
 */
import { alertRiskReward } from '../alerts/measures';
import { ALL_SECTORS, BOT_EXCLUDED_TYPES, isOptionsCategory } from '@drat/contracts';
import { dec, toText, type Dec, type DecimalInput } from '../money/decimal';

/** The alert as a bot sees it. */
export interface BotAlert {
  ticker: string;
  /** The alert's type name (SWING-ALERTS, OPTIONS-IDEAS …). */
  typeName: string;
  /** Its New York date, YYYY-MM-DD. */
  date: string;
  alertPrice: DecimalInput;
  buyRangeLow: DecimalInput;
  buyRangeHigh: DecimalInput;
  targetRangeLow: DecimalInput;
  targetRangeHigh: DecimalInput;
  stopLoss: DecimalInput;
  /** An options alert's contract: its expiration (YYYY-MM-DD) and strategy (BUY CALL …). */
  option?: { expiration: string; strategy: string } | null;
}

/** What the market says of the alert's ticker (or contract); null when the source does not know. */
export interface MarketFacts {
  sharesOutstanding?: number | null;
  sharesFloat?: number | null;
  averageVolume?: number | null;
  sector?: string | null;
  openInterest?: number | null;
  optionsVolume?: number | null;
}

/** A range a switch turns on: min and max included. */
export interface SwitchedRange {
  on: boolean;
  min: number;
  max: number;
}

/** The filters of a bot (the form's fields, §3). */
export interface BotFilters {
  tradeCategory: string;
  alertsFrom: string;
  alertsTo: string;
  riskAtMost: DecimalInput;
  rewardAtLeast: DecimalInput;
  alertPriceGreaterThan: DecimalInput;
  alertPriceLessThan: DecimalInput;
  sharesOutstanding: SwitchedRange;
  sharesFloat: SwitchedRange;
  averageVolume: SwitchedRange;
  /** ALL SECTORS, or the sectors taken. */
  sectors: string[];
  openInterest: SwitchedRange;
  optionsVolume: SwitchedRange;
  /** YYYY-MM-DD, or null for any. */
  expirationFrom: string | null;
  expirationTo: string | null;
  /** '' (ALL) or one strategy. */
  optionsStrategy: string;
}

const text = (v: DecimalInput) => toText(dec(v));

/**
 * An alert's risk and reward (rounded to 2 decimals) and price: the same for every bot, worked out
 * once per alert object (a published alert meets thousands of bots).
 */
const measured = new WeakMap<BotAlert, { risk: Dec; reward: Dec; price: Dec }>();
function measuresOf(alert: BotAlert): { risk: Dec; reward: Dec; price: Dec } {
  let m = measured.get(alert);
  if (!m) {
    const { riskPercent, rewardPercent } = alertRiskReward({
      buyRangeHigh: Number(text(alert.buyRangeHigh)),
      stopLoss: Number(text(alert.stopLoss)),
      targetRangeHigh: Number(text(alert.targetRangeHigh)),
    });
    m = {
      risk: dec(riskPercent).toDecimalPlaces(2),
      reward: dec(rewardPercent).toDecimalPlaces(2),
      price: dec(alert.alertPrice),
    };
    measured.set(alert, m);
  }
  return m;
}
const count = (n: number) => n.toLocaleString('en-US');

function outside(name: string, range: SwitchedRange, value: number | null | undefined): string | null {
  if (!range.on) return null;
  if (value === null || value === undefined) return `${name} is not known`;
  if (value < range.min) return `${name} ${count(value)} is below your ${count(range.min)}`;
  if (value > range.max) return `${name} ${count(value)} is above your ${count(range.max)}`;
  return null;
}

/** Whether the bot's filters read market facts (a range switched on, or sectors other than all). */
export function needsMarketFacts(bot: BotFilters, typeName: string): boolean {
  if (isOptionsCategory(typeName)) return bot.openInterest.on || bot.optionsVolume.on;
  return (
    bot.sharesOutstanding.on ||
    bot.sharesFloat.on ||
    bot.averageVolume.on ||
    (bot.sectors.length > 0 && !bot.sectors.includes(ALL_SECTORS))
  );
}

/**
 * Why the bot skips the alert, in words ("risk 12% is above your 10%"), or null when it takes it.
 * The caller prefixes "skipped ACME: ".
 */
export function whySkipped(bot: BotFilters, alert: BotAlert, facts: MarketFacts): string | null {
  if ((BOT_EXCLUDED_TYPES as readonly string[]).includes(alert.typeName))
    return `${alert.typeName} alerts are never traded by bots`;
  if (alert.typeName !== bot.tradeCategory) return `it is a ${alert.typeName} alert, not ${bot.tradeCategory}`;
  if (alert.date < bot.alertsFrom) return `it was published on ${alert.date}, before your ${bot.alertsFrom}`;
  if (alert.date > bot.alertsTo) return `it was published on ${alert.date}, after your ${bot.alertsTo}`;

  const { risk, reward, price } = measuresOf(alert);
  if (risk.gt(bot.riskAtMost)) return `risk ${toText(risk)}% is above your ${text(bot.riskAtMost)}%`;
  if (reward.lt(bot.rewardAtLeast)) return `reward ${toText(reward)}% is below your ${text(bot.rewardAtLeast)}%`;

  if (!price.gt(bot.alertPriceGreaterThan)) {
    return `its price ${toText(price)} is not above your ${text(bot.alertPriceGreaterThan)}`;
  }
  if (!price.lt(bot.alertPriceLessThan)) {
    return `its price ${toText(price)} is not below your ${text(bot.alertPriceLessThan)}`;
  }

  if (isOptionsCategory(alert.typeName)) {
    const options =
      outside('open interest', bot.openInterest, facts.openInterest) ??
      outside('options volume', bot.optionsVolume, facts.optionsVolume);
    if (options) return options;
    const expiration = alert.option?.expiration ?? null;
    if (bot.expirationFrom !== null && (expiration === null || expiration < bot.expirationFrom)) {
      return `its contract expires ${expiration ?? 'on no known date'}, before your ${bot.expirationFrom}`;
    }
    if (bot.expirationTo !== null && (expiration === null || expiration > bot.expirationTo)) {
      return `its contract expires ${expiration ?? 'on no known date'}, after your ${bot.expirationTo}`;
    }
    const strategy = alert.option?.strategy ?? null;
    if (bot.optionsStrategy !== '' && strategy !== bot.optionsStrategy) {
      return `its strategy is ${strategy ?? 'not known'}, not ${bot.optionsStrategy}`;
    }
    return null;
  }

  const shares =
    outside('shares outstanding', bot.sharesOutstanding, facts.sharesOutstanding) ??
    outside('shares float', bot.sharesFloat, facts.sharesFloat) ??
    outside('average volume', bot.averageVolume, facts.averageVolume);
  if (shares) return shares;
  if (!bot.sectors.includes(ALL_SECTORS) && bot.sectors.length > 0) {
    const sector = facts.sector ?? null;
    if (sector === null) return 'its sector is not known';
    if (!bot.sectors.includes(sector)) return `its sector ${sector} is not one of yours (${bot.sectors.join(', ')})`;
  }
  return null;
}
