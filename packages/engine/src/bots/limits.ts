/**
 * A bot's capital limits (3-bots-admin-public §2.1 "Capital", §9 "Bot performance"): the amount per
 * trade, the maximum number of trades, the maximum total amount and the daily trade limit (days in
 * America/New_York: the caller passes each trade's New York date and today's). Pure, exact decimals.
 */
import { dec, type Dec, type DecimalInput } from '../money/decimal';

export interface BotCapital {
  amountPerTrade: DecimalInput;
  maxTrades: number;
  maxTotal: DecimalInput;
  dailyLimit: number;
}

/** The trades a bot has taken: each one's New York date (YYYY-MM-DD). */
export interface TakenTrades {
  days: readonly string[];
  /**
   * What they were taken with: the sum of each one's amount per trade at the time (the amount may
   * have changed since). Absent: the amount per trade now, times the trades taken (§9).
   */
  invested?: DecimalInput;
}

/** The bot's performance (§9): trades left, amount invested, amount left. */
export interface BotPerformance {
  tradesLeft: number;
  invested: Dec;
  left: Dec;
}

/** §9: trades left = maximum − taken; invested = amount per trade × taken; left = maximum total − invested. */
export function botPerformance(capital: BotCapital, taken: TakenTrades): BotPerformance {
  const n = taken.days.length;
  const invested = taken.invested === undefined ? dec(capital.amountPerTrade).times(n) : dec(taken.invested);
  return {
    tradesLeft: Math.max(0, capital.maxTrades - n),
    invested,
    left: dec(capital.maxTotal).minus(invested),
  };
}

const money = (v: DecimalInput) =>
  dec(v).toNumber().toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "1 trade", "5 trades". */
const trades = (n: number) => `${n} trade${n === 1 ? '' : 's'}`;

/**
 * Why the bot may not take one more trade today (`today`: New York date), in words, or null. The
 * daily limit counts the trades of `today` only: a new day in New York starts a new count.
 */
export function limitReached(capital: BotCapital, taken: TakenTrades, today: string): string | null {
  const n = taken.days.length;
  if (n >= capital.maxTrades)
    return `you set a maximum of ${trades(capital.maxTrades)}, and ${n} ${n === 1 ? 'was' : 'were'} taken`;
  const { invested } = botPerformance(capital, taken);
  const after = invested.plus(capital.amountPerTrade);
  if (after.gt(capital.maxTotal)) {
    return `another ${money(capital.amountPerTrade)} would bring the total to ${money(after)}, above your maximum of ${money(capital.maxTotal)}`;
  }
  const todays = taken.days.filter((d) => d === today).length;
  if (todays >= capital.dailyLimit) {
    return `your daily limit of ${trades(capital.dailyLimit)} is reached for ${today} (New York)`;
  }
  return null;
}
