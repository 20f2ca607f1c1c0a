import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { eventually } from '../../../test/eventually';
import { openRetryingSocket, type RetryingSocketOptions } from './socket';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A local WebSocket server: `onHello` answers each connection's first message. */
async function server(onHello: (ws: WebSocket, text: string) => void) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const seen = { connections: 0 };
  wss.on('connection', (ws) => {
    seen.connections++;
    ws.once('message', (raw) => onHello(ws, String(raw)));
  });
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((resolve) => wss.close(resolve)) };
}

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) await f();
});

function open(options: Partial<RetryingSocketOptions> & Pick<RetryingSocketOptions, 'prepare'>) {
  const warnings: string[] = [];
  const ups: number[] = [];
  const socket = openRetryingSocket({
    name: 'The test stream',
    retryMs: { first: 20, max: 160 },
    pingMs: 1_000,
    upWithinMs: 1_000,
    log: { warn: (_o: unknown, message?: string) => void warnings.push(String(message)) } as never,
    onMessage: (message, link) => {
      if (message.welcome === true) {
        ups.push(Date.now());
        link.up();
      }
    },
    ...options,
  });
  cleanup.push(() => socket.close());
  return { socket, warnings, ups };
}

describe('a WebSocket that opens again by itself', () => {
  it('one-that-drops-as-soon-as-it-works-is-opened-ever-less-often-not-every-first-wait', async () => {
    // The server welcomes the hello, then drops the connection at once.
    const s = await server((ws) => {
      ws.send(JSON.stringify({ welcome: true }));
      setTimeout(() => ws.terminate(), 5);
    });
    cleanup.push(s.close);
    const { ups } = open({ prepare: async () => ({ url: s.url, hello: 'hello' }) });
    await pause(700);
    // Waits of 20, 40, 80, 160, 160 … ms: about 6 connections in 700 ms (every 20 ms would be ~25).
    expect(ups.length).toBeGreaterThanOrEqual(3);
    expect(s.seen.connections).toBeLessThanOrEqual(8);
  });

  it('one-that-never-answers-its-hello-is-ended-and-opened-again-and-said-once', async () => {
    const s = await server(() => {});
    cleanup.push(s.close);
    const { warnings } = open({ prepare: async () => ({ url: s.url, hello: 'hello' }), upWithinMs: 50 });
    await eventually(async () => expect(s.seen.connections).toBeGreaterThanOrEqual(3));
    expect(warnings).toEqual(['The test stream did not answer in 0.05 s']);
  });

  it('an-address-the-client-cannot-take-is-said-once-and-tried-again-without-a-crash', async () => {
    let tries = 0;
    const { warnings } = open({
      prepare: async () => {
        tries++;
        return { url: 'ftp://127.0.0.1/stream', hello: 'hello' };
      },
    });
    await eventually(async () => expect(tries).toBeGreaterThanOrEqual(3));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^The test stream cannot connect to ftp:\/\/127\.0\.0\.1\/stream: /);
  });

  it('closed-while-it-prepares-it-never-connects', async () => {
    const s = await server((ws) => ws.send(JSON.stringify({ welcome: true })));
    cleanup.push(s.close);
    const { socket } = open({
      prepare: async () => {
        await pause(50);
        return { url: s.url, hello: 'hello' };
      },
    });
    socket.close();
    await pause(150);
    expect(s.seen.connections).toBe(0);
  });
});
