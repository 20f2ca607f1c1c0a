/**
 * The Alpaca news adapter against a local server speaking Alpaca's news API
 * (test/alpaca-news-fake.ts): pages chained by next_page_token, older articles by `end`, each
 * article's fields, articles DRAT cannot show left out, a refused key and a failing host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alpacaArticle, startAlpacaNewsFake, type AlpacaNewsFake } from '../../../test/alpaca-news-fake';
import { isProviderError } from '../provider-error';
import { createAlpacaNews } from './alpaca';

let fake: AlpacaNewsFake;
// Alpaca is asked for the last seven days: the articles are this minute's and older.
const newest = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const news = () =>
  createAlpacaNews({ baseUrl: fake.baseUrl, keyId: fake.keyId, secretKey: fake.secretKey, backoffBaseMs: 1 });

beforeAll(async () => {
  fake = await startAlpacaNewsFake();
  for (let n = 0; n < 130; n++)
    fake.articles.push(alpacaArticle(n, newest, n === 7 ? { symbols: ['tsla', 'AAPL'] } : {}));
});
afterAll(async () => {
  await fake?.close();
});

describe('Alpaca news', () => {
  it('reads-120-articles-newest-first-over-three-pages-chained-by-next-page-token', async () => {
    fake.requests.length = 0;
    const articles = await news().latest(120);
    expect(articles).toHaveLength(120);
    expect(articles.map((a) => a.headline).slice(0, 3)).toEqual(['Headline 0', 'Headline 1', 'Headline 2']);
    expect(articles[119]!.headline).toBe('Headline 119');
    // Always a start (its default is documented two ways), seven days back.
    const start = Date.parse(fake.requests[0]!.get('start')!);
    expect(Math.abs(Date.now() - 7 * 86_400_000 - start)).toBeLessThan(60_000);
    expect(fake.requests.map((q) => [q.get('limit'), q.get('sort'), q.get('page_token') !== null])).toEqual([
      ['50', 'desc', false],
      ['50', 'desc', true],
      ['20', 'desc', true],
    ]);
  });

  it('an-article-keeps-its-headline-summary-link-source-small-picture-tickers-and-date', async () => {
    const [a] = await news().latest(1, new Date(newest.getTime() - 6.5 * 60_000));
    expect(a).toEqual({
      id: 'alpaca-40000007',
      headline: 'Headline 7',
      summary: 'Summary 7',
      url: 'https://www.benzinga.com/news/7',
      source: 'Benzinga',
      imageUrl: 'https://cdn.benzinga.com/7-small.jpg',
      symbols: ['TSLA', 'AAPL'],
      publishedAt: new Date(newest.getTime() - 7 * 60_000),
    });
    expect(fake.requests.at(-1)!.get('end')).toBe(new Date(newest.getTime() - 6.5 * 60_000).toISOString());
  });

  it('articles-without-a-headline-or-date-are-left-out-and-missing-fields-are-empty', async () => {
    const only = await startAlpacaNewsFake();
    try {
      only.articles.push(
        alpacaArticle(1, newest, { headline: '', images: [], url: null, summary: '' }),
        alpacaArticle(2, newest, { images: [], url: null, summary: '', symbols: [] }),
      );
      const read = await createAlpacaNews({
        baseUrl: only.baseUrl,
        keyId: only.keyId,
        secretKey: only.secretKey,
      }).latest(10);
      expect(read).toEqual([
        expect.objectContaining({ headline: 'Headline 2', url: '', imageUrl: '', summary: '', symbols: [] }),
      ]);
    } finally {
      await only.close();
    }
  });

  it('a-refused-key-and-a-host-that-keeps-failing-are-provider-errors', async () => {
    const wrong = createAlpacaNews({ baseUrl: fake.baseUrl, keyId: 'nope', secretKey: 'nope' });
    const refused = await wrong.latest(5).catch((e: unknown) => e);
    expect(isProviderError(refused) && refused.code).toBe('FORBIDDEN');
    fake.failNext(503, 10);
    const down = await news()
      .latest(5)
      .catch((e: unknown) => e);
    expect(isProviderError(down) && down.code).toBe('UPSTREAM');
    fake.failNext(503, 1);
    expect(await news().latest(5)).toHaveLength(5); // one failure is retried
    fake.failNext(503, 0);
  });
});
