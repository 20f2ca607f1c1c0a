import { BOT_REPLAY_DAYS, type BotReplayResult } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { formatMoney } from '../../lib/format';
import { formatProfitLoss } from './botWords';

/**
 * A bot's replay on past alerts (issue 26; docs/bot-rules.md "Replay") in words: the days offered,
 * the summary as the replay view shows it, the equity curve's points and an error's words.
 */

/** The days a replay looks back, offered as choices (the default in them). */
export const REPLAY_DAY_CHOICES = [30, BOT_REPLAY_DAYS.default, 180, BOT_REPLAY_DAYS.max] as const;

export type Tone = 'up' | 'down';

/** Up for a gain, down for a loss, none for zero (an amount's exact decimal text). */
export function toneOf(amount: string): Tone | undefined {
  const n = Number(amount);
  return !Number.isFinite(n) || n === 0 ? undefined : n > 0 ? 'up' : 'down';
}

/** The win rate in percent, or "—" before any trade made or lost money. */
export const winRateText = (rate: number | null): string => (rate === null ? '—' : `${rate}%`);

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The summary of a replay, in the view's order: what was read, taken and skipped, and how it went. */
export function replaySummaryInWords(r: BotReplayResult): { label: string; value: string; tone?: Tone }[] {
  const s = r.summary;
  const drawdown = Number(s.max_drawdown);
  const tone = toneOf(s.profit_loss);
  return [
    { label: 'Alerts read', value: count.format(r.alerts) },
    { label: 'Taken', value: count.format(s.taken) },
    { label: 'Skipped', value: count.format(s.skipped) },
    { label: 'Win rate', value: winRateText(s.win_rate) },
    { label: 'Wins', value: count.format(s.wins) },
    { label: 'Losses', value: count.format(s.losses) },
    { label: 'Profit / loss', value: formatProfitLoss(s.profit_loss), ...(tone ? { tone } : {}) },
    {
      label: 'Maximum drawdown',
      // A fall from a high: shown as the loss it was.
      value: Number.isFinite(drawdown) && drawdown > 0 ? `-${formatMoney(s.max_drawdown)}` : formatMoney(0),
      ...(Number.isFinite(drawdown) && drawdown > 0 ? { tone: 'down' as const } : {}),
    },
  ];
}

/**
 * The equity curve as a chart's points: times strictly rising (trades closing in the same second
 * make one point, the running P/L after the last of them), starting from zero at the start of the
 * first day a trade was taken when that is before the first closing. No closing, no points.
 */
export function equityPoints(r: Pick<BotReplayResult, 'equity' | 'trades'>): { time: number; value: number }[] {
  const points: { time: number; value: number }[] = [];
  for (const p of [...r.equity].sort((a, b) => a.time - b.time)) {
    const last = points[points.length - 1];
    if (last && last.time === p.time) last.value = p.value;
    else points.push({ time: p.time, value: p.value });
  }
  const firstDay = r.trades.map((t) => t.day).sort()[0];
  const start = firstDay ? Date.parse(`${firstDay}T00:00:00Z`) / 1000 : NaN;
  if (points.length > 0 && Number.isFinite(start) && start < points[0]!.time) points.unshift({ time: start, value: 0 });
  return points;
}

const GENERAL_KEYS = ['non_field_errors', 'detail', 'error', 'errors'];

/**
 * What a refused or failed replay says: the server's own words (a field's, such as `bot` or `days`,
 * without its name), else the error's message.
 */
export function replayErrorText(error: Error): string {
  if (!(error instanceof ApiError)) return error.message;
  const words = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(words) : []);
  const body = error.body;
  const fields = Object.entries(body)
    .filter(([key, value]) => !GENERAL_KEYS.includes(key) && Array.isArray(value))
    .map(([, value]) => value);
  return [...GENERAL_KEYS.map((key) => body[key]), ...fields].flatMap(words)[0] ?? error.message;
}
