/**
 * The fan-out baseline of bench/market/http.ts: a bare `ws` server (the same ws package the product
 * uses, no app, no database) on the loopback port given as its argument. A socket's first message
 * (the bench's `auth`) is answered `{"type":"ready"}`; each line `seq N` on stdin is sent to every
 * ready socket as the event the product's server would send, framed once and written to each
 * socket as the server does (apps/server/src/modules/live/frames.ts): the least a Node server can
 * do per socket. (ws's own broadcast idiom, one `send` per socket that frames it again, measured
 * about twice as slow at 10,000 sockets.) It prints `listening` when ready.
 */
import readline from 'node:readline';
import { WebSocketServer, type WebSocket } from 'ws';
import { sendShared } from '../../apps/server/src/modules/live/frames';

const port = Number(process.argv[2]);
const wss = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false });
const ready = new Set<WebSocket>();
wss.on('connection', (socket) => {
  socket.once('message', () => {
    ready.add(socket);
    socket.send('{"type":"ready"}');
  });
  socket.on('close', () => ready.delete(socket));
});
wss.on('listening', () => console.log('listening'));
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const seq = /^seq (-?\d+)$/.exec(line)?.[1];
  if (seq === undefined) return;
  const data = Buffer.from(JSON.stringify({ type: 'event', event: { kind: 'bench', payload: { seq: Number(seq) } } }));
  for (const socket of ready) sendShared(socket, data);
});
process.once('SIGTERM', () => wss.close(() => process.exit(0)));
