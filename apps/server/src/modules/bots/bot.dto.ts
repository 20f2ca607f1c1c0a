/**
 * A bot as the API answers it (3-bots-admin-public §3 "Money-management bot", §9 "Bot performance"),
 * and what the engine's bot rules read of it.
 */
import { ALL_SECTORS, type BotBody, type BotDto, type BotTakenTrade } from '@drat/contracts';
import {
  botPerformance,
  dec,
  rangeProfitLoss,
  toText,
  type BotCapital,
  type BotFilters,
  type BotSizing,
} from '@drat/engine';
import type { BotRow, TakenRow } from './bots.repo';

/** A bot's capital limits, as the engine reads them. */
export const capitalOf = (s: BotBody): BotCapital => ({
  amountPerTrade: String(s.amount_invested_per_trade),
  maxTrades: s.max_no_of_trades,
  maxTotal: String(s.max_total_amount_set_to_invest),
  dailyLimit: s.daily_trade_limit,
});

/** A bot's filters, as the engine reads them. */
export function filtersOf(row: Pick<BotRow, 'typeName' | 'alertsFrom' | 'alertsTo' | 'settings'>): BotFilters {
  const s = row.settings;
  const range = (on: boolean, min: number, max: number) => ({ on, min, max });
  return {
    tradeCategory: row.typeName,
    alertsFrom: row.alertsFrom,
    alertsTo: row.alertsTo,
    riskAtMost: String(s.risk_at_most),
    rewardAtLeast: String(s.reward_at_least),
    alertPriceGreaterThan: String(s.alert_price_greater_than),
    alertPriceLessThan: String(s.alert_price_less_than),
    sharesOutstanding: range(s.set_shares_outs, s.least_shares_outs, s.max_shares_outs),
    sharesFloat: range(s.set_shares_float, s.least_shares_float, s.max_shares_float),
    averageVolume: range(s.set_average_volume, s.least_average_volume, s.max_average_volume),
    sectors: s.selected_sectors,
    openInterest: range(s.set_open_interest, s.open_interest_greater_than, s.open_interest_less_than),
    optionsVolume: range(s.set_options_volume, s.min_options_volume, s.max_options_volume),
    expirationFrom: s.expiration_from_date,
    expirationTo: s.expiration_to_date,
    optionsStrategy: s.options_strategy,
  };
}

/** How a bot prices and sizes its trade, as the engine reads it. */
export function sizingOf(s: BotBody): BotSizing {
  return {
    amountPerTrade: String(s.amount_invested_per_trade),
    entryOnePercent: String(s.low_buy_range_proportion),
    entryTwoPercent: String(s.high_buy_range_proportion),
    splitHundred: s.split_100_percent_buy_range_shares_into_half_exit_ranges,
    strictTarget: s.strict_target_price,
    entryRules: s.set_entry_prices
      ? {
          one: { sign: s.entry_one_sign, reference: s.entry_one_parameter, offset: String(s.entry_one_adder) },
          two: { sign: s.entry_two_sign, reference: s.entry_two_parameter, offset: String(s.entry_two_adder) },
        }
      : null,
    stopRule: s.set_stop_loss_entry_price
      ? {
          sign: s.stop_loss_entry_sign,
          reference: s.stop_loss_entry_parameter,
          offset: String(s.stop_loss_entry_adder),
        }
      : null,
  };
}

/** The realised P/L of a taken trade (0 while nothing was sold, or once the trade is gone). */
function profitLossOf(t: TakenRow) {
  return (t.state?.ranges ?? []).reduce((sum, r) => sum.plus(rangeProfitLoss(r).profit_loss), dec(0));
}

function takenDto(t: TakenRow): BotTakenTrade | null {
  if (t.tradeId === null || t.ticker === null || t.mode === null || t.status === null) return null;
  return {
    trade_id: t.tradeId,
    order_id: String(t.tradeId),
    alert_id: t.alertId,
    ticker: t.ticker,
    mode: t.mode,
    status: t.status,
    created: t.createdAt.toISOString(),
  };
}

export function botDto(row: BotRow, taken: TakenRow[]): BotDto {
  const s = row.settings;
  const { bot_name: _name, account_id: _account, trade_category: _category, ...form } = s;
  // Invested: what each trade was taken with (the amount per trade may have changed since).
  const invested = taken.reduce((sum, t) => sum.plus(t.amount), dec(0));
  const perf = botPerformance(capitalOf(s), { days: taken.map((t) => t.day), invested });
  const pl = taken.reduce((sum, t) => sum.plus(profitLossOf(t)), dec(0));
  return {
    ...form,
    id: row.id,
    bot_name: row.name,
    created: row.createdAt.toISOString(),
    active: row.active,
    archived: row.archived,
    email: row.ownerEmail,
    name: row.ownerName,
    trade_account: { account_id: row.accountId, mode: row.mode },
    trade_category: { name: row.typeName, category: row.category },
    alerts_from_date: row.alertsFrom,
    alerts_to_date: row.alertsTo,
    alert_sector: s.selected_sectors[0] ?? ALL_SECTORS,
    taken_trades: taken.map(takenDto).filter((t): t is BotTakenTrade => t !== null),
    performance: {
      trades_taken: taken.length,
      trades_left: perf.tradesLeft,
      amount_invested: toText(perf.invested.toDecimalPlaces(2)),
      amount_left: toText(perf.left.toDecimalPlaces(2)),
      profit_loss: toText(pl.toDecimalPlaces(2)),
    },
  };
}
