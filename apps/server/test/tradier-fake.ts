/**
 * A local HTTP server that speaks Tradier's documented market-data API closely enough to test the
 * adapter: bearer auth (401 "Invalid Access Token" otherwise), JSON bodies, per-path handlers the
 * test sets, and a record of every request. Test support only.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';
import { fakeSockets } from './fake-sockets';

export const FAKE_TOKEN = 'test-token-123';

export interface FakeRequest {
  method: string;
  /** Path without the query, e.g. /v1/markets/quotes. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The form body of a POST, parsed. */
  form: URLSearchParams;
}

export type FakeReply = { status?: number; headers?: Record<string, string>; json?: unknown; text?: string } | 'hang';
export type FakeRoute = (req: FakeRequest, nth: number) => FakeReply | Promise<FakeReply>;

export interface FakeTradier {
  /** Base URL ending in /v1, as the adapter is configured. */
  baseUrl: string;
  port: number;
  requests: FakeRequest[];
  on(path: string, route: FakeRoute): void;
  /** A route for every path matching `pattern` (exact paths win). */
  onMatch(pattern: RegExp, route: FakeRoute): void;
  /** WebSocket connections to `path` (ws://127.0.0.1:port/…) go to `accept`; closed with the server. */
  onSocket(path: string, accept: (ws: WebSocket) => void): void;
  /** Ends every WebSocket connection at once (a dropped network). */
  dropSockets(): void;
  /** Requests to one path (e.g. '/v1/markets/quotes'). */
  to(path: string): FakeRequest[];
  reset(): void;
  close(): Promise<void>;
}

export interface FakeTradierOptions {
  /** Whether a request's Authorization header is let in (default: Bearer FAKE_TOKEN only). */
  authorized?: (authorization: string | undefined, path: string) => boolean;
}

export async function startFakeTradier(options: FakeTradierOptions = {}): Promise<FakeTradier> {
  const authorized = options.authorized ?? ((header) => header === `Bearer ${FAKE_TOKEN}`);
  const routes = new Map<string, FakeRoute>();
  const patterns: [RegExp, FakeRoute][] = [];
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const body = Buffer.concat(chunks).toString('utf8');
        const fr: FakeRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          form: new URLSearchParams(req.headers['content-type']?.includes('form') ? body : ''),
        };
        requests.push(fr);
        const nth = requests.filter((r) => r.path === fr.path).length;
        let reply: FakeReply;
        if (!authorized(req.headers.authorization, fr.path)) {
          reply = { status: 401, text: 'Invalid Access Token' };
        } else {
          const route = routes.get(fr.path) ?? patterns.find(([re]) => re.test(fr.path))?.[1];
          reply = route ? await route(fr, nth) : { status: 404, text: 'Not Found' };
        }
        if (reply === 'hang') return; // never answer; the client must time out
        const text = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
        res.writeHead(reply.status ?? 200, {
          'Content-Type': reply.json !== undefined ? 'application/json' : 'text/plain',
          ...reply.headers,
        });
        res.end(text);
      })();
    });
  });
  const sockets = fakeSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    on: (path, route) => void routes.set(path, route),
    onMatch: (pattern, route) => void patterns.push([pattern, route]),
    onSocket: sockets.on,
    dropSockets: sockets.drop,
    to: (path) => requests.filter((r) => r.path === path),
    reset() {
      routes.clear();
      patterns.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
