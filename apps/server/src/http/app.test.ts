import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildApp, WEB_DIST } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** 1-core §7 "Authentication and profile" plus 2-trading's /confirm-password/: every call, as the web app makes it. */
const AUTH_AND_PROFILE_CALLS: [method: 'get' | 'post', path: string][] = [
  ['post', '/login'],
  ['post', '/logout/'],
  ['post', '/otp/verify/'],
  ['post', '/otp/resend/'],
  ['post', '/profile/otp/'],
  ['post', '/password-reset/'],
  ['post', '/password-reset-token-confirm/'],
  ['post', '/password-reset-token-activate/'],
  ['post', '/set-new-password/'],
  ['post', '/rest-auth/password/change/'],
  ['post', '/profile/not-first-login/'],
  ['get', '/profile/userProfile'],
  ['post', '/profile/profile_change/'],
  ['post', '/profile/profile_image_change/'],
  ['post', '/profile/set-theme/'],
  ['post', '/profile/handle-receive-emails/'],
  ['post', '/profile/handle-receive-sms/'],
  ['post', '/profile/handle-receive-alerts/'],
  ['post', '/profile/handle-receive-trackers/'],
  ['get', '/alerts/alert-type-status'],
  ['post', '/alerts/exempt-alerts/'],
  ['post', '/confirm-password/'],
];

const PUBLIC_CALLS = new Set([
  '/login',
  '/otp/verify/',
  '/otp/resend/',
  '/password-reset/',
  '/password-reset-token-confirm/',
  '/password-reset-token-activate/',
  '/set-new-password/',
]);

describe('GET /api/health', () => {
  it('answers 200 {status: ok, database: ok} without a token, with the API’s security headers', async () => {
    const res = await t.get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    // A JSON answer is no document: nothing may load from it, nothing may frame it.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives pages the page policy instead', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Only this site: not any ws:/wss: host a script might open a socket to.
    expect(res.headers['content-security-policy']).toMatch(/(^|;)connect-src 'self'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('ignores a stale token on a public route', async () => {
    const res = await t.get('/health', { token: 'not-a-session' });
    expect(res.statusCode).toBe(200);
  });
});

describe('the Content-Security-Policy with files stored elsewhere (S3)', () => {
  it('lets pictures come from the public address, and thumbnails and videos from the signed links’ host', async () => {
    const storage = { ...t.deps.storage, publicOrigin: 'https://pics.example', signedOrigin: 'https://s3.example' };
    const app = await buildApp(t.modules, { ...t.deps, storage });
    try {
      const csp = String((await app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
      expect(csp).toMatch(/(^|;)img-src 'self' data: blob: https:\/\/pics\.example https:\/\/s3\.example(;|$)/);
      expect(csp).toMatch(/(^|;)media-src 'self' https:\/\/s3\.example(;|$)/);
      expect(csp).toMatch(/(^|;)connect-src 'self'(;|$)/);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every auth and profile call with its method', async () => {
    const res = await t.get('/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [method, path] of AUTH_AND_PROFILE_CALLS) {
      expect(doc.paths[`/api${path}`], `${method.toUpperCase()} ${path}`).toHaveProperty(method);
    }
  });

  it('declares the body schemas from packages/contracts', async () => {
    const doc = (await t.get('/openapi.json')).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    const login = JSON.stringify(doc.paths['/api/login']?.post?.requestBody);
    expect(login).toContain('password');
    const theme = JSON.stringify(doc.paths['/api/profile/set-theme/']?.post?.requestBody);
    expect(theme).toContain('dark');
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('permission: signed-in calls', () => {
  const call = (method: 'get' | 'post', path: string, token?: string) =>
    method === 'get' ? t.get(path, { token }) : t.post(path, {}, { token });
  const signedIn = AUTH_AND_PROFILE_CALLS.filter(([, path]) => !PUBLIC_CALLS.has(path));

  it.each(signedIn)('%s %s without a token is 401 with the spec detail', async (method, path) => {
    const res = await call(method, path);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it.each(signedIn)('%s %s with an unknown token is 401 Invalid token.', async (method, path) => {
    const res = await call(method, path, 'x'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
  });

  it.each([
    ['Bearer abc', 'another scheme'],
    ['Token', 'no token'],
    ['Token a b', 'two words'],
    ['Token \u0000garbage', 'garbage bytes'],
  ])('Authorization "%s" (%s) is 401 Invalid token.', async (header) => {
    const res = await t.get('/profile/userProfile', { headers: { authorization: header } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
  });
});

describe('unknown paths', () => {
  it('answers 404 {detail} under /api', async () => {
    const res = await t.get('/api/no-such-call');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it.each([
    ['POST', '/api/health', 'GET'],
    ['GET', '/api/notifications/mark-all-as-read/', 'POST'],
    ['PUT', '/api/resources/5', 'DELETE'],
    ['DELETE', '/api/alerts/publishers', 'GET, POST'],
  ])('a wrong method on an existing path: %s %s answers 405, allowing %s', async (method, url, allow) => {
    const res = await t.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toEqual({ error: `${method} is not allowed here; this path takes ${allow}.` });
  });

  it('answers 404 for a missing media file, never the SPA page', async () => {
    const res = await t.inject({ method: 'GET', url: '/media/profile/missing.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it.runIf(fs.existsSync(path.join(WEB_DIST, 'index.html')))(
    'serves the SPA for page routes (history fallback)',
    async () => {
      const res = await t.inject({ method: 'GET', url: '/settings' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    },
  );
});
