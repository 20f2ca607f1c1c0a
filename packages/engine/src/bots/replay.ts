/**
 * A bot replayed on past alerts (issue 26, "Bot replay"; docs/bot-rules.md "Replay"): the alerts of
 * the last days in the order they were published, each through the bot's filters, its limits (the
 * trades it would have taken so far, by New York day) and its trade rule, exactly as a published
 * alert is; each trade it would have taken is run by the trade engine's replay over the ticker's bars
 * from the alert on. Pure: the alerts, their bars and the facts are passed in.
 *
 * The equity curve adds each trade's realised P/L when its last sale happened (what is still held
 * at the end is valued at the last close and added at the end); the maximum drawdown is the largest
 * fall of that curve from a high, in dollars.
 */
import { basicRanges, equity, newTrade, type TradeInput } from '../trading/create';
import { replay, type ReplayBar } from '../trading/replay';
import type { TrailingSpec } from '../trading/types';
import { dec, toText, type Dec } from '../money/decimal';
import { whySkipped, type BotAlert, type BotFilters, type MarketFacts } from './filters';
import { limitReached, type BotCapital } from './limits';
import { botTrade, type BotSizing, type BotTradeAlert } from './trade';

/** One past alert, with what the replay needs of the market. */
export interface ReplayAlert {
  id: number;
  /** When it was published (epoch ms). */
  at: number;
  alert: BotAlert;
  prices: BotTradeAlert;
  facts: MarketFacts;
  /** The ticker's bars from its publication on, oldest first. */
  bars: readonly ReplayBar[];
}

export interface ReplayBot {
  filters: BotFilters;
  capital: BotCapital;
  sizing: BotSizing;
  trailing: TrailingSpec | null;
}

export interface ReplayedTrade {
  alertId: number;
  ticker: string;
  day: string;
  status: string;
  realised: Dec;
  unrealised: Dec;
  /** When its last sale happened (epoch ms), or null while it held shares at the end. */
  closedAt: number | null;
}

export interface BotReplay {
  trades: ReplayedTrade[];
  skipped: { alertId: number; ticker: string; day: string; reason: string }[];
  profitLoss: Dec;
  wins: number;
  losses: number;
  maxDrawdown: Dec;
  /** The running P/L after each closing (and at the end), oldest first. */
  equity: { at: number; value: Dec }[];
}

export function replayBot(bot: ReplayBot, alerts: readonly ReplayAlert[], end: number): BotReplay {
  const trades: ReplayedTrade[] = [];
  const skipped: BotReplay['skipped'] = [];
  const days: string[] = [];
  for (const a of [...alerts].sort((x, y) => x.at - y.at || x.id - y.id)) {
    const day = a.alert.date;
    const skip = (reason: string) => skipped.push({ alertId: a.id, ticker: a.alert.ticker, day, reason });
    const filtered = whySkipped(bot.filters, a.alert, a.facts);
    if (filtered) {
      skip(filtered);
      continue;
    }
    const limit = limitReached(bot.capital, { days }, day);
    if (limit) {
      skip(limit);
      continue;
    }
    const made = botTrade(bot.sizing, a.prices);
    if ('skip' in made) {
      skip(made.skip);
      continue;
    }
    if (a.bars.length === 0) {
      skip('no hourly bar has closed since it was published');
      continue;
    }
    days.push(day);
    const t = made.trade;
    const instrument = equity(a.alert.ticker);
    const input: TradeInput = {
      id: `replay-${a.id}`,
      ticker: a.alert.ticker,
      ranges: [
        ...basicRanges(instrument, {
          buyRangeLow: t.buyRangeLow,
          buyRangeHigh: t.buyRangeHigh,
          targetRangeLow: t.targetRangeLow,
          targetRangeHigh: t.targetRangeHigh,
          amountLow: t.amountLow,
          amountHigh: t.amountHigh,
        }),
        ...t.extra.map((r, i) => ({
          instrument,
          buyPrice: r.buy,
          buyQty: r.quantity,
          targetPrice: r.target,
          sellQty: r.quantity,
          label: `Range ${i + 3}`,
        })),
      ],
      stopLoss: t.stopLoss,
      trailing: bot.trailing,
      cancelUnfilledAt: null,
      at: a.bars[0]!.time,
    };
    const r = replay(newTrade(input), a.bars);
    const sold = r.executions.filter((e) => e.side === 'sell');
    const holding = dec(r.held).gt(0);
    trades.push({
      alertId: a.id,
      ticker: a.alert.ticker,
      day,
      status: r.trade.status,
      realised: dec(r.realised),
      unrealised: dec(r.unrealised),
      closedAt: holding || sold.length === 0 ? null : sold[sold.length - 1]!.at,
    });
  }

  // The curve: each closed trade's P/L at its closing; what is open (or never filled) at the end.
  const points = trades
    .map((t) => ({ at: t.closedAt ?? end, value: t.realised.plus(t.unrealised) }))
    .sort((x, y) => x.at - y.at);
  const equityCurve: BotReplay['equity'] = [];
  let running = dec(0);
  let peak = dec(0);
  let maxDrawdown = dec(0);
  for (const p of points) {
    running = running.plus(p.value);
    equityCurve.push({ at: p.at, value: running });
    if (running.gt(peak)) peak = running;
    const fall = peak.minus(running);
    if (fall.gt(maxDrawdown)) maxDrawdown = fall;
  }
  const results = trades.map((t) => t.realised.plus(t.unrealised)).filter((v) => !v.isZero());
  return {
    trades,
    skipped,
    profitLoss: running,
    wins: results.filter((v) => v.gt(0)).length,
    losses: results.filter((v) => v.lt(0)).length,
    maxDrawdown,
    equity: equityCurve,
  };
}

/** A figure as exact text with 2 decimals. */
export const replayMoney = (d: Dec) => toText(d.toDecimalPlaces(2));
