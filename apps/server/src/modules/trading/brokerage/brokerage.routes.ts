import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BROKERAGE_API as API, MSG } from '@drat/contracts';
import { principalOf, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { BrokerageService } from './brokerage.service';

/**
 * Brokerage accounts, orders and positions (BROKERAGE_API): live traders and super users. A demo
 * trader is refused before the body is read; the super-user calls ask that first too.
 */
export const brokerageRoutes: FastifyPluginAsyncZod<{ brokerage: BrokerageService }> = async (app, { brokerage }) => {
  app.addHook('onRequest', async (req) => brokerage.assertLive(principalOf(req)));
  const superOnly = requireRight('is_super');
  app.route({
    ...routeOf(API.accountInfo),
    handler: (req) => brokerage.accountInfo(principalOf(req), req.body.account_id),
  });
  app.route({
    ...routeOf(API.setCurrentAccount),
    handler: (req) => brokerage.setCurrentAccount(principalOf(req), req.body.account_id),
  });
  app.route({ ...routeOf(API.syncAccounts), handler: (req) => brokerage.syncAccounts(principalOf(req)) });
  app.route({
    ...routeOf(API.tradeList),
    handler: (req) => brokerage.tradeList(principalOf(req), req.body.account_id),
  });
  app.route({
    ...routeOf(API.allAccounts),
    onRequest: superOnly,
    handler: () => brokerage.allAccounts(),
  });
  app.route({
    ...routeOf(API.positions),
    handler: (req) => brokerage.positions(principalOf(req), req.body.account_id),
  });
  app.route({ ...routeOf(API.modifyOrder), handler: (req) => brokerage.modifyOrder(principalOf(req), req.body) });
  app.route({
    ...routeOf(API.placeOrder),
    onRequest: superOnly,
    handler: (req) => brokerage.placeOrder(principalOf(req), req.body),
  });
};

/**
 * Connecting a broker (BROKERAGE_API): whoever may use the live trader (their plan says so, or a
 * super user), live or not yet.
 */
export const brokerAuthorizationRoutes: FastifyPluginAsyncZod<{ brokerage: BrokerageService }> = async (
  app,
  { brokerage },
) => {
  app.addHook('onRequest', requireRight('can_use_live_trader', MSG.liveTraderDenied));
  app.route({
    ...routeOf(API.authCodeSetup),
    handler: (req) => brokerage.authCodeSetup(principalOf(req), req.body?.broker),
  });
  app.route({ ...routeOf(API.brokerConnection), handler: (req) => brokerage.brokerConnection(principalOf(req)) });
  app.route({ ...routeOf(API.brokerKeys), handler: (req) => brokerage.brokerKeys(principalOf(req), req.body) });
  app.route({ ...routeOf(API.authCode), handler: (req) => brokerage.authCode(principalOf(req), req.body) });
};
