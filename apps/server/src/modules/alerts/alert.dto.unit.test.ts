import { describe, expect, it } from 'vitest';
import { classifyTriggerNote } from '@drat/contracts';
import { plainText, richText } from '../../core/stored-text';
import { num } from './alert.dto';

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

describe('richText (alert-type notes)', () => {
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
  ])('%s', (_label, input, expected) => expect(richText(input)).toBe(expected));
});

describe('plainText (alert notes and embed fields)', () => {
  it.each([
    ['keeps plain text as typed', 'Buy 1/2 at 10 & sell > 12 <- tight stop', 'Buy 1/2 at 10 & sell > 12 <- tight stop'],
    ['drops tags, keeps their text', '<b>Strong</b> <a href="javascript:x">link</a>', 'Strong link'],
    ['drops scripts and styles whole', 'a<script>steal()</script><style>p{}</style>b', 'ab'],
    ['drops an image with its handler', 'x<img src=x onerror=steal()>y', 'xy'],
    ['keeps line breaks and tabs, drops other control characters', 'one\ntwo\tthree\u0007\u001b', 'one\ntwo\tthree'],
  ])('%s', (_label, input, expected) => expect(plainText(input)).toBe(expected));
});
