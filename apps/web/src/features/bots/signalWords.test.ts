import { describe, expect, it } from 'vitest';
import { signalMessage } from '@drat/contracts';
import { activeBotOptions, exampleAgainst, OUTCOME_COLORS, tradingViewMessage } from './signalWords';

describe('the TradingView message shown with a new webhook', () => {
  const text = tradingViewMessage('s3cr3t-"quoted"');

  it('is JSON carrying the secret, TradingView placeholders for the id and ticker', () => {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(parsed).toEqual({
      id: '{{ticker}}-{{timenow}}',
      ticker: '{{ticker}}',
      action: 'buy',
      offsets: { entry_1: -1, entry_2: 0, target_1: 5, target_2: 10, stop_loss: -3 },
      secret: 's3cr3t-"quoted"',
    });
  });

  it('is a signal the server accepts once TradingView fills its placeholders', () => {
    const filled = text.replaceAll('{{ticker}}', 'AAPL').replaceAll('{{timenow}}', '2026-03-02T15:30:00Z');
    const result = signalMessage.safeParse(JSON.parse(filled));
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });
});

describe("the example against a bot's risk and reward filters", () => {
  it('risks 3% and rewards 10%, as the bot reckons them from entry_2', () => {
    expect(exampleAgainst({ risk_at_most: 10, reward_at_least: 5 })).toEqual({ risk: 3, reward: 10, fits: true });
  });

  it("does not fit the defaults' 50% reward", () => {
    expect(exampleAgainst({ risk_at_most: 10, reward_at_least: 50 }).fits).toBe(false);
    expect(exampleAgainst({ risk_at_most: 2, reward_at_least: 0 }).fits).toBe(false);
  });
});

describe('the choices and the tags', () => {
  it('a webhook goes to an active bot only', () => {
    const bots = [
      { id: 1, bot_name: 'On', active: true },
      { id: 2, bot_name: 'Off', active: false },
    ];
    expect(activeBotOptions(bots)).toEqual([{ value: 1, label: 'On' }]);
  });

  it('every outcome has its colour, a refusal in red', () => {
    expect(Object.keys(OUTCOME_COLORS).sort()).toEqual(['CLOSED', 'RECEIVED', 'REFUSED', 'SKIPPED', 'TRADED']);
    expect(OUTCOME_COLORS.REFUSED).toBe('error');
    expect(OUTCOME_COLORS.TRADED).toBe('success');
  });
});
