import { describe, expect, it } from 'vitest';
import { formatTimestamp, formatWhen, linkParts } from './format';

describe('inbox timestamps', () => {
  const now = new Date('2026-11-22T15:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it.each([
    [5, 'Just now'],
    [59, 'Just now'],
    [60, '1 min ago'],
    [59 * 60, '59 min ago'],
    [3600, '1 h ago'],
    [11 * 3600 + 3599, '11 h ago'],
  ])('%i s ago reads %s', (seconds, expected) => {
    expect(formatWhen(ago(seconds), now)).toBe(expected);
  });

  it('older ones show the date and time, with the year when it is another', () => {
    expect(formatWhen(ago(3 * 86_400), now)).toMatch(/^Nov 19, \d{1,2}:\d\d\s?[AP]M$/);
    expect(formatWhen('2025-03-03T12:00:00Z', now)).toMatch(/^Mar 3, 2025/);
  });

  it('an unreadable timestamp shows nothing', () => {
    expect(formatWhen('nonsense', now)).toBe('');
    expect(formatTimestamp('nonsense')).toBe('');
  });
});

describe('links in a notification', () => {
  it('cuts-the-text-into-plain-parts-and-http-links-leaving-closing-punctuation-out', () => {
    expect(linkParts('Rules: https://drat.test/media/notifications/ab/rules.pdf.\nSee you.')).toEqual([
      { text: 'Rules: ' },
      {
        text: 'https://drat.test/media/notifications/ab/rules.pdf',
        href: 'https://drat.test/media/notifications/ab/rules.pdf',
      },
      { text: '.\nSee you.' },
    ]);
    expect(linkParts('javascript:alert(1) and ftp://x')).toEqual([{ text: 'javascript:alert(1) and ftp://x' }]);
    expect(linkParts('')).toEqual([]);
  });
});
