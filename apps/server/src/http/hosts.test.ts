import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { wsUrl } from '../../test/ws-client';

/**
 * DNS rebinding (issue 24, item 1): a page on a name the attacker controls, resolving to this
 * machine, sends requests whose Host is that name. Every surface refuses them with 421 before
 * anything runs: the API, the pages, the demo mailbox and the WebSocket.
 */
let t: TestApp;
let token: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    config: { demoSeed: true, publicUrl: 'https://drat.example.com', allowedHosts: ['drat.internal', '.corp.example'] },
  });
  token = await signIn(t.app, await makeUser(t.db));
  const url = new URL(await wsUrl(t.app));
  port = Number(url.port);
});
afterAll(async () => {
  await t?.close();
});

const ATTACKER = () => `attacker.example:${port}`;

async function asHost(host: string, url: string, withToken = false) {
  return t.inject({
    method: 'GET',
    url,
    remoteAddress: '127.0.0.1',
    headers: { host, ...(withToken ? { authorization: `Token ${token}` } : {}) },
  });
}

describe('a request naming another host (DNS rebinding)', () => {
  it.each([
    ['the API, signed in', '/api/profile/userProfile', true],
    ['the API, public', '/api/health/live', false],
    ['the API document', '/api/openapi.json', false],
    ['a page', '/', false],
    ['a deep page', '/smart-trades', false],
    ['the demo mailbox page', '/dev/mailbox', false],
    ['the demo mailbox API', '/api/dev/mailbox', false],
    ['an unknown path', '/no/such/thing', false],
  ])('is refused with 421 naming ALLOWED_HOSTS: %s', async (_label, url, withToken) => {
    const res = await asHost(ATTACKER(), url, withToken);
    expect(res.statusCode).toBe(421);
    expect(res.json()).toEqual({
      detail: `This server does not answer to the host name 'attacker.example'. Add it to the ALLOWED_HOSTS setting (or set PUBLIC_URL to it) to allow it.`,
    });
  });

  it('refuses the sign-in itself, so no password reaches the server through that name', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: ATTACKER() },
      payload: { email: 'someone@drat.test', password: 'Whatever-2026' },
    });
    expect(res.statusCode).toBe(421);
  });

  it('refuses the WebSocket upgrade: the socket never opens', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { host: ATTACKER() } });
    const status = await new Promise<number>((resolve, reject) => {
      socket.once('unexpected-response', (req, res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      socket.once('open', () => reject(new Error('the socket opened')));
      socket.once('error', reject);
    });
    expect(status).toBe(421);
  });

  it('refuses a malformed Host (Node itself refuses a request without one)', async () => {
    for (const host of ['a b', 'user@localhost', 'localhost:port']) {
      const res = await asHost(host, '/api/health/live');
      expect(res.statusCode, host).toBe(421);
    }
  });
});

describe('the names the server answers to', () => {
  it.each([
    ['localhost with a port', 'localhost:3000'],
    ['localhost', 'localhost'],
    ['127.0.0.1', `127.0.0.1:${3000}`],
    ['[::1]', '[::1]:3000'],
    ["PUBLIC_URL's host", 'drat.example.com'],
    ["PUBLIC_URL's host in capitals", 'DRAT.Example.COM:443'],
    ['a name of ALLOWED_HOSTS', 'drat.internal:8080'],
    ['a name under a .domain of ALLOWED_HOSTS', 'app.corp.example'],
    ['the .domain itself', 'corp.example'],
  ])('answers %s', async (_label, host) => {
    const res = await asHost(host, '/api/profile/userProfile', true);
    expect(res.statusCode).toBe(200);
  });

  it('still opens the WebSocket on 127.0.0.1', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.close();
  });

  it('does not take a look-alike for an allowed name', async () => {
    for (const host of ['drat.example.com.attacker.example', 'evilcorp.example', 'localhost.attacker.example']) {
      const res = await asHost(host, '/api/health/live');
      expect(res.statusCode, host).toBe(421);
    }
  });
});

describe('an upgrade asked of a route that is not the WebSocket', () => {
  it.each(['/api/health/live', '/api/no-such-call', '/'])(
    '%s: answered over HTTP, then the connection is closed, not left open',
    async (url) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        [
          `GET ${url} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          'Connection: Upgrade',
          'Upgrade: websocket',
          'Sec-WebSocket-Version: 13',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          '',
          '',
        ].join('\r\n'),
      );
      const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 5_000));
      expect(await Promise.race([closed.then(() => 'closed' as const), timeout])).toBe('closed');
      expect(answer).toMatch(/^HTTP\/1\.1 (200|404) /);
      expect(answer).not.toMatch(/^HTTP\/1\.1 101/);
      socket.destroy();
    },
  );
});
