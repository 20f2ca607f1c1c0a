/**
 * The smart trade a bot makes of an alert it takes (3-bots-admin-public §2.1, docs/bot-rules.md):
 * its entry and stop prices (the alert's, or the bot's price rules), its targets, and how many
 * shares (or contracts) each entry buys with the amount per trade split by the entry sizes. Pure,
 * exact decimals; a trade that cannot be made says why in words.
 *
 * Ranges as a smart trade has them: Entry 1 buys at buy range low and sells at target range high,
 * Entry 2 buys at buy range high and sells at target range low. An entry of 0% buys nothing.
 */
import { dec, toText, type Dec, type DecimalInput } from '../money/decimal';
import { rulePrice, type PriceReferences, type PriceRule } from './prices';

export interface BotSizing {
  amountPerTrade: DecimalInput;
  /** Entry 1 and Entry 2 sizes, percent of the amount per trade (summing to 100). */
  entryOnePercent: DecimalInput;
  entryTwoPercent: DecimalInput;
  /** An entry of 100%: its shares are sold half at each target. */
  splitHundred: boolean;
  /** Targets are the alert's as published; otherwise each moves with its entry. */
  strictTarget: boolean;
  /** The entry price rules, or null for the alert's buy ranges. */
  entryRules: { one: PriceRule; two: PriceRule } | null;
  /** The stop rule, or null for the alert's stop loss. */
  stopRule: PriceRule | null;
}

export interface BotTradeAlert extends PriceReferences {
  targetRangeLow: DecimalInput;
  targetRangeHigh: DecimalInput;
}

/** A range the trade holds beyond its two (the second half of a split 100% entry). */
export interface BotExtraRange {
  buy: Dec;
  quantity: number;
  target: Dec;
}

export interface BotTrade {
  buyRangeLow: Dec;
  buyRangeHigh: Dec;
  targetRangeLow: Dec;
  targetRangeHigh: Dec;
  stopLoss: Dec;
  amountLow: number;
  amountHigh: number;
  extra: BotExtraRange[];
}

const t = (d: Dec) => toText(d.toDecimalPlaces(2));
const money = (v: DecimalInput) => toText(dec(v).toDecimalPlaces(2));

/**
 * The trade, or why not. `unit` is what one share or contract costs per point of price (1 for
 * shares, 100 for an options contract).
 */
export function botTrade(bot: BotSizing, alert: BotTradeAlert, unit = 1): { trade: BotTrade } | { skip: string } {
  const entryOne = bot.entryRules ? rulePrice(bot.entryRules.one, alert) : dec(alert.buyRange1);
  const entryTwo = bot.entryRules ? rulePrice(bot.entryRules.two, alert) : dec(alert.buyRange2);
  const stop = bot.stopRule ? rulePrice(bot.stopRule, alert) : dec(alert.stopLoss);
  const p1 = dec(bot.entryOnePercent);
  const p2 = dec(bot.entryTwoPercent);
  if (p1.gt(0) && entryOne === null) return { skip: "Entry 1's price rule gives no price above 0" };
  if (p2.gt(0) && entryTwo === null) return { skip: "Entry 2's price rule gives no price above 0" };
  if (stop === null) return { skip: 'the stop loss rule gives no price above 0' };
  const e1 = entryOne ?? dec(alert.buyRange1);
  const e2 = entryTwo ?? dec(alert.buyRange2);

  // Not strict: each target keeps its distance from its entry as the alert published it.
  const targetHigh = bot.strictTarget
    ? dec(alert.targetRangeHigh)
    : dec(alert.targetRangeHigh).plus(e1.minus(alert.buyRange1));
  const targetLow = bot.strictTarget
    ? dec(alert.targetRangeLow)
    : dec(alert.targetRangeLow).plus(e2.minus(alert.buyRange2));

  if (p1.gt(0) && p2.gt(0) && !e1.lt(e2)) {
    return { skip: `Entry 1's price ${t(e1)} is not below Entry 2's ${t(e2)}` };
  }
  const sharesFor = (percent: Dec, price: Dec) =>
    dec(bot.amountPerTrade).times(percent).div(100).div(price.times(unit)).floor().toNumber();
  const q1 = p1.gt(0) ? sharesFor(p1, e1) : 0;
  const q2 = p2.gt(0) ? sharesFor(p2, e2) : 0;
  const what = unit === 1 ? 'share' : 'contract';
  if (p1.gt(0) && q1 < 1)
    return { skip: `${money(bot.amountPerTrade)} × ${toText(p1)}% buys no ${what} at Entry 1's ${t(e1)}` };
  if (p2.gt(0) && q2 < 1)
    return { skip: `${money(bot.amountPerTrade)} × ${toText(p2)}% buys no ${what} at Entry 2's ${t(e2)}` };

  const buys = [...(q1 > 0 ? [e1] : []), ...(q2 > 0 ? [e2] : [])];
  const lowest = buys.reduce((a, b) => (a.lt(b) ? a : b));
  if (!stop.lt(lowest)) return { skip: `the stop loss ${t(stop)} is not below the entry ${t(lowest)}` };
  if (q1 > 0 && !e1.lt(targetHigh)) return { skip: `Entry 1's ${t(e1)} is not below its target ${t(targetHigh)}` };
  if (q2 > 0 && !e2.lt(targetLow)) return { skip: `Entry 2's ${t(e2)} is not below its target ${t(targetLow)}` };

  const trade: BotTrade = {
    buyRangeLow: e1,
    buyRangeHigh: e2,
    targetRangeLow: targetLow,
    targetRangeHigh: targetHigh,
    stopLoss: stop,
    amountLow: q1,
    amountHigh: q2,
    extra: [],
  };
  // One entry takes it all: with the split, half its shares go to the other target.
  const whole = q1 > 0 && q2 === 0 ? 'one' : q2 > 0 && q1 === 0 ? 'two' : null;
  if (bot.splitHundred && whole !== null) {
    const q = whole === 'one' ? q1 : q2;
    const half = Math.floor(q / 2);
    if (half > 0) {
      const buy = whole === 'one' ? e1 : e2;
      const other = whole === 'one' ? targetLow : targetHigh;
      if (!buy.lt(other)) return { skip: `the split's second half: ${t(buy)} is not below the target ${t(other)}` };
      if (whole === 'one') trade.amountLow = q - half;
      else trade.amountHigh = q - half;
      trade.extra.push({ buy, quantity: half, target: other });
    }
  }
  return { trade };
}
