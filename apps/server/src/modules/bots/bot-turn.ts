/**
 * One bot's turn with an opportunity, an alert published or a signal received
 * (docs/bot-rules.md): its filters, its limits, the trade its price rules make, and that trade placed
 * through trading's one entry on behalf of the bot (or the signal), or a log line saying why not.
 * Once per bot and source: the trade and its bot_trades row commit in one transaction (unique on
 * bot and source), so a second process acting on the same source has its insert refused and its
 * trade with it.
 */
import type { AlertDto, BotBody, Rights } from '@drat/contracts';
import {
  botTrade,
  dec,
  limitReached,
  needsMarketFacts,
  occSymbol,
  toText,
  whySkipped,
  type BotAlert,
  type BotFilters,
  type BotTrade,
  type MarketFacts,
} from '@drat/engine';
import type { Actor } from '../../core/actor';
import { isDomainError } from '../../core/errors';
import type { MarketDataProvider } from '../../providers/market/interface';
import type { TradingArea } from '../trading';
import { isUniqueViolation } from '../users';
import { capitalOf, filtersOf, sizingOf } from './bot.dto';
import type { BotRow, BotsRepo } from './bots.repo';
import { refusalOf, type Owners } from './owners';

/** What a bot may trade: an alert's prices (or a signal's, as an alert of the bot's own type). */
export type Opportunity = Pick<
  AlertDto,
  | 'ticker'
  | 'alert_type'
  | 'alert_price'
  | 'buy_range_low'
  | 'buy_range_high'
  | 'target_range_low'
  | 'target_range_high'
  | 'stop_loss'
  | 'strategy'
  | 'singleExpiration'
  | 'singleStrike'
  | 'legOneExpiration'
  | 'legOneStrike'
  | 'legTwoStrike'
  | 'legOneType'
  | 'legTwoType'
> & {
  /** The alert it is (null for a signal). */
  alertId: number | null;
  /** Once per bot and source: 'alert:12', 'signal:34'. */
  source: string;
  /** How the logs name it: 'ACME (alert #12)'. */
  label: string;
  /** Its New York date. */
  day: string;
};

/** What came of a turn. */
export type TurnOutcome =
  { kind: 'TRADED'; text: string; tradeId: number } | { kind: 'SKIPPED'; text: string } | { kind: 'ALREADY' };

/** How a turn is taken beside its bot and opportunity. */
export interface TurnOptions {
  /** Who acts: the bot (by default), or the signal it takes. */
  by?: Actor;
  /** What the bot took before (read for many bots at once by the matcher), else read here. */
  known?: { days: string[]; invested: string; took: boolean };
  /** Where a skip's log line goes when the caller writes them together (else written at once). */
  skipped?: (botId: number, text: string) => void;
}

/** A limit found reached in the placing transaction: the trade is rolled back and the skip logged. */
class TurnRefused extends Error {}

/**
 * The bot was changed since it was read (its settings sized the trade): the trade is rolled back
 * and the turn taken again on the bot as it is now (the matcher's retry reads it afresh).
 */
export class BotChanged extends Error {
  constructor(botId: number) {
    super(`bot #${botId} was changed while it took its turn`);
  }
}

export interface TurnDeps {
  repo: BotsRepo;
  /** Trading's one entry: the only way a bot places a trade. */
  trading: Pick<TradingArea, 'smartTrades'>;
  /** Facts and prices of the ticker; the market's clock (alerts are timed by it). */
  market: Pick<MarketDataProvider, 'quotes' | 'company' | 'optionQuote' | 'calendar' | 'now'>;
  /** The bot's owner's rights (null: inactive), read once per owner for a few seconds (owners.ts). */
  owners: Pick<Owners, 'rightsOf'>;
  now: () => Date;
}

/** What a bot's trade of an alert is, beside its prices: the instrument and its unit. */
export interface Contract {
  options: boolean;
  /** The option legs' OCC symbols (empty for shares). */
  legs: string[];
}

