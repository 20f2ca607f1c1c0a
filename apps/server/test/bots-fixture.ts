import { BOT_DEFAULTS } from '@drat/contracts';
import type { Db } from '../src/db/client';
import { botsRepo } from '../src/modules/bots/bots.repo';
import { cents } from './factories';

/**
 * The bots' tests' bot and alert: a SWING-ALERTS bot on the demo account for one day (`today`,
 * New York), amounts sized for MSFT, no upper price; and MSFT's alert levels at a price.
 */
export const swingBotBody = (today: string, patch: Record<string, unknown> = {}) => ({
  ...BOT_DEFAULTS,
  bot_name: 'Momentum',
  account_id: 'DEMO',
  trade_category: 'SWING-ALERTS',
  alerts_from_date: today,
  alerts_to_date: today,
  alert_price_less_than: 100_000,
  // MSFT trades in the hundreds: 10,000 buys some shares at each entry.
  amount_invested_per_trade: 10_000,
  max_total_amount_set_to_invest: 100_000,
  ...patch,
});

/** MSFT at `price`: buys 3% under and at it, targets 30% and 60% over, stop 7% under (risk 7%, reward 60%). */
export const msftLevels = (price: number) => ({
  ticker: 'MSFT',
  alertPrice: price,
  buyRangeLow: cents(price * 0.97),
  buyRangeHigh: cents(price),
  targetRangeLow: cents(price * 1.3),
  targetRangeHigh: cents(price * 1.6),
  stopLoss: cents(price * 0.93),
});

/** A bot's log lines, oldest first, as its owner reads them: its own and those naming it among many. */
export const botLogOf = async (db: Db, botId: number): Promise<string[]> =>
  (await botsRepo(db).logs(botId, 1000)).reverse().map((l) => l.text);
