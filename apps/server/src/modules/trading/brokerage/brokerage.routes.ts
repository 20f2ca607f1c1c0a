import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BROKERAGE_API as API, MSG } from '@drat/contracts';
import { holds } from '../../../core/actor';
import { acting, principalOf, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { Connections } from './connections.service';
import type { Monitor } from './monitor.service';

/**
 * Brokerage accounts, orders and positions (BROKERAGE_API): live traders (a plan with live trading
 * and a broker granted) and super users, each right declared on its route, so a demo trader is
 * refused before the body is read.
 */
export const brokerageRoutes: FastifyPluginAsyncZod<{ connections: Connections; monitor: Monitor }> = async (
  app,
  { connections, monitor },
) => {
  const live = requireRight('is_live_trader', MSG.liveTraderDenied);
  // A super user's calls: a caller who is not even a live trader is told so, as on every other call here.
  const superOnly = requireRight('is_super', (r) =>
    holds(r, 'is_live_trader') ? MSG.noPermission : MSG.liveTraderDenied,
  );
  app.route({
    ...routeOf(API.accountInfo),
    onRequest: live,
    handler: async (req) => monitor.accountInfo(await acting(req), req.body.account_id),
  });
  app.route({
    ...routeOf(API.setCurrentAccount),
    onRequest: live,
    handler: async (req) => connections.setCurrentAccount(await acting(req), req.body.account_id),
  });
  app.route({
    ...routeOf(API.syncAccounts),
    onRequest: live,
    handler: async (req) => connections.syncAccounts(await acting(req)),
  });
  app.route({
    ...routeOf(API.tradeList),
    onRequest: live,
    handler: async (req) => monitor.tradeList(await acting(req), req.body.account_id),
  });
  app.route({ ...routeOf(API.allAccounts), onRequest: superOnly, handler: () => monitor.allAccounts() });
  app.route({
    ...routeOf(API.positions),
    onRequest: live,
    handler: async (req) => monitor.positions(await acting(req), req.body.account_id),
  });
  app.route({
    ...routeOf(API.modifyOrder),
    onRequest: live,
    handler: async (req) => monitor.modifyOrder(await acting(req), req.body),
  });
  app.route({
    ...routeOf(API.placeOrder),
    onRequest: superOnly,
    handler: async (req) => monitor.placeOrder(await acting(req), req.body),
  });

  // Connecting a broker: whoever may use the live trader (their plan says so, or a super user), live or not yet.
  const mayGoLive = requireRight('can_use_live_trader', MSG.liveTraderDenied);
  app.route({
    ...routeOf(API.authCodeSetup),
    onRequest: mayGoLive,
    handler: (req) => connections.authCodeSetup(principalOf(req), req.body?.broker),
  });
  app.route({
    ...routeOf(API.brokerConnection),
    onRequest: mayGoLive,
    handler: async (req) => connections.brokerConnection(await acting(req)),
  });
  app.route({
    ...routeOf(API.brokerKeys),
    onRequest: mayGoLive,
    handler: (req) => connections.brokerKeys(principalOf(req), req.body),
  });
  app.route({
    ...routeOf(API.authCode),
    onRequest: mayGoLive,
    handler: (req) => connections.authCode(principalOf(req), req.body),
  });
};
