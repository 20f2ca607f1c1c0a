import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { API_COMPRESS_THRESHOLD } from './compression';
import { apiMethods } from './methods';
import { registerStatic } from './spa';

const decode = {
  br: (body: Buffer) => zlib.brotliDecompressSync(body),
  gzip: (body: Buffer) => zlib.gunzipSync(body),
};

/** A built web app in a temporary folder, as apps/web/vite/precompress.ts leaves it. */
function writeBuild(dir: string): { html: string; js: string; offers: string } {
  const html = `<!doctype html><html><head><title>DRAT</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
  const offers = html.replace('<title>DRAT</title>', '<title>DRAT offers</title>');
  const js = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen ${i}`))};\n`;
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const write = (rel: string, content: string, copies: boolean) => {
    const file = path.join(dir, rel);
    fs.writeFileSync(file, content);
    if (!copies) return;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  };
  write('index.html', html, true);
  write('offers.html', offers, true);
  write('assets/index-abc123.js', js, true);
  write('assets/tiny-abc123.css', 'body{margin:0}', false);
  write('assets/data-abc123.json', JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => i) }), false);
  return { html, js, offers };
}

describe('the built web app: precompressed files', () => {
  let dir: string;
  let app: FastifyInstance;
  let built: { html: string; js: string; offers: string };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-spa-'));
    built = writeBuild(dir);
    app = Fastify();
    const methods = apiMethods(app);
    await app.register(import('./compression'));
    app.get('/api/health', async () => ({ status: 'ok' }));
    await registerStatic(app, dir, methods);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
  ] as const)(
    'Accept-Encoding "%s" gets the %s copy of a script, which decodes to the file',
    async (accept, encoding) => {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode[encoding](res.rawPayload).toString()).toBe(built.js);
    },
  );

  it('without Accept-Encoding sends the file as it is (identity), still varying on it', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.body).toBe(built.js);
  });

  it('sends a file without compressed copies as it is', async () => {
    const res = await get('/assets/tiny-abc123.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body).toBe('body{margin:0}');
  });

  it("never compresses a file per request, not even JSON: only the build's copies are sent encoded", async () => {
    const res = await get('/assets/data-abc123.json', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(API_COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<{ rows: number[] }>().rows).toHaveLength(500);
  });

  it.each([
    '/pay',
    '/pay/',
    '/pay-trade-challenges',
    '/trade-challenge/double-your-account?challenge=3',
    '/offer/spring',
    '/checkout/local/lcs_1',
  ])('%s: the public sales pages’ own offers.html (no sign-in code), never cached', async (url) => {
    const res = await get(url, 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode.br(res.rawPayload).toString()).toBe(built.offers);
  });

  it.each(['/', '/settings', '/alerts?type=x', '/payment', '/offer/', '/checkout/complete', '/pay-lifetime-x'])(
    '%s: index.html, brotli, never cached',
    async (url) => {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode.br(res.rawPayload).toString()).toBe(built.html);
    },
  );

  it('keeps the 404 of a missing API call, uncompressed JSON', async () => {
    const res = await get('/api/no-such-call', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('API answers: JSON of 1 KB or more is compressed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['br', 'gzip'] as const)(
    'a large answer (the API document) goes out as %s and decodes to the same JSON',
    async (encoding) => {
      const plain = await t.get('/openapi.json');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESS_THRESHOLD);

      const res = await t.get('/openapi.json', { headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode[encoding](res.rawPayload).toString())).toEqual(plain.json());
    },
  );

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.2', 'gzip'],
    ['*', 'br'],
    ['deflate', undefined],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
  ] as const)('Accept-Encoding "%s": the answer goes out as %s', async (accept, encoding) => {
    const plain = await t.get('/openapi.json');
    const res = await t.get('/openapi.json', { headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    // The answer depends on the header either way: caches keep one per value.
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = encoding ? decode[encoding](res.rawPayload) : res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(body.toString())).toEqual(plain.json());
  });

  it('HEAD says what GET sends: the same encoding, Vary and compressed length, and no body', async () => {
    const headers = { 'accept-encoding': 'br' };
    const get = await t.get('/openapi.json', { headers });
    const head = await t.app.inject({ method: 'HEAD', url: '/api/openapi.json', headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
    expect(head.rawPayload.length).toBe(0);
  });

  it('an answer of 64 KB and more is compressed off the event loop, to the same bytes', async () => {
    const plain = await t.get('/openapi.json');
    expect(plain.rawPayload.length).toBeGreaterThan(64 * 1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await t.get('/openapi.json', { headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decode[encoding](res.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('a small answer stays as it is', async () => {
    const res = await t.get('/health/live', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(API_COMPRESS_THRESHOLD);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
