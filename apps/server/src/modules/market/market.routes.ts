import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MARKET_API as API } from '@drat/contracts';
import { routeOf } from '../../http/operation';
import type { MarketService } from './market.service';

/** Market reads (MARKET_API in packages/contracts). Signed-in only. */
export const marketRoutes: FastifyPluginAsyncZod<{ market: MarketService }> = async (app, { market }) => {
  app.route({ ...routeOf(API.stockPrice), handler: (req) => market.stockPrice(req.query.ticker) });
  app.route({ ...routeOf(API.technical), handler: (req) => market.technical(req.query) });
  app.route({ ...routeOf(API.optionPrice), handler: (req) => market.optionPrice(req.query) });
  app.route({ ...routeOf(API.quotes), handler: (req) => market.quotes(req.query.tickers) });
  app.route({ ...routeOf(API.bars), handler: (req) => market.bars(req.query) });
  app.route({ ...routeOf(API.hotlists), handler: () => market.hotlists() });
  app.route({ ...routeOf(API.overview), handler: () => market.overview() });
  app.route({ ...routeOf(API.clock), handler: () => market.clock() });
};
