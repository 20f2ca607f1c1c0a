import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { WsClientMessage, WsServerMessage } from '@drat/contracts';

/** A WebSocket client for API tests: collects messages and waits for the ones a test expects. */
export interface TestSocket {
  socket: WebSocket;
  messages: WsServerMessage[];
  send(message: WsClientMessage | string): void;
  /** The first message (already received or still to come) matching `match`. */
  next<T extends WsServerMessage['type']>(
    type: T,
    match?: (m: Extract<WsServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<WsServerMessage, { type: T }>>;
  /** Resolves with the close code and reason when the connection closes. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** Starts listening on a free loopback port (once) and returns the app's ws:// address of /api/ws. */
export async function wsUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `ws://127.0.0.1:${address.port}/api/ws`;
}

export async function openSocket(url: string): Promise<TestSocket> {
  const socket = new WebSocket(url);
  const messages: WsServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as WsServerMessage);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of [...waiters]) w();
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  return {
    socket,
    messages,
    closed,
    send(message) {
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    next(type, match = () => true, timeoutMs = 5_000) {
      type M = Extract<WsServerMessage, { type: typeof type }>;
      const find = () => messages.find((m): m is M => m.type === type && match(m as M));
      return new Promise<M>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (found) {
            done();
            resolve(found);
          } else if (socket.readyState === WebSocket.CLOSED) {
            done();
            reject(new Error(`the socket closed before a "${type}" message came`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(`no "${type}" message within ${timeoutMs} ms; got ${JSON.stringify(messages).slice(0, 500)}`),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** Opens a socket and authenticates it; resolves once the server said `ready`. */
export async function signedInSocket(url: string, token: string): Promise<TestSocket> {
  const s = await openSocket(url);
  s.send({ type: 'auth', token });
  await s.next('ready');
  return s;
}
