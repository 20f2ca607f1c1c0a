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
 * no extension negotiated (no permessage-deflate: the server does not offer it, http/websocket.ts)
 * whose sender holds nothing back. Any other socket is sent the message by `ws` itself.
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
    const parts = Sender.frame(data, { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: true });
    frame = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    frames.set(data, frame);
  }
  return frame;
}

/** What `ws` keeps of a socket that this module reads: its TCP stream and what its sender holds back. */
interface WsInternals {
  _socket?: Socket;
  _sender?: { _queue?: unknown[] };
}

/** The TCP stream a ready-made frame may be written to, or null when `ws` must send it. */
function streamOf(socket: WebSocket): Socket | null {
  if (socket.extensions !== '') return null;
  const { _socket: stream, _sender: sender } = socket as unknown as WsInternals;
  if (!stream || !sender || !Array.isArray(sender._queue) || sender._queue.length > 0) return null;
  return stream;
}

/** Sends `data`, a JSON text that other sockets are sent too, on an open socket. */
export function sendShared(socket: WebSocket, data: Buffer): void {
  const stream = streamOf(socket);
  if (stream) stream.write(frameOf(data));
  else socket.send(data, { binary: false });
}
