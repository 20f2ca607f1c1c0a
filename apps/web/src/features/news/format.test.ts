import { describe, expect, it } from 'vitest';
import { NEWS_MSG, type NewsItem, type NewsPage } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { heldCount, linkKind, newsErrorMessage, relatedCards, splitContent, timeAgo, uniqueNews } from './format';

const item = (over: Partial<NewsItem> = {}): NewsItem => ({
  id: 'a',
  ticker: 'AAPL',
  created_date: '2026-03-03T14:00:00.000Z',
  filter_cat: 'hot-news',
  content: 'Apple jumps 4%\n\nApple is up 4% on the day.',
  advice: '',
  title_news: 'Apple jumps 4%',
  news_url: '/tools?tab=ask-drat&ticker=AAPL',
  text_news_url: 'DRAT Market Wire',
  image_url: '',
  date_news_field: '2026-03-03T14:00:00.000Z',
  related: [],
  ...over,
});

describe('news content', () => {
  it('is the headline, then the summary after a blank line', () => {
    expect(splitContent('Apple jumps 4%\n\nApple is up 4% on the day.')).toEqual({
      headline: 'Apple jumps 4%',
      summary: 'Apple is up 4% on the day.',
    });
  });

  it('a headline alone has no summary', () => {
    expect(splitContent('  FDA issues complete response letter  ')).toEqual({
      headline: 'FDA issues complete response letter',
      summary: '',
    });
  });

  it('windows line ends split the same', () => {
    expect(splitContent('Halted\r\n\r\nPaused five minutes.')).toEqual({
      headline: 'Halted',
      summary: 'Paused five minutes.',
    });
  });
});

describe('news time', () => {
  const now = Date.parse('2026-03-03T14:00:00.000Z');
  it.each([
    [0, 'Just now'],
    [-120, 'Just now'], // a clock a little ahead
    [59, 'Just now'],
    [60, '1 min ago'],
    [5 * 60, '5 min ago'],
    [59 * 60 + 59, '59 min ago'],
    [3600, '1 h ago'],
    [23 * 3600, '23 h ago'],
    [24 * 3600, '1 day ago'],
    [6 * 86_400, '6 days ago'],
  ])('%i seconds ago reads %s', (seconds, text) => {
    expect(timeAgo(new Date(now - seconds * 1000).toISOString(), now)).toBe(text);
  });

  it('a month old or more reads as its date', () => {
    expect(timeAgo('2026-01-15T14:00:00.000Z', now)).toMatch(/^01\/15\/2026$/);
  });

  it('no date reads as nothing', () => {
    expect(timeAgo('', now)).toBe('');
  });
});

describe('news links', () => {
  it('the simulated market links to the tools inside the app', () => {
    expect(linkKind('/tools?tab=ask-drat&ticker=AAPL')).toBe('app');
  });

  it('an article elsewhere opens on the web', () => {
    expect(linkKind('https://example.com/a')).toBe('web');
    expect(linkKind('http://example.com/a')).toBe('web');
  });

  it('no address, a protocol-relative one or a script is no link', () => {
    expect(linkKind('')).toBeNull();
    expect(linkKind('//evil.example/a')).toBeNull();
    expect(linkKind('javascript:alert(1)')).toBeNull();
    // A browser drops the tab and the backslash is a slash to it: both would leave the site.
    expect(linkKind('/\t/evil.example')).toBeNull();
    expect(linkKind('/\\evil.example')).toBeNull();
  });
});

describe('related news cards', () => {
  const other = {
    title_news: 'Apple falls',
    news_url: 'https://example.com/b',
    text_news_url: 'Benzinga',
    image_url: 'https://example.com/b.jpg',
    date_news_field: '2026-03-02T14:00:00.000Z',
  };

  it('are the related articles of the item', () => {
    expect(relatedCards(item({ related: [other, other] }))).toEqual([other, other]);
  });

  it('an item with none shows its own article', () => {
    expect(relatedCards(item())).toEqual([
      {
        title_news: 'Apple jumps 4%',
        news_url: '/tools?tab=ask-drat&ticker=AAPL',
        text_news_url: 'DRAT Market Wire',
        image_url: '',
        date_news_field: '2026-03-03T14:00:00.000Z',
      },
    ]);
  });

  it('an item with no article of its own has no card, nor has no item', () => {
    expect(relatedCards(item({ title_news: '', news_url: '' }))).toEqual([]);
    expect(relatedCards(undefined)).toEqual([]);
  });
});

describe('news pages', () => {
  const pages: NewsPage[] = [
    { news: [item({ id: 'a' }), item({ id: 'b' })], hasMore: true },
    { news: [item({ id: 'b' }), item({ id: 'c' })], hasMore: false },
  ];

  it('list each item once, in order', () => {
    expect(uniqueNews(pages).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('the next page starts after every item read', () => {
    expect(heldCount(pages)).toBe(4);
    expect(heldCount([])).toBe(0);
  });
});

describe('news errors', () => {
  it('a 403 says the server words', () => {
    expect(newsErrorMessage(new ApiError(403, { detail: NEWS_MSG.forbidden }))).toBe(NEWS_MSG.forbidden);
    expect(newsErrorMessage(new ApiError(403, {}))).toBe(NEWS_MSG.forbidden);
  });

  it('any other failure says the feed failed', () => {
    expect(newsErrorMessage(new ApiError(503, { detail: 'Upstream down' }))).toBe(NEWS_MSG.failed);
    expect(newsErrorMessage(new ApiError(0, {}))).toBe(NEWS_MSG.failed);
    expect(newsErrorMessage(new Error('boom'))).toBe(NEWS_MSG.failed);
  });
});
