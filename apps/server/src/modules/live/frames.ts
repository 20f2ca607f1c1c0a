import type { Socket } from 'node:net';
import * as ws from 'ws';
import type { WebSocket } from 'ws';

/**
 * One message for many sockets (a user's event to each of their sockets, a quote to each follower
 * of its ticker), framed once. `ws` frames every send itself: a header made for that socket, then a
 * corked write of the header and the data. With ten thousand sockets that was most of the server's
 * time in a fan-out (issue 29, bench/market/http.ts). Here the frame, an unmasked text frame as a
 * server sends it (RFC 6455 §5.1), is made once per message and the same bytes are written to each
 * socket's TCP stream.
 *
 * Only where those are the bytes `ws` would write, in the order it would write them: a socket with
 * no extension negotiated (no permessage-deflate: http/websocket.ts does not offer it) whose sender
 * is idle and holds nothing back (it holds a message while it compresses one or reads a Blob).
 * Any other socket is sent the message by `ws` itself.
 */
const frames = new WeakMap<Buffer, Buffer>();

/** `ws`'s own framing (its Sender's static `frame`, which @types/ws does not describe). */
interface FrameOptions {
  fin: boolean;
  rsv1: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
}
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };

/** The text frame carrying `data` (UTF-8 JSON), made once per Buffer. */
export function frameOf(data: Buffer): Buffer {
  let frame = frames.get(data);
  if (!frame) {
    frame = Buffer.concat(Sender.frame(data, { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: true }));
    frames.set(data, frame);
  }
  return frame;
}

/**
 * What `ws` (8.x) keeps of a socket that this module reads: its TCP stream, and its sender's state
 * (0 when idle) and queue (what it holds back until then).
 */
interface WsInternals {
  _socket?: Socket;
  _sender?: { _state?: number; _queue?: unknown[] };
}
const SENDER_IDLE = 0;
const OPEN = 1;

/** The TCP stream a ready-made frame may be written to, or null when `ws` must send it. */
function streamOf(socket: WebSocket): Socket | null {
  if (socket.extensions !== '') return null;
  const { _socket: stream, _sender: sender } = socket as unknown as WsInternals;
  if (!stream || sender?._state !== SENDER_IDLE || !Array.isArray(sender._queue) || sender._queue.length > 0)
    return null;
  return stream;
}

/** Sends `data`, a JSON text that other sockets are sent too; a socket that is not open is skipped. */
export function sendShared(socket: WebSocket, data: Buffer): void {
  if (socket.readyState !== OPEN) return;
  const stream = streamOf(socket);
  if (stream) stream.write(frameOf(data));
  else socket.send(data, { binary: false });
}
