/**
 * Alpaca's Market Data news API (Benzinga's articles): GET https://data.alpaca.markets/v1beta1/news
 * with the APCA-API-KEY-ID and APCA-API-SECRET-KEY headers of a key pair DRAT owns (market data does
 * not take an account's OAuth token). Up to 50 articles a page, newest first (`sort=desc`), pages
 * chained by `next_page_token`; `end` reads older ones. Answer: { news: [{ id, headline, author,
 * created_at, updated_at, summary, content, url, images: [{ size: thumb|small|large, url }],
 * symbols, source }], next_page_token }. Failures become ProviderErrors in providers/alpaca/http.ts
 * (the data host answers a bad key with 403).
 */
import { createAlpacaHttp, type AlpacaCredentials, type AlpacaHttpOptions } from '../alpaca/http';
import { objectsOf, record, str } from '../alpaca/json';
import { ProviderError } from '../provider-error';
import type { Article, NewsProvider } from './interface';

/** How far back articles are read. */
const LOOKBACK_MS = 7 * 86_400_000;
/** One page's most (Alpaca's limit). */
export const ALPACA_NEWS_PAGE = 50;

export interface AlpacaNewsOptions extends Omit<AlpacaHttpOptions, 'baseUrl'> {
  /** https://data.alpaca.markets, or a local server speaking the API. */
  baseUrl: string;
  keyId: string;
  secretKey: string;
}

const SOURCES: Record<string, string> = { benzinga: 'Benzinga' };

/** One article of the answer, or null when it lacks what an article needs (an id, a headline, a date). */
export function articleOf(raw: unknown): Article | null {
  const a = record(raw);
  if (!a) return null;
  const id = typeof a.id === 'number' || typeof a.id === 'string' ? String(a.id) : undefined;
  const headline = str(a.headline)?.trim();
  const created = str(a.created_at);
  const at = created ? new Date(created) : undefined;
  if (!id || !headline || !at || Number.isNaN(at.getTime())) return null;
  const images = objectsOf(a.images);
  const image = ['small', 'large', 'thumb'].map((size) => images.find((i) => i.size === size)).find(Boolean);
  const source = str(a.source) ?? '';
  return {
    id: `alpaca-${id}`,
    headline,
    summary: (str(a.summary) ?? '').trim(),
    url: str(a.url) ?? '',
    source: SOURCES[source.toLowerCase()] ?? source,
    imageUrl: str(image?.url) ?? '',
    symbols: (Array.isArray(a.symbols) ? a.symbols : [])
      .filter((s): s is string => typeof s === 'string')
      .map((s) => s.toUpperCase()),
    publishedAt: at,
  };
}

export function createAlpacaNews(options: AlpacaNewsOptions): NewsProvider {
  const http = createAlpacaHttp(options);
  const credentials: AlpacaCredentials = { kind: 'key', keyId: options.keyId, secretKey: options.secretKey };
  return {
    name: 'alpaca',
    async latest(limit, before) {
      const out: Article[] = [];
      let token: string | undefined;
      // Pages of articles DRAT cannot use (no headline) must not keep it asking for ever.
      let pages = Math.ceil(limit / ALPACA_NEWS_PAGE) + 2;
      do {
        pages -= 1;
        const body = record(
          await http.api(credentials, '/v1beta1/news', {
            query: {
              limit: Math.min(ALPACA_NEWS_PAGE, limit - out.length),
              sort: 'desc',
              // Always a start: documented both as 2015 and as the start of the current day.
              start: new Date((before?.getTime() ?? Date.now()) - LOOKBACK_MS).toISOString(),
              ...(before ? { end: before.toISOString() } : {}),
              ...(token ? { page_token: token } : {}),
            },
          }),
        );
        if (!body || !Array.isArray(body.news))
          throw new ProviderError('alpaca', 'BAD_RESPONSE', 'Alpaca news answered without a news list', {
            path: '/v1beta1/news',
          });
        for (const raw of body.news) {
          const article = articleOf(raw);
          if (article) out.push(article);
        }
        token = str(body.next_page_token) ?? undefined;
      } while (token && out.length < limit && pages > 0);
      return out.slice(0, limit);
    },
  };
}
