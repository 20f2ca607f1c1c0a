/** Money-management bots as journeys set them up: a bot on the trader's brokerage account, through the API. */
import { inject } from 'vitest';
import { BOT_DEFAULTS, type BotChange, type BotDto } from '@drat/contracts';
import { connect } from '../../apps/server/src/db/client';
import { call } from './api';

/** New York's date `days` from now (YYYY-MM-DD). */
export const newYorkDate = (days = 0) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

/**
 * A SWING-ALERTS bot named `name` on the holder of `token`'s first brokerage account, taking the
 * alerts of the next 30 days at 5,000 a trade (up to 50,000), any alert price.
 */
export async function createSwingBot(token: string, name: string): Promise<BotDto> {
  const accounts = await call<{ data: { accounts: { account_id: string }[] } }>(token, 'GET', '/livetrading/accounts');
  const { data } = await call<BotChange>(token, 'POST', '/livetrading/money-management-bot/create', {
    ...BOT_DEFAULTS,
    bot_name: name,
    account_id: accounts.data.accounts[0]!.account_id,
    trade_category: 'SWING-ALERTS',
    alerts_from_date: newYorkDate(),
    alerts_to_date: newYorkDate(30),
    alert_price_less_than: 100_000,
    amount_invested_per_trade: 5_000,
    max_total_amount_set_to_invest: 50_000,
  });
  return data.find((b) => b.bot_name === name)!;
}

/**
 * Makes an alert look published `hours` ago, straight in the product's database (as ageSessions
 * does for sessions). A bot's replay runs each trade over its ticker's hourly bars from the alert on
 * (docs/bot-rules.md "Replay"): an alert published this minute has none yet (the hour's bar began
 * before it), one published hours ago has.
 */
export async function ageAlert(alertId: number, hours: number): Promise<void> {
  const database = connect(inject('databaseUrl'), 1);
  try {
    await database.pool.query(`update alerts set created_at = created_at - make_interval(hours => $2) where id = $1`, [
      alertId,
      hours,
    ]);
  } finally {
    await database.close();
  }
}
