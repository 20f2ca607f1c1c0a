import {
  ALL_SECTORS,
  BOT_REFERENCE_LABELS,
  isOptionsCategory,
  type BotDto,
  type BotPerformanceDto,
} from '@drat/contracts';
import { formatDateTime, formatMoney } from '../../lib/format';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_LABEL, splitShown } from './botForm';

/**
 * A bot in words (3-bots-admin-public §2.1 details and performance modals, §3, §9): its account,
 * its dates, and every setting as a subscriber reads it.
 */

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A calendar day (YYYY-MM-DD) as "Jan 5, 2026", the same in every time zone. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayFormat.format(d);
}

const localDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const localTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** A moment (ISO) where the user is, as its day and its time: "Jan 5, 2026" and "3:05 PM". */
export function formatMoment(iso: string): { day: string; time: string } {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? { day: iso, time: '' } : { day: localDay.format(d), time: localTime.format(d) };
}

/** "Jan 5, 2026 – Feb 4, 2026". */
export const dayRange = (from: string | null, to: string | null): string => `${formatDay(from)} – ${formatDay(to)}`;

/** A profit or loss with its sign: "+$12.50", "-$3.00", "$0.00". */
export function formatProfitLoss(amount: string): string {
  const n = Number(amount);
  if (!Number.isFinite(n) || n === 0) return formatMoney(amount);
  return `${n > 0 ? '+' : '-'}${formatMoney(Math.abs(n))}`;
}

/** The account a bot trades on: "Demo account", or the brokerage account's id. */
export const accountText = (account: { account_id: string }): string =>
  account.account_id === DEMO_ACCOUNT ? DEMO_ACCOUNT_LABEL : account.account_id;

/** §4: ACTIVE or INACTIVE. */
export const statusText = (bot: Pick<BotDto, 'active'>) => (bot.active ? 'ACTIVE' : 'INACTIVE');

const percent = (n: number) => `${n}%`;
const range = (on: boolean, min: number, max: number) =>
  on ? `${count.format(min)} to ${count.format(max)}` : 'Any (filter off)';
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** An entry's or the stop's price rule: "Last price minus $0.05". */
export const ruleText = (sign: 'plus' | 'minus', reference: string, offset: number) =>
  `${BOT_REFERENCE_LABELS[reference] ?? reference} ${sign} ${formatMoney(offset)}`;

export interface WordsSection {
  title: string;
  rows: { label: string; value: string }[];
}

/**
 * Every setting of a bot in words, by the form's sections (§2.1): the options filters for an
 * options category (§2.1: name contains IDEAS or OPTION), the share and sector filters otherwise.
 * `withOwner` adds the owner's name and e-mail (the super users' view, §2.2).
 */
