/**
 * A local server speaking Alpaca's Market Data news API as documented (docs.alpaca.markets,
 * "Historical News"; alpaca-py's NewsRequest): GET /v1beta1/news with the APCA-API-KEY-ID and
 * APCA-API-SECRET-KEY headers (a wrong pair: 403 {"message":"forbidden."}, as the data host
 * answers); symbols (comma-separated), start and end (RFC 3339), limit (default 10, at most 50:
 * 422 past it), sort (desc by default, or asc), page_token (the last answer's next_page_token).
 * Answer: { news: [...], next_page_token } with articles as the test gives them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AlpacaNewsArticle {
  id: number;
  headline: string;
  author: string;
  created_at: string;
  updated_at: string;
  summary: string;
  content: string;
  url: string | null;
  images: { size: 'thumb' | 'small' | 'large'; url: string }[];
  symbols: string[];
  source: string;
}

export interface AlpacaNewsFake {
  baseUrl: string;
  keyId: string;
  secretKey: string;
  articles: AlpacaNewsArticle[];
  /** Every request's query, in order. */
  requests: URLSearchParams[];
  /** The next answers' status (503, 429...) instead of the news, then normal again. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export async function startAlpacaNewsFake(): Promise<AlpacaNewsFake> {
  const keyId = 'PKNEWSFAKE';
  const secretKey = 'news-fake-secret';
  const articles: AlpacaNewsArticle[] = [];
  const requests: URLSearchParams[] = [];
  let failures: { status: number; left: number } | null = null;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/v1beta1/news' || req.method !== 'GET') return send(404, { message: 'Not Found' });
    requests.push(url.searchParams);
    if (req.headers['apca-api-key-id'] !== keyId || req.headers['apca-api-secret-key'] !== secretKey)
      return send(403, { message: 'forbidden.' });
    if (failures && failures.left > 0) {
      failures.left -= 1;
      return send(failures.status, { message: 'try again later' });
    }
    const q = url.searchParams;
    const limit = Number(q.get('limit') ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50)
      return send(422, { code: 42210000, message: 'invalid limit: must be between 1 and 50' });
    const sort = (q.get('sort') ?? 'desc').toLowerCase();
    const symbols = q.get('symbols')?.split(',').filter(Boolean);
    const start = q.get('start') ? Date.parse(q.get('start')!) : -Infinity;
    const end = q.get('end') ? Date.parse(q.get('end')!) : Infinity;
    const matching = articles
      .filter((a) => {
        const t = Date.parse(a.created_at);
        return t >= start && t <= end && (!symbols || a.symbols.some((s) => symbols.includes(s)));
      })
      .sort((a, b) => (sort === 'asc' ? 1 : -1) * (Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id));
    const from = q.get('page_token') ? Number(Buffer.from(q.get('page_token')!, 'base64').toString()) : 0;
    const page = matching.slice(from, from + limit);
    const next = from + limit < matching.length ? Buffer.from(String(from + limit)).toString('base64') : null;
    return send(200, { news: page, next_page_token: next });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    keyId,
    secretKey,
    articles,
    requests,
    failNext(status, times = 1) {
      failures = { status, left: times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Article n of a test's list, published n minutes before `newest`. */
export function alpacaArticle(n: number, newest: Date, fields: Partial<AlpacaNewsArticle> = {}): AlpacaNewsArticle {
  const at = new Date(newest.getTime() - n * 60_000).toISOString();
  return {
    id: 40_000_000 + n,
    headline: `Headline ${n}`,
    author: 'Benzinga Newsdesk',
    created_at: at,
    updated_at: at,
    summary: `Summary ${n}`,
    content: '',
    url: `https://www.benzinga.com/news/${n}`,
    images: [
      { size: 'large', url: `https://cdn.benzinga.com/${n}-large.jpg` },
      { size: 'small', url: `https://cdn.benzinga.com/${n}-small.jpg` },
      { size: 'thumb', url: `https://cdn.benzinga.com/${n}-thumb.jpg` },
    ],
    symbols: ['AAPL'],
    source: 'benzinga',
    ...fields,
  };
}
