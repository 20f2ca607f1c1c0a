/**
 * A published alert meets the money-management bots (3-bots-admin-public §2.1, docs/bot-rules.md):
 * each active bot of the alert's type, in turn, checks its filters, its limits and the trade its
 * price rules make, and places that trade through trading's one entry on behalf of the bot, or
 * logs why not ("Skipped ACME (alert #12): risk 12% is above your 10%").
 *
 * Once per bot and alert: the trade and its bot_trades row (unique on bot and source) commit in one
 * transaction, so a second process hearing the same alert has its insert refused and its trade with
 * it. A failure worth retrying (the broker or the market unreachable) fails the job after the other
 * bots had their turn; the retry skips the bots that took the alert already.
 */
import type { AlertDto, BotBody } from '@drat/contracts';
import {
  botTrade,
  dec,
  limitReached,
  occSymbol,
  toText,
  whySkipped,
  type BotAlert,
  type BotTrade,
  type MarketFacts,
} from '@drat/engine';
import type { Logger } from 'pino';
import { isDomainError } from '../../core/errors';
import type { MarketDataProvider } from '../../providers/market/interface';
import type { TradingArea } from '../trading';
import { isUniqueViolation } from '../users';
import { capitalOf, filtersOf, sizingOf } from './bot.dto';
import type { BotRow, BotsRepo } from './bots.repo';

export interface MatcherDeps {
  repo: BotsRepo;
  /** Trading's one entry: the only way a bot places a trade. */
  trading: Pick<TradingArea, 'smartTrades'>;
  /** Published alerts by id (the alerts area). */
  alerts: { published(q: { ids: number[] }): Promise<AlertDto[]> };
  /** Facts and prices of the alert's ticker; the market's clock (alerts are timed by it). */
  market: Pick<MarketDataProvider, 'quotes' | 'company' | 'optionQuote' | 'calendar' | 'now'>;
  now: () => Date;
  log: Logger;
}

/** What a bot's trade of an alert is, beside its prices: the instrument and its unit. */
interface Contract {
  options: boolean;
  /** The option legs' OCC symbols (empty for shares). */
  legs: string[];
}

function contractOf(a: AlertDto): Contract {
  if (!a.strategy) return { options: false, legs: [] };
  const leg = (exp: string | null, type: 'call' | 'put', strike: number | null) =>
    exp && strike !== null ? [occSymbol(a.ticker, exp, type, strike)] : [];
  switch (a.strategy) {
    case 'BUY CALL':
      return { options: true, legs: leg(a.singleExpiration, 'call', a.singleStrike) };
    case 'BUY PUT':
      return { options: true, legs: leg(a.singleExpiration, 'put', a.singleStrike) };
    default:
      return {
        options: true,
        legs: [...leg(a.legOneExpiration, 'call', a.legOneStrike), ...leg(a.legOneExpiration, 'put', a.legTwoStrike)],
      };
  }
}

/** The alert as the bot rules read it. */
const botAlertOf = (a: AlertDto, day: string): BotAlert => ({
  ticker: a.ticker,
  typeName: a.alert_type,
  date: day,
  alertPrice: String(a.alert_price),
  buyRangeLow: String(a.buy_range_low),
  buyRangeHigh: String(a.buy_range_high),
  targetRangeLow: String(a.target_range_low),
  targetRangeHigh: String(a.target_range_high),
  stopLoss: String(a.stop_loss),
  option: a.strategy ? { expiration: a.singleExpiration ?? a.legOneExpiration ?? '', strategy: a.strategy } : null,
});

const n = (d: { toNumber(): number }) => d.toNumber();

/** The MB trade's body: the basic trade of an alert (2-trading §3), as the drawer would send it. */
function bodyOf(bot: BotRow, a: AlertDto, t: BotTrade) {
  const s: BotBody = bot.settings;
  return {
    ticker: a.ticker,
    trade_type: 'MB' as const,
    alert_id: a.id,
    ...(bot.mode === 'LIVE' ? { account_id: bot.accountId } : {}),
    buy_range_low: n(t.buyRangeLow),
    buy_range_high: n(t.buyRangeHigh),
    target_range_low: n(t.targetRangeLow),
    target_range_high: n(t.targetRangeHigh),
    stop_loss: n(t.stopLoss),
    amount_buy_range_low: t.amountLow,
    amount_buy_range_high: t.amountHigh,
    extra_ranges: t.extra.map((r) => ({
      buy_range: n(r.buy),
      buy_range_quantity: r.quantity,
      target_range: n(r.target),
      target_range_quantity: r.quantity,
    })),
    set_trailing_profit: s.set_trailing_profit,
    ...(s.set_trailing_profit
      ? {
          trailing_profit: s.trailing_profit,
          new_trailing_profit: s.new_trailing_profit,
          trigger_percent: s.trigger_percent,
        }
      : {}),
    trade_notes: s.trading_notes || `Placed by bot ${bot.name} from alert #${a.id}.`,
    ...(a.strategy
      ? {
          strategy: a.strategy,
          singleStrike: a.singleStrike,
          singleExpiration: a.singleExpiration,
          legOneStrike: a.legOneStrike,
          legTwoStrike: a.legTwoStrike,
          legOneExpiration: a.legOneExpiration,
          legOneType: a.legOneType === null ? null : ('CALL' as const),
          legTwoType: a.legTwoType === null ? null : ('PUT' as const),
        }
      : {}),
  };
}

/** "51 at 9.8 and 50 at 10", "102 at 9.8". */
function sizesInWords(t: BotTrade): string {
  const parts = [
    ...(t.amountLow > 0 ? [`${t.amountLow} at ${toText(t.buyRangeLow)}`] : []),
    ...(t.amountHigh > 0 ? [`${t.amountHigh} at ${toText(t.buyRangeHigh)}`] : []),
    ...t.extra.map((r) => `${r.quantity} at ${toText(r.buy)}`),
  ];
  return parts.join(' and ');
}

