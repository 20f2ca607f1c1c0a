import websocket, { type WebsocketPluginOptions } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

/**
 * The WebSocket plugin's settings: messages are small JSON, so a large frame is a misbehaving
 * client; they are not compressed (permessage-deflate is not offered), so a message for many
 * sockets is framed once (modules/live/frames.ts); on close, sockets hear 1001 "going away", so
 * clients reconnect (to another node) rather than give up.
 */
const OPTIONS: WebsocketPluginOptions = {
  options: { maxPayload: 64 * 1024, perMessageDeflate: false },
  preClose(done) {
    for (const client of this.websocketServer.clients) client.close(1001, 'Server shutting down');
    this.websocketServer.close();
    done();
  },
};

/**
 * Registers @fastify/websocket in `scope`, the plugin that holds the WebSocket route (/api/ws), and
 * only there: the plugin adds an onRequest and an onResponse hook, and wraps each route's handler,
 * wherever it is registered, so registered on the app every request would pay for them.
 */
export async function registerWebsocket(scope: FastifyInstance): Promise<void> {
  await scope.register(websocket, OPTIONS);
}
