/**
 * Replay (issue 13, beyond the spec): the trade being entered in a drawer, run through the trading
 * engine over the ticker's recent hourly bars before the trader commits (docs/trading-rules.md
 * "Replay"). Shares only: options have no price history here.
 */
import { z } from 'zod';
import { barSchema } from './market';
import { TRADE_STATUSES } from './smart-trades';
import { draftTradeBody } from './smart-trades-forms';

export const REPLAY_DAYS = { min: 1, max: 60, default: 20 } as const;
export const REPLAY_MSG = {
  days: `Replay ${REPLAY_DAYS.min} to ${REPLAY_DAYS.max} days.`,
  sharesOnly: 'Replay runs on shares: an options trade has no price history here.',
  noBars: (ticker: string) => `There are no recent bars of ${ticker} to replay.`,
} as const;

/** POST /livetrading/replay-trade/: the drawer's trade (as it would be sent) and how many days back. */
export const replayTradeBody = z.object({
  days: z
    .number({ error: REPLAY_MSG.days })
    .int({ error: REPLAY_MSG.days })
    .min(REPLAY_DAYS.min, { error: REPLAY_MSG.days })
    .max(REPLAY_DAYS.max, { error: REPLAY_MSG.days })
    .default(REPLAY_DAYS.default),
  trade: draftTradeBody,
});
export type ReplayTradeInput = z.input<typeof replayTradeBody>;
export type ReplayTradeBody = z.infer<typeof replayTradeBody>;

export const replayExecutionSchema = z.object({
  at: z.number(),
  /** 'buy_range_1', 'buy_range_2' or 'Range N'. */
  label: z.string(),
  side: z.enum(['buy', 'sell']),
  qty: z.number(),
  price: z.number(),
});
export type ReplayExecutionDto = z.infer<typeof replayExecutionSchema>;

/** What the levels would have done: the bars (for the chart), each execution, the status and P/L at the end. */
export const replayResultSchema = z.object({
  ticker: z.string(),
  interval: z.literal('1hr'),
  bars: z.array(barSchema),
  executions: z.array(replayExecutionSchema),
  status: z.enum(TRADE_STATUSES),
  /** Realised P/L of what was sold, in dollars. */
  realised: z.number(),
  /** Shares still held at the end, and their P/L at the last close. */
  held: z.number(),
  unrealised: z.number(),
  log: z.array(z.object({ at: z.number(), text: z.string() })),
});
export type ReplayResult = z.infer<typeof replayResultSchema>;