export function botSettingsInWords(bot: BotDto, withOwner = false): WordsSection[] {
  const options = isOptionsCategory(bot.trade_category.name);
  const sectors = bot.selected_sectors.filter((s) => s !== ALL_SECTORS);
  const identity: WordsSection = {
    title: 'Identity and account',
    rows: [
      { label: 'Bot name', value: bot.bot_name },
      ...(withOwner ? [{ label: 'Owner', value: `${bot.name} (${bot.email})` }] : []),
      { label: 'Status', value: `${statusText(bot)}${bot.archived ? ', archived' : ''}` },
      { label: 'Account', value: accountText(bot.trade_account) },
      { label: 'Trade category', value: `${bot.trade_category.name} (${bot.trade_category.category})` },
      { label: 'Takes alerts published', value: dayRange(bot.alerts_from_date, bot.alerts_to_date) },
      { label: 'Created', value: formatDateTime(bot.created) },
    ],
  };
  const risk: WordsSection = {
    title: 'Risk filters',
    rows: [
      { label: 'Risk at most', value: percent(bot.risk_at_most) },
      { label: 'Reward at least', value: percent(bot.reward_at_least) },
    ],
  };
  const capital: WordsSection = {
    title: 'Capital',
    rows: [
      { label: 'Amount per trade', value: formatMoney(bot.amount_invested_per_trade) },
      { label: 'Maximum number of trades', value: count.format(bot.max_no_of_trades) },
      { label: 'Maximum total amount', value: formatMoney(bot.max_total_amount_set_to_invest) },
      { label: 'Daily trade limit', value: `${count.format(bot.daily_trade_limit)} trades a day` },
    ],
  };
  const trailing: WordsSection = {
    title: 'Trailing profit',
    rows: bot.set_trailing_profit
      ? [
          { label: 'Trailing profit', value: percent(bot.trailing_profit) },
          { label: 'New trailing profit', value: percent(bot.new_trailing_profit) },
          { label: 'Trigger percent', value: percent(bot.trigger_percent) },
        ]
      : [{ label: 'Trailing profit', value: 'Off' }],
  };
  const sizes: WordsSection = {
    title: 'Entry and exit sizes',
    rows: [
      {
        label: 'Entry 1 / Entry 2',
        value: `${percent(bot.low_buy_range_proportion)} / ${percent(bot.high_buy_range_proportion)}`,
      },
      {
        label: 'Exit 1 / Exit 2',
        value: `${percent(bot.low_target_range_proportion)} / ${percent(bot.high_target_range_proportion)}`,
      },
      ...(splitShown(bot)
        ? [
            {
              label: 'Split a 100% entry into half exit ranges',
              value: yesNo(bot.split_100_percent_buy_range_shares_into_half_exit_ranges),
            },
          ]
        : []),
    ],
  };
  const prices: WordsSection = {
    title: 'Entry and stop-loss prices',
    rows: [
      ...(bot.set_entry_prices
        ? [
            {
              label: 'Entry 1 price',
              value: ruleText(bot.entry_one_sign, bot.entry_one_parameter, bot.entry_one_adder),
            },
            {
              label: 'Entry 2 price',
              value: ruleText(bot.entry_two_sign, bot.entry_two_parameter, bot.entry_two_adder),
            },
          ]
        : [{ label: 'Entry prices', value: "The alert's buy ranges" }]),
      {
        label: 'Stop loss',
        value: bot.set_stop_loss_entry_price
          ? ruleText(bot.stop_loss_entry_sign, bot.stop_loss_entry_parameter, bot.stop_loss_entry_adder)
          : "The alert's stop loss",
      },
      { label: 'Strict target price', value: yesNo(bot.strict_target_price) },
      { label: 'Trading notes', value: bot.trading_notes.trim() || '—' },
    ],
  };
  const alertPrice: WordsSection = {
    title: 'Alert price filter',
    rows: [
      {
        label: 'Alert price',
        value: `Above ${formatMoney(bot.alert_price_greater_than)} and below ${formatMoney(bot.alert_price_less_than)}`,
      },
    ],
  };
  const market: WordsSection = options
    ? {
        title: 'Options filters',
        rows: [
          {
            label: 'Open interest',
            value: range(bot.set_open_interest, bot.open_interest_greater_than, bot.open_interest_less_than),
          },
          {
            label: 'Options volume',
            value: range(bot.set_options_volume, bot.min_options_volume, bot.max_options_volume),
          },
          {
            label: 'Expiration dates',
            value:
              bot.expiration_from_date || bot.expiration_to_date
                ? dayRange(bot.expiration_from_date, bot.expiration_to_date)
                : 'Any',
          },
          { label: 'Options strategy', value: bot.options_strategy || 'ALL' },
        ],
      }
    : {
        title: 'Share and sector filters',
        rows: [
          {
            label: 'Shares outstanding',
            value: range(bot.set_shares_outs, bot.least_shares_outs, bot.max_shares_outs),
          },
          { label: 'Shares float', value: range(bot.set_shares_float, bot.least_shares_float, bot.max_shares_float) },
          {
            label: 'Average volume',
            value: range(bot.set_average_volume, bot.least_average_volume, bot.max_average_volume),
          },
          { label: 'Sectors', value: sectors.length > 0 ? sectors.join(', ') : 'All sectors' },
        ],
      };
  return [identity, risk, capital, trailing, sizes, prices, alertPrice, market];
}

/** §9 "Bot performance" in words, in the performance modal's order. */
export function performanceInWords(p: BotPerformanceDto): { label: string; value: string; tone?: 'up' | 'down' }[] {
  const pl = Number(p.profit_loss);
  return [
    { label: 'Trades taken', value: count.format(p.trades_taken) },
    { label: 'Trades left', value: count.format(p.trades_left) },
    { label: 'Amount invested', value: formatMoney(p.amount_invested) },
    { label: 'Amount left', value: formatMoney(p.amount_left) },
    {
      label: 'Profit / loss',
      value: formatProfitLoss(p.profit_loss),
      ...(pl > 0 ? { tone: 'up' as const } : pl < 0 ? { tone: 'down' as const } : {}),
    },
  ];
}