export function contractOf(
  a: Pick<
    AlertDto,
    'ticker' | 'strategy' | 'singleExpiration' | 'singleStrike' | 'legOneExpiration' | 'legOneStrike' | 'legTwoStrike'
  >,
): Contract {
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
const asBotAlert = (a: Opportunity): BotAlert => ({
  ticker: a.ticker,
  typeName: a.alert_type,
  date: a.day,
  alertPrice: String(a.alert_price),
  buyRangeLow: String(a.buy_range_low),
  buyRangeHigh: String(a.buy_range_high),
  targetRangeLow: String(a.target_range_low),
  targetRangeHigh: String(a.target_range_high),
  stopLoss: String(a.stop_loss),
  option: a.strategy ? { expiration: a.singleExpiration ?? a.legOneExpiration ?? '', strategy: a.strategy } : null,
});

const n = (d: { toNumber(): number }) => d.toNumber();

/** The alert as the rules read it, made once per opportunity (the rules work out its measures once). */
const botAlerts = new WeakMap<Opportunity, BotAlert>();
function botAlertOf(o: Opportunity): BotAlert {
  let a = botAlerts.get(o);
  if (!a) botAlerts.set(o, (a = asBotAlert(o)));
  return a;
}

/** Whether filters read the ticker's market facts (shares, float, volume, sector, open interest) for `o`. */
const needsFacts = (filters: BotFilters, o: Pick<Opportunity, 'alert_type'>) => needsMarketFacts(filters, o.alert_type);

/** What filters say of an opportunity: why they refuse it, or null (`facts` read when they need them). */
const filtersSay = (filters: BotFilters, o: Opportunity, facts: MarketFacts) =>
  whySkipped(filters, botAlertOf(o), facts);

/** What a bot's turn is decided on beside the opportunity: its owner's rights, what it took, today. */
export interface Given {
  rights: Rights | null;
  known: { days: string[]; invested: string };
  /** New York's date now (the daily limit's day). */
  today: string;
}

/**
 * Why a bot does not take an opportunity, in the rules' order: its owner's plan, its filters, its
 * limits; or null. The first two are the same for many bots (bots of one owner, bots alike), so
 * the matcher works them out once and gives them here.
 */
export function firstRefusal(
  refused: string | null,
  filtersSay: string | null,
  bot: Pick<BotRow, 'settings'>,
  given: Pick<Given, 'known' | 'today'>,
): string | null {
  return refused ?? filtersSay ?? limitReached(capitalOf(bot.settings), given.known, given.today);
}

/** A skip's line in the bot's log: "Skipped ACME (alert #12): risk 12% is above your 10%." */
export function skipLine(o: Pick<Opportunity, 'label'>, why: string): string {
  return `Skipped ${o.label}: ${why.replace(/\.$/, '')}.`;
}

/** The MB trade's body: the basic trade of an alert (2-trading §3), as the drawer would send it. */
function bodyOf(bot: BotRow, a: Opportunity, t: BotTrade) {
  const s: BotBody = bot.settings;
  return {
    ticker: a.ticker,
    trade_type: 'MB' as const,
    ...(a.alertId === null ? {} : { alert_id: a.alertId }),
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
    trade_notes: s.trading_notes || `Placed by bot ${bot.name} from ${a.label}.`,
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

export function createBotTurn({ repo, trading, market, owners, now }: TurnDeps) {
  /** The market's facts of the ticker, read once and only when a bot asks. */
  function readsOf(a: Pick<AlertDto, 'ticker'>, contract: Contract) {
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

  /** Why a bot does not take `o` (its owner's plan, a filter, a limit: the first refusal in words), or null. */
  async function verdict(bot: BotRow, o: Opportunity, reads: Reads, given: Given): Promise<string | null> {
    const refused = refusalOf(given.rights, bot);
    if (refused) return refused;
    const filters = filtersOf(bot);
    const facts = needsFacts(filters, o) ? await reads.facts() : {};
    return firstRefusal(null, filtersSay(filters, o, facts), bot, given);
  }

  /**
   * One bot's turn: TRADED or SKIPPED (each logged in the bot's log), ALREADY when this bot took the
   * source before; a failure worth retrying (the broker or the market unreachable) is thrown.
   */
  async function turn(
    bot: BotRow,
    o: Opportunity,
    reads: Reads,
    contract: Contract,
    options: TurnOptions = {},
  ): Promise<TurnOutcome> {
    const by = options.by ?? { kind: 'bot', botId: bot.id, name: bot.name };
    const known = options.known ??
      (await repo.takenOf([bot.id], o.source)).get(bot.id) ?? { days: [], invested: '0', took: false };
    if (known.took) return { kind: 'ALREADY' };
    const skip = async (why: string): Promise<TurnOutcome> => {
      const text = skipLine(o, why);
      if (options.skipped) options.skipped(bot.id, text);
      else await repo.log([bot.id], text, now());
      return { kind: 'SKIPPED', text };
    };

    // The owner's plan must still give bots and the bot's alert type (a lapsed plan stops its
    // bots), then the filters, then the limits.
    const today = market.calendar.dateOf(market.now());
    const why = await verdict(bot, o, reads, { rights: await owners.rightsOf(bot.userId), known, today });
    if (why) return skip(why);

    const s = bot.settings;
    const usesLast =
      (s.set_entry_prices && (s.entry_one_parameter === 'last_price' || s.entry_two_parameter === 'last_price')) ||
      (s.set_stop_loss_entry_price && s.stop_loss_entry_parameter === 'last_price');
    const lastPrice = usesLast ? await reads.lastPrice() : null;
    if (usesLast && lastPrice === null) return skip('its last price is not known');
    const made = botTrade(
      sizingOf(s),
      {
        lastPrice: lastPrice ?? '0',
        buyRange1: String(o.buy_range_low),
        buyRange2: String(o.buy_range_high),
        stopLoss: String(o.stop_loss),
        targetRangeLow: String(o.target_range_low),
        targetRangeHigh: String(o.target_range_high),
      },
      contract.options ? 100 : 1,
    );
    if ('skip' in made) return skip(made.skip);

    try {
      const trade = await trading.smartTrades.place(
        { userId: bot.userId, by },
        bot.mode,
        bodyOf(bot, o, made.trade),
        async (tx, tradeId) => {
          // Checked again on what is committed, the bot locked: another alert or a signal of this
          // bot may have placed a trade since the read above, or the bot was changed or stopped.
          const fresh = await repo.lockForTrade(tx, bot.id);
          if (!fresh?.active) throw new TurnRefused('the bot was deactivated meanwhile');
          if (fresh.version !== bot.version) throw new BotChanged(bot.id);
          const again = limitReached(capitalOf(fresh.settings), fresh, today);
          if (again) throw new TurnRefused(again);
          await repo.recordTaken(tx, {
            botId: bot.id,
            source: o.source,
            alertId: o.alertId,
            tradeId,
            day: today,
            amount: String(fresh.settings.amount_invested_per_trade),
            at: now(),
          });
        },
      );
      const text = `Took ${o.label}: trade #${trade.id} buys ${sizesInWords(made.trade)}, stop ${toText(made.trade.stopLoss)}.`;
      await repo.log([bot.id], text, now());
      return { kind: 'TRADED', text, tradeId: trade.id };
    } catch (err) {
      if (err instanceof TurnRefused) return skip(err.message);
      if (isUniqueViolation(err, 'bot_trades_source_key')) return { kind: 'ALREADY' }; // another process placed it
      if (isDomainError(err) && !err.retryable) return skip(`the trade was refused: ${err.message.replace(/\.$/, '')}`);
      throw err;
    }
  }

  return { turn, readsOf, filtersSay, needsFacts, rightsOf: owners.rightsOf };
}
export type Reads = ReturnType<ReturnType<typeof createBotTurn>['readsOf']>;
export type BotTurn = ReturnType<typeof createBotTurn>;
