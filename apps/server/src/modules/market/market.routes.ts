import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  marketBarsQuery,
  marketQuotesQuery,
  optionPriceQuery,
  optionPriceResponseSchema,
  stockPriceQuery,
  stockPriceResponseSchema,
  stockTaQuery,
  technicalResponseSchema,
} from '@drat/contracts';
import type { MarketService } from './market.service';

/**
 * Market reads: the spec's three look-ups (2-trading §7; their `token` query parameter is accepted
 * and ignored, the session header authenticates) and DRAT's own dashboard data. Signed-in only.
 */
export const marketRoutes: FastifyPluginAsyncZod<{ market: MarketService }> = async (app, { market }) => {
  const tags = ['market'];
  app.get(
    '/stock/price',
    { schema: { tags, querystring: stockPriceQuery, response: { 200: stockPriceResponseSchema } } },
    (req) => market.stockPrice(req.query.ticker),
  );
  app.get(
    '/stock/ta',
    { schema: { tags, querystring: stockTaQuery, response: { 200: technicalResponseSchema } } },
    (req) => market.technical(req.query),
  );
  app.get(
    '/livetrading/get-option-price/',
    { schema: { tags, querystring: optionPriceQuery, response: { 200: optionPriceResponseSchema } } },
    (req) => market.optionPrice(req.query),
  );

  app.get('/market/quotes', { schema: { tags, querystring: marketQuotesQuery } }, (req) =>
    market.quotes(req.query.tickers),
  );
  app.get('/market/bars', { schema: { tags, querystring: marketBarsQuery } }, (req) => market.bars(req.query));
  app.get('/market/hotlists', { schema: { tags } }, () => market.hotlists());
  app.get('/market/overview', { schema: { tags } }, () => market.overview());
  app.get('/market/clock', { schema: { tags } }, () => market.clock());
};
