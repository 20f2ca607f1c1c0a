import { describe, expect, it } from 'vitest';
import {
  money,
  newAlertTexts,
  SMS_MAX,
  triggerLabel,
  triggerTexts,
  type AlertSubject,
  type TriggerSubject,
} from './notifications.texts';

const alert: AlertSubject = {
  id: 7,
  ticker: 'AAPL',
  companyName: 'Apple Inc.',
  typeName: 'SWING-ALERTS',
  buyRangeLow: '180.5000',
  buyRangeHigh: '182.0000',
  targetRangeLow: '195.0000',
  targetRangeHigh: '1210.2500',
  stopLoss: '172.0000',
  strategy: null,
  singleStrike: null,
  singleExpiration: null,
  legOneStrike: null,
  legTwoStrike: null,
  legOneExpiration: null,
};

const trigger: TriggerSubject = {
  id: 3,
  alertId: 7,
  kind: 'TARGET_1',
  ticker: 'AAPL',
  lastPrice: '195.1200',
  triggerNote: 'AAPL reached target 1 for a +7.2% profit.',
  typeName: 'SWING-ALERTS',
};

describe('money', () => {
  it.each([
    ['182.0000', '$182.00'],
    ['1210.2500', '$1,210.25'],
    ['0.5000', '$0.50'],
    ['0.0123', '$0.0123'],
    ['0.0450', '$0.045'],
    ['0', '$0.00'],
    [null, '—'],
    ['', '—'],
    ['abc', '—'],
  ])('%j → %s', (value, expected) => {
    expect(money(value)).toBe(expected);
  });
});

describe('notification texts', () => {
  it('a new alert: its type and ticker, then its prices', () => {
    const texts = newAlertTexts(alert, 'https://drat.example.com/');
    expect(texts.title).toBe('New SWING-ALERTS alert: AAPL');
    expect(texts.content).toBe(
      'AAPL (Apple Inc.): buy range $180.50 to $182.00, targets $195.00 and $1,210.25, stop loss $172.00.',
    );
    expect(texts.email.subject).toBe(texts.title);
    expect(texts.email.text).toContain(texts.content);
    expect(texts.email.text).toContain('Open DRAT: https://drat.example.com/alerts');
    expect(texts.email.text).toContain('https://drat.example.com/settings');
    expect(texts.sms).toBe(`DRAT: ${texts.title}. ${texts.content}`);
  });

  it('an options alert adds its strategy, strikes and expiry', () => {
    const texts = newAlertTexts(
      {
        ...alert,
        typeName: 'OPTIONS-ALERTS',
        companyName: '',
        strategy: 'STRANGLE',
        legOneStrike: '170.0000',
        legTwoStrike: '190.0000',
        legOneExpiration: '2026-12-18',
      },
      'http://localhost:3000',
    );
    expect(texts.content).toMatch(/^AAPL: buy range/);
    expect(texts.content).toMatch(/ STRANGLE \$170\.00 \/ \$190\.00, expiring 2026-12-18\.$/);
  });

  it('a trigger: the event in words, its note and the last price; trackers get their own title and page', () => {
    const other = triggerTexts(trigger, 'TRIGGER', 'http://localhost:3000');
    expect(other.title).toBe('SWING-ALERTS AAPL: target 1 reached');
    expect(other.content).toBe('AAPL reached target 1 for a +7.2% profit. Last price $195.12.');
    expect(other.email.text).toContain('http://localhost:3000/triggers');
    const tracker = triggerTexts(trigger, 'TRACKER', 'http://localhost:3000');
    expect(tracker.title).toBe('Tracked alert AAPL: target 1 reached');
    expect(tracker.email.text).toContain('http://localhost:3000/trackers');
    expect(triggerTexts({ ...trigger, triggerNote: '  ' }, 'TRIGGER', '').content).toBe('Last price $195.12.');
  });

  it.each([
    ['BUY_RANGE', 'entered the buy range'],
    ['TARGET_1', 'target 1 reached'],
    ['TARGET_2', 'target 2 reached'],
    ['STOP', 'stop loss hit'],
    ['EXPIRED', 'expired'],
    ['SOMETHING_NEW', 'something new'],
  ])('trigger %s reads "%s"', (kind, label) => {
    expect(triggerLabel(kind)).toBe(label);
  });

  it(`an SMS is cut to ${SMS_MAX} characters`, () => {
    const sms = triggerTexts({ ...trigger, triggerNote: 'x'.repeat(1000) }, 'TRIGGER', '').sms;
    expect(sms).toHaveLength(SMS_MAX);
    expect(sms.endsWith('…')).toBe(true);
  });
});
