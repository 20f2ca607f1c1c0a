import type { BotDto, SignalOutcome } from '@drat/contracts';

/**
 * The signals webhook in words (docs/bot-rules.md "Signals"; contracts' signals.ts): the message a
 * TradingView alert sends, what each outcome looks like, and whether the example passes a bot's
 * risk and reward filters.
 */

/** Each outcome's tag colour: still in hand, a trade made, trades closed, nothing done, or not accepted. */
export const OUTCOME_COLORS: Record<SignalOutcome, string> = {
  RECEIVED: 'warning',
  TRADED: 'success',
  CLOSED: 'processing',
  SKIPPED: 'default',
  REFUSED: 'error',
};

/** The example's levels, each a percent of the last price: buy 1% under it and at it, sell 5% and 10% over, stop 3% under. */
export const EXAMPLE_OFFSETS = { entry_1: -1, entry_2: 0, target_1: 5, target_2: 10, stop_loss: -3 } as const;

/**
 * A TradingView alert's message for the webhook, ready to paste: the alert's ticker and time make
 * the id (the same id twice acts once), the levels are offsets of the last price, and the secret
 * proves it is the owner's (TradingView cannot sign a message).
 */
export function tradingViewMessage(secret: string): string {
  const offsets = Object.entries(EXAMPLE_OFFSETS)
    .map(([k, v]) => `"${k}": ${v}`)
    .join(', ');
  return [
    '{',
    '  "id": "{{ticker}}-{{timenow}}",',
    '  "ticker": "{{ticker}}",',
    '  "action": "buy",',
    `  "offsets": { ${offsets} },`,
    `  "secret": ${JSON.stringify(secret)}`,
    '}',
  ].join('\n');
}

/**
 * The example's risk and reward as the bot's filters reckon them (the fall from entry_2 to the
 * stop, the rise from it to target_2, as a percent of entry_2), and what the bot asks.
 */
export function exampleAgainst(bot: Pick<BotDto, 'risk_at_most' | 'reward_at_least'>) {
  const top = 100 + EXAMPLE_OFFSETS.entry_2;
  const pct = (n: number) => Math.round((n / top) * 10_000) / 100;
  const risk = pct(top - (100 + EXAMPLE_OFFSETS.stop_loss));
  const reward = pct(100 + EXAMPLE_OFFSETS.target_2 - top);
  return { risk, reward, fits: risk <= bot.risk_at_most && reward >= bot.reward_at_least };
}

/** The bots a webhook may hand signals to: the active ones, as a Select's options. */
export const activeBotOptions = (bots: readonly Pick<BotDto, 'id' | 'bot_name' | 'active'>[]) =>
  bots.filter((b) => b.active).map((b) => ({ value: b.id, label: b.bot_name }));
