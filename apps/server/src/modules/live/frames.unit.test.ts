import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { frameOf, sendShared } from './frames';

/** A server socket and the client at the other end, on a real local TCP connection. */
async function pair(options: { deflate: boolean }): Promise<{
  server: WebSocket;
  client: WebSocket;
  received: string[];
  close: () => Promise<void>;
}> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: options.deflate });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const serverSide = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, {
    perMessageDeflate: options.deflate,
  });
  const received: string[] = [];
  client.on('message', (data, isBinary) => received.push(isBinary ? `binary: ${String(data)}` : String(data)));
  await new Promise<void>((resolve) => client.once('open', () => resolve()));
  const server = await serverSide;
  return {
    server,
    client,
    received,
    close: async () => {
      client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
};

let open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.map((close) => close()));
  open = [];
});

describe('a message for many sockets is framed once (frames.ts)', () => {
  it.each([
    ['a short message', 50, 2],
    ['a message of 126 bytes or more', 300, 4],
    ['a message of 64 KB or more', 70_000, 10],
  ])('%s is one unmasked text frame holding the whole message', (_name, length, header) => {
    const data = Buffer.from(JSON.stringify({ type: 'event', text: 'x'.repeat(length) }));
    const frame = frameOf(data);
    expect(frame[0]).toBe(0x81); // FIN, text
    expect(frame[1]! & 0x80).toBe(0); // not masked
    const size = frame[1]! & 0x7f;
    const declared = size === 126 ? frame.readUInt16BE(2) : size === 127 ? Number(frame.readBigUInt64BE(2)) : size;
    expect(declared).toBe(data.length);
    expect(frame.length).toBe(header + data.length);
    expect(frame.subarray(header).equals(data)).toBe(true);
    // The same Buffer is framed once.
    expect(frameOf(data)).toBe(frame);
  });

  it("arrives whole and in order with the socket's own messages, sent by ws", async () => {
    const { server, client, received, close } = await pair({ deflate: false });
    open.push(close);
    const shared = Buffer.from(JSON.stringify({ type: 'event', n: 2 }));
    server.send(JSON.stringify({ type: 'ready' }));
    sendShared(server, shared);
    server.send(JSON.stringify({ type: 'pong' }));
    sendShared(server, Buffer.from(JSON.stringify({ type: 'event', n: 4, text: 'é'.repeat(200) })));
    await until(() => received.length === 4);
    expect(received.map((m) => JSON.parse(m) as { type: string; n?: number })).toEqual([
      { type: 'ready' },
      { type: 'event', n: 2 },
      { type: 'pong' },
      { type: 'event', n: 4, text: 'é'.repeat(200) },
    ]);
    expect(client.readyState).toBe(WebSocket.OPEN);
  });

  it.each([
    ['compressing or reading a Blob', { _state: 1, _queue: [] }],
    ['holding a message back', { _state: 0, _queue: [['a message']] }],
  ])('goes through ws while the socket sender is %s, so nothing jumps ahead', (_name, sender) => {
    const write = vi.fn();
    const send = vi.fn();
    const socket = { readyState: 1, extensions: '', _socket: { write }, _sender: sender, send };
    const data = Buffer.from('{"type":"event"}');
    sendShared(socket as unknown as WebSocket, data);
    expect(write).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledWith(data, { binary: false });
    // An idle sender holding nothing: the frame goes straight to the stream.
    sendShared({ ...socket, _sender: { _state: 0, _queue: [] } } as unknown as WebSocket, data);
    expect(write).toHaveBeenCalledWith(frameOf(data));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('skips a socket that is closing or closed', () => {
    const write = vi.fn();
    const send = vi.fn();
    for (const readyState of [2, 3])
      sendShared(
        {
          readyState,
          extensions: '',
          _socket: { write },
          _sender: { _state: 0, _queue: [] },
          send,
        } as unknown as WebSocket,
        Buffer.from('{}'),
      );
    expect(write).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('goes through ws on a socket that negotiated permessage-deflate, and arrives', async () => {
    const { server, received, close } = await pair({ deflate: true });
    open.push(close);
    expect(server.extensions).toContain('permessage-deflate');
    const data = Buffer.from(JSON.stringify({ type: 'event', text: 'compressible '.repeat(100) }));
    sendShared(server, data);
    sendShared(server, data);
    await until(() => received.length === 2);
    expect(received).toEqual([data.toString(), data.toString()]);
  });
});
