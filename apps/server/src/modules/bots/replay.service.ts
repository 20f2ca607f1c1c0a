/**
 * A bot replayed on past alerts (docs/bot-rules.md "Replay"): the alerts of the bot's category of
 * the last `days`, each with its ticker's hourly bars from its publication on, run through the
 * engine's bot replay (the same filters, limits and trade rule as a published alert, and the trade
 * engine's replay). Nothing is stored and no broker is asked.
 */
import {
  BOT_MSG,
  BOT_REPLAY_ALERTS_MAX,
  BOT_REPLAY_MSG,
  MARKET_MSG,
  isOptionsCategory,
  type AlertDto,
  type BotReplayBody,
  type BotReplayResult,
} from '@drat/contracts';
import { needsMarketFacts, replayBot, replayMoney, toNumber, type MarketFacts, type ReplayAlert } from '@drat/engine';
import type { Acting } from '../../core/actor';
import { DomainError } from '../../core/errors';
import type { MarketDataProvider } from '../../providers/market/interface';
import { withProvider } from '../../providers/provider-error';
import { capitalOf, filtersOf, sizingOf } from './bot.dto';
import type { BotsRepo } from './bots.repo';
import { givesType } from './owners';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The bars (oldest first) from `at` on: found by halving, each alert of a year over its ticker's bars. */
function fromTime<B extends { time: number }>(bars: readonly B[], at: number): readonly B[] {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bars[mid]!.time < at) lo = mid + 1;
    else hi = mid;
  }
  return bars.slice(lo);
}

export interface ReplayDeps {
  repo: Pick<BotsRepo, 'typeByName'>;
  alerts: {
    published(q: { typeId: number; from: Date; to: Date; limit: number }): Promise<AlertDto[]>;
  };
  market: Pick<MarketDataProvider, 'bars' | 'company' | 'calendar' | 'now'>;
}

export function createBotReplay({ repo, alerts, market }: ReplayDeps) {
  return {
    /** POST /livetrading/money-management-bot/replay/. */
    async replay(who: Acting, body: BotReplayBody): Promise<BotReplayResult> {
      const s = body.bot;
      const type = await repo.typeByName(s.trade_category);
      const rights = who.by.kind === 'trader' ? who.by.rights : null;
      const visible = !rights || givesType(rights, { name: s.trade_category });
      if (!type || !visible) throw DomainError.field('bot', BOT_MSG.categoryNotYours(s.trade_category));
      if (isOptionsCategory(type.name)) throw DomainError.field('bot', BOT_REPLAY_MSG.sharesOnly);

      const to = market.now();
      const from = new Date(to.getTime() - body.days * DAY);
      const past = await alerts.published({ typeId: type.id, from, to, limit: BOT_REPLAY_ALERTS_MAX });
      // The bot's own alert window is for the alerts to come: a replay looks at these days.
      const row = {
        typeName: type.name,
        alertsFrom: market.calendar.dateOf(from),
        alertsTo: market.calendar.dateOf(to),
        settings: s,
      };
      const filters = filtersOf(row);
      const usesFacts = needsMarketFacts(filters, type.name);

      // One bars() and (when a filter needs them) one company() per ticker: today's figures stand
      // for the past ones, which the market does not keep.
      // Each ticker's bars from its first alert on (a year asked, alerts of the last days: days of bars).
      const firstAt = new Map<string, number>();
      for (const a of past) {
        if (a.strategy) continue;
        const at = Date.parse(a.created);
        const known = firstAt.get(a.ticker);
        if (known === undefined || at < known) firstAt.set(a.ticker, at);
      }
      const bars = new Map<string, { time: number; open: number; high: number; low: number; close: number }[]>();
      const facts = new Map<string, MarketFacts>();
      await withProvider(MARKET_MSG.marketUnavailable, async () => {
        for (const [ticker, at] of firstAt) {
          const start = new Date(Math.max(from.getTime(), at - HOUR));
          const list = await market.bars(ticker, '1hr', start, to);
          bars.set(
            ticker,
            list.map((b) => ({ time: b.time * 1000, open: b.open, high: b.high, low: b.low, close: b.close })),
          );
          if (usesFacts) {
            const c = await market.company(ticker);
            facts.set(
              ticker,
              c
                ? {
                    sharesOutstanding: c.shares_outstanding,
                    sharesFloat: c.float,
                    averageVolume: c.average_volume,
                    sector: c.sector,
                  }
                : {},
            );
          }
        }
      });

      const replayed: ReplayAlert[] = past
        .filter((a) => !a.strategy)
        .map((a) => {
          const at = Date.parse(a.created);
          return {
            id: a.id,
            at,
            alert: {
              ticker: a.ticker,
              typeName: a.alert_type,
              date: market.calendar.dateOf(at),
              alertPrice: String(a.alert_price),
              buyRangeLow: String(a.buy_range_low),
              buyRangeHigh: String(a.buy_range_high),
              targetRangeLow: String(a.target_range_low),
              targetRangeHigh: String(a.target_range_high),
              stopLoss: String(a.stop_loss),
            },
            // The last price when it was published: its alert price.
            prices: {
              lastPrice: String(a.alert_price),
              buyRange1: String(a.buy_range_low),
              buyRange2: String(a.buy_range_high),
              stopLoss: String(a.stop_loss),
              targetRangeLow: String(a.target_range_low),
              targetRangeHigh: String(a.target_range_high),
            },
            facts: facts.get(a.ticker) ?? {},
            bars: fromTime(bars.get(a.ticker) ?? [], at),
          };
        });
      const trailing = s.set_trailing_profit
        ? {
            percent: String(s.trailing_profit),
            newPercent: String(s.new_trailing_profit),
            triggerPercent: String(s.trigger_percent),
          }
        : null;
      const r = replayBot({ filters, capital: capitalOf(s), sizing: sizingOf(s), trailing }, replayed, to.getTime());
      const decided = r.wins + r.losses;
      return {
        days: body.days,
        alerts: replayed.length,
        trades: r.trades.map((t) => ({
          alert_id: t.alertId,
          ticker: t.ticker,
          day: t.day,
          status: t.status,
          profit_loss: replayMoney(t.realised.plus(t.unrealised)),
        })),
        skipped: r.skipped.map((k) => ({ alert_id: k.alertId, ticker: k.ticker, day: k.day, reason: k.reason })),
        summary: {
          taken: r.trades.length,
          skipped: r.skipped.length,
          wins: r.wins,
          losses: r.losses,
          win_rate: decided === 0 ? null : Math.round((r.wins / decided) * 10_000) / 100,
          profit_loss: replayMoney(r.profitLoss),
          max_drawdown: replayMoney(r.maxDrawdown),
        },
        equity: r.equity.map((p) => ({ time: Math.floor(p.at / 1000), value: toNumber(p.value) })),
      };
    },
  };
}
export type BotReplayService = ReturnType<typeof createBotReplay>;
