import type { FastifyPluginAsync } from 'fastify';
import { registerWebsocket } from '../../http/websocket';
import type { AuthService } from '../auth';
import type { LiveService } from './live.service';

/**
 * GET /api/ws: the WebSocket of quotes and user events (protocol in packages/contracts, market.ts).
 * Browsers cannot send headers on a WebSocket, so the route is public and the first message
 * authenticates with the session token.
 */
export const liveRoutes: FastifyPluginAsync<{ live: LiveService; auth: AuthService }> = async (app, { live, auth }) => {
  const runtime = await live.start(
    async (token) => {
      const principal = await auth.authenticate(token);
      return { userId: principal.user.id, sessionId: principal.sessionId };
    },
    (sessionIds) => auth.liveSessions(sessionIds),
  );
  app.addHook('onClose', () => runtime.close());
  // The WebSocket plugin in this scope only: the other routes do not pay for its hooks.
  await registerWebsocket(app);
  app.get('/ws', { websocket: true, config: { public: true }, schema: { hide: true } }, (socket) =>
    runtime.gateway.accept(socket),
  );
};