export function createMatcher({ repo, trading, alerts, market, now, log }: MatcherDeps) {
  /** The market's facts of the alert, read once and only when a bot asks. */
  function factsOf(a: AlertDto, contract: Contract) {
    let facts: Promise<MarketFacts> | null = null;
    let last: Promise<string | null> | null = null;
    return {
      facts: () =>
        (facts ??= (async () => {
          if (contract.options) {
            const quotes = await Promise.all(contract.legs.map((s) => market.optionQuote(s)));
            const known = quotes.filter((q) => q !== null);
            if (known.length === 0 || known.length < contract.legs.length) return {};
            // A two-leg trade is as liquid as its thinner leg.
            return {
              openInterest: Math.min(...known.map((q) => q.open_interest)),
              optionsVolume: Math.min(...known.map((q) => q.volume)),
            };
          }
          const c = await market.company(a.ticker);
          if (!c) return {};
          return {
            sharesOutstanding: c.shares_outstanding,
            sharesFloat: c.float,
            averageVolume: c.average_volume,
            sector: c.sector,
          };
        })()),
      lastPrice: () =>
        (last ??= (async () => {
          if (contract.options) {
            const quotes = await Promise.all(contract.legs.map((s) => market.optionQuote(s)));
            if (quotes.length === 0 || quotes.some((q) => q === null || !(q.last > 0))) return null;
            return toText(quotes.reduce((sum, q) => sum.plus(String(q!.last)), dec(0)));
          }
          const [q] = await market.quotes([a.ticker]);
          return q && q.last > 0 ? String(q.last) : null;
        })()),
    };
  }

  /** One bot's turn: placed, skipped (logged), or a failure worth retrying (thrown). */
  async function turn(bot: BotRow, a: AlertDto, day: string, reads: ReturnType<typeof factsOf>, contract: Contract) {
    const source = `alert:${a.id}`;
    if (await repo.tookSource(bot.id, source)) return;
    const name = `${a.ticker} (alert #${a.id})`;
    const skip = (why: string) => repo.log([bot.id], `Skipped ${name}: ${why}.`, now());

    const needsFacts = Object.values(filtersOf(bot)).some(
      (f) => typeof f === 'object' && f !== null && 'on' in f && f.on,
    );
    const filtered = whySkipped(
      filtersOf(bot),
      botAlertOf(a, day),
      needsFacts || contract.options ? await reads.facts() : {},
    );
    if (filtered) return skip(filtered);

    const taken = (await repo.taken([bot.id])).map((t) => t.day);
    const today = market.calendar.dateOf(market.now());
    const limit = limitReached(capitalOf(bot.settings), { days: taken }, today);
    if (limit) return skip(limit);

    const usesLast =
      (bot.settings.set_entry_prices &&
        (bot.settings.entry_one_parameter === 'last_price' || bot.settings.entry_two_parameter === 'last_price')) ||
      (bot.settings.set_stop_loss_entry_price && bot.settings.stop_loss_entry_parameter === 'last_price');
    const lastPrice = usesLast ? await reads.lastPrice() : null;
    if (usesLast && lastPrice === null) return skip(`its last price is not known`);
    const made = botTrade(
      sizingOf(bot.settings),
      {
        lastPrice: lastPrice ?? '0',
        buyRange1: String(a.buy_range_low),
        buyRange2: String(a.buy_range_high),
        stopLoss: String(a.stop_loss),
        targetRangeLow: String(a.target_range_low),
        targetRangeHigh: String(a.target_range_high),
      },
      contract.options ? 100 : 1,
    );
    if ('skip' in made) return skip(made.skip);

    const who = { userId: bot.userId, by: { kind: 'bot' as const, botId: bot.id, name: bot.name } };
    try {
      const trade = await trading.smartTrades.place(who, bot.mode, bodyOf(bot, a, made.trade), (tx, tradeId) =>
        repo.recordTaken(tx, {
          botId: bot.id,
          source,
          alertId: a.id,
          tradeId,
          day: today,
          amount: String(bot.settings.amount_invested_per_trade),
          at: now(),
        }),
      );
      await repo.log(
        [bot.id],
        `Took ${name}: trade #${trade.id} buys ${sizesInWords(made.trade)}, stop ${toText(made.trade.stopLoss)}.`,
        now(),
      );
    } catch (err) {
      if (isUniqueViolation(err)) return; // another process placed it: one trade per bot and alert
      if (isDomainError(err) && !err.retryable) return skip(`the trade was refused: ${err.message}`);
      throw err;
    }
  }

  return {
    /** The 'bots.alert' job: every active bot of the alert's type has its turn. */
    async alertPublished(alertId: number): Promise<{ bots: number }> {
      const [a] = await alerts.published({ ids: [alertId] });
      if (!a) return { bots: 0 };
      const day = market.calendar.dateOf(new Date(a.created));
      const bots = await repo.activeFor(a.alert_type_id, day);
      if (bots.length === 0) return { bots: 0 };
      const contract = contractOf(a);
      const facts = factsOf(a, contract);
      let retry: unknown = null;
      for (const bot of bots) {
        try {
          await turn(bot, a, day, facts, contract);
        } catch (err) {
          log.warn({ err, botId: bot.id, alertId }, 'bots: a bot could not place its trade; the job will retry');
          retry ??= err;
        }
      }
      if (retry) throw retry;
      return { bots: bots.length };
    },
  };
}
export type Matcher = ReturnType<typeof createMatcher>;
