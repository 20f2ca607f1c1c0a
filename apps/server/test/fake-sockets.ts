/**
 * WebSocket paths on a fake vendor's HTTP server (the brokers' order streams): connections to a
 * path go to its `accept`, others are refused; `drop()` ends every connection at once (a dropped
 * network), as `close()` does before the server closes.
 */
import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

export function fakeSockets(server: Server) {
  const paths = new Map<string, (ws: WebSocket) => void>();
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const accept = paths.get(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    if (!accept) return socket.destroy();
    wss.handleUpgrade(req, socket, head, accept);
  });
  const drop = () => {
    for (const ws of wss.clients) ws.terminate();
  };
  return {
    on: (path: string, accept: (ws: WebSocket) => void) => void paths.set(path, accept),
    drop,
    close() {
      drop();
      wss.close();
    },
  };
}
