import { describe, expect, it } from 'vitest';
import { classifyTriggerNote } from '@drat/contracts';
import { sanitizeNote } from './alert-types-admin.service';
import { liveProfit, num, riskVsReward, round, trackerProgress, winRate } from './alerts.rules';

describe('num', () => {
  it.each([
    ['12.3400', 12.34],
    ['0.0012', 0.0012],
    ['-3.5', -3.5],
    [null, null],
    [undefined, null],
    ['NaN', null],
  ])('%s → %s', (input, expected) => expect(num(input)).toBe(expected));
});

describe('round', () => {
  it.each([
    [1.005, 2, 1.01],
    [66.666666, 2, 66.67],
    [-1.005, 2, -1.01],
    [2.5, 0, 3],
    [0.123456789, 4, 0.1235],
  ])('round(%s, %s) = %s', (v, d, expected) => expect(round(v, d)).toBe(expected));
});

describe('riskVsReward', () => {
  it.each([
    [5, 10, '1 : 2.00'],
    [3, 10, '1 : 3.33'],
    [10, 5, '1 : 0.50'],
    [0, 10, '-'],
    [-1, 10, '-'],
  ])('risk %s %%, reward %s %% → %s', (risk, reward, expected) => expect(riskVsReward(risk, reward)).toBe(expected));
});

describe('trackerProgress', () => {
  const base = { alertPrice: 100, targetHigh: 120, completedStatus: 'ONGOING' };
  it.each([
    ['no price yet', { price: null }, 0],
    ['at the alert price', { price: 100 }, 0],
    ['below the alert price', { price: 90 }, 0],
    ['a quarter of the way', { price: 105 }, 25],
    ['a third of the way (2 decimals)', { price: 106.6667 }, 33.33],
    ['at the top target', { price: 120 }, 100],
    ['past the top target', { price: 130 }, 100],
    ['completed at TARGET 2 whatever the price', { price: 90, completedStatus: 'TARGET 2' }, 100],
    ['stopped out below', { price: 95, completedStatus: 'STOP' }, 0],
    ['half completed at target 1', { price: 110, completedStatus: 'TARGET 1' }, 50],
    ['a target at the alert price, not reached', { targetHigh: 100, price: 99 }, 0],
    ['a target at the alert price, reached', { targetHigh: 100, price: 100 }, 100],
  ])('%s', (_label, over, expected) => expect(trackerProgress({ ...base, ...over } as never)).toBe(expected));
});

describe('winRate (1-core §9)', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 100],
    [0, 5, 0],
    [2, 3, 66.67],
    [1, 3, 33.33],
    [1, 8, 12.5],
    [7, 9, 77.78],
  ])('%s wins of %s → %s %%', (wins, total, expected) => expect(winRate(wins, total)).toBe(expected));
});

describe('liveProfit', () => {
  it('difference and percent of the alert price', () => {
    expect(liveProfit(50, 55)).toEqual({ pl: 5, percent: 10 });
    expect(liveProfit(0.012, 0.009)).toEqual({ pl: -0.003, percent: -25 });
    expect(liveProfit(50, null)).toEqual({ pl: null, percent: null });
    expect(liveProfit(0, 1)).toEqual({ pl: 1, percent: null });
  });
});

describe('classifyTriggerNote (1-core §4, in order)', () => {
  it.each([
    ['AAPL entered the buy range', 'br'],
    ['Entered BUY RANGE, target 1 next', 'br'],
    ['Target 1 reached +10%', 'ph'],
    ['Took profit', 'ph'],
    ['Up 500%', 'ph'],
    ['Target 2 reached', 'th'],
    ['Stop loss hit', 'sl'],
    ['Down -8%', 'sl'],
    ['Option expired', null],
  ])('%s → %s', (note, expected) => expect(classifyTriggerNote(note)).toBe(expected));
});

describe('sanitizeNote', () => {
  it.each([
    [
      'keeps basic formatting',
      '<p><strong>Buy</strong> <em>low</em>, <u>sell</u> high</p>',
      '<p><strong>Buy</strong> <em>low</em>, <u>sell</u> high</p>',
    ],
    ['keeps lists', '<ul><li>one</li><li>two</li></ul>', '<ul><li>one</li><li>two</li></ul>'],
    ['drops scripts whole', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['drops event handlers', '<p onclick="steal()">hi</p>', '<p>hi</p>'],
    ['drops images', '<p>a<img src="x" onerror="steal()">b</p>', '<p>ab</p>'],
    ['drops styles and iframes', '<style>p{}</style><iframe src="https://x"></iframe><p>ok</p>', '<p>ok</p>'],
    [
      'keeps a link, made safe',
      '<a href="https://drat.example/x">x</a>',
      '<a href="https://drat.example/x" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      'keeps target _blank',
      '<a href="https://a.b" target="_blank">x</a>',
      '<a href="https://a.b" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['drops javascript: links', '<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['drops data: links', '<a href="data:text/html,hi">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['keeps mailto', '<a href="mailto:a@b.c">m</a>', '<a href="mailto:a@b.c" rel="noopener noreferrer nofollow">m</a>'],
    ['drops classes and styles', '<p class="x" style="color:red">t</p>', '<p>t</p>'],
    ['an empty editor paragraph is empty', '<p><br></p>', ''],
    ['plain text stays', 'Read the notes', 'Read the notes'],
  ])('%s', (_label, input, expected) => expect(sanitizeNote(input)).toBe(expected));
});
