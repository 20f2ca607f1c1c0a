import { describe, expect, it } from 'vitest';
import { BOT_REPLAY_DAYS, BOT_REPLAY_MSG, type BotReplayResult } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { equityPoints, REPLAY_DAY_CHOICES, replayErrorText, replaySummaryInWords, winRateText } from './replayWords';

const trade = (alert_id: number, day: string, profit_loss: string) => ({
  alert_id,
  ticker: 'MSFT',
  day,
  status: 'COMPLETED',
  profit_loss,
});

const result = (over: Partial<BotReplayResult> = {}): BotReplayResult => ({
  days: 90,
  alerts: 12,
  trades: [],
  skipped: [],
  summary: {
    taken: 3,
    skipped: 9,
    wins: 2,
    losses: 1,
    win_rate: 66.67,
    profit_loss: '1250.5',
    max_drawdown: '80.25',
  },
  equity: [],
  ...over,
});

const summaryOf = (r: BotReplayResult) =>
  Object.fromEntries(replaySummaryInWords(r).map((i) => [i.label, { value: i.value, tone: i.tone }]));

describe("a bot's replay in words (issue 26)", () => {
  it('offers the default days among its choices, all within the days a replay allows', () => {
    expect(REPLAY_DAY_CHOICES).toContain(BOT_REPLAY_DAYS.default);
    for (const d of REPLAY_DAY_CHOICES) {
      expect(d).toBeGreaterThanOrEqual(BOT_REPLAY_DAYS.min);
      expect(d).toBeLessThanOrEqual(BOT_REPLAY_DAYS.max);
    }
  });

  it('says what was read, taken and skipped, and the money as the bots screens write it', () => {
    const s = summaryOf(result());
    expect(Object.keys(s)).toEqual([
      'Alerts read',
      'Taken',
      'Skipped',
      'Win rate',
      'Wins',
      'Losses',
      'Profit / loss',
      'Maximum drawdown',
    ]);
    expect(s['Alerts read']!.value).toBe('12');
    expect(s['Taken']!.value).toBe('3');
    expect(s['Skipped']!.value).toBe('9');
    expect(s['Win rate']!.value).toBe('66.67%');
    expect(s['Wins']!.value).toBe('2');
    expect(s['Losses']!.value).toBe('1');
    expect(s['Profit / loss']).toEqual({ value: '+$1,250.50', tone: 'up' });
    expect(s['Maximum drawdown']).toEqual({ value: '-$80.25', tone: 'down' });
  });

  it('a loss is down, nothing made or lost is neither, and no win rate before a trade made or lost money', () => {
    const lost = summaryOf(result({ summary: { ...result().summary, profit_loss: '-42', win_rate: 0 } }));
    expect(lost['Profit / loss']).toEqual({ value: '-$42.00', tone: 'down' });
    expect(lost['Win rate']!.value).toBe('0%');
    const none = summaryOf(
      result({
        summary: { taken: 0, skipped: 4, wins: 0, losses: 0, win_rate: null, profit_loss: '0', max_drawdown: '0' },
      }),
    );
    expect(none['Win rate']!.value).toBe('—');
    expect(none['Profit / loss']).toEqual({ value: '$0.00', tone: undefined });
    expect(none['Maximum drawdown']).toEqual({ value: '$0.00', tone: undefined });
    expect(winRateText(null)).toBe('—');
  });

  it('the equity curve starts from zero on the first day a trade was taken, its times rising', () => {
    const day = Date.UTC(2026, 2, 2) / 1000;
    const points = equityPoints({
      trades: [trade(8, '2026-03-04', '-20'), trade(7, '2026-03-02', '100')],
      // The server's order is oldest first; a client must not rely on it.
      equity: [
        { time: day + 3 * 86_400, value: 80 },
        { time: day + 36_000, value: 100 },
      ],
    });
    expect(points).toEqual([
      { time: day, value: 0 },
      { time: day + 36_000, value: 100 },
      { time: day + 3 * 86_400, value: 80 },
    ]);
  });

  it('trades closing in the same second make one point: the running P/L after the last of them', () => {
    const at = Date.UTC(2026, 2, 6, 20) / 1000;
    const points = equityPoints({
      trades: [trade(1, '2026-03-06', '10'), trade(2, '2026-03-06', '15')],
      equity: [
        { time: at, value: 10 },
        { time: at, value: 25 },
      ],
    });
    expect(points).toEqual([
      { time: Date.UTC(2026, 2, 6) / 1000, value: 0 },
      { time: at, value: 25 },
    ]);
    expect(new Set(points.map((p) => p.time)).size).toBe(points.length);
  });

  it('no trade, no points (the view says so instead of an empty chart)', () => {
    expect(equityPoints({ trades: [], equity: [] })).toEqual([]);
  });

  it("an error says the server's words without the field's name, else its own message", () => {
    const refused = new ApiError(400, { bot: [BOT_REPLAY_MSG.sharesOnly] });
    expect(refused.message).not.toBe(BOT_REPLAY_MSG.sharesOnly);
    expect(replayErrorText(refused)).toBe(BOT_REPLAY_MSG.sharesOnly);
    expect(replayErrorText(new ApiError(400, { code: 'X', days: [BOT_REPLAY_MSG.days] }))).toBe(BOT_REPLAY_MSG.days);
    expect(replayErrorText(new ApiError(503, { detail: 'Market data is unavailable.' }))).toBe(
      'Market data is unavailable.',
    );
    expect(replayErrorText(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });
});
