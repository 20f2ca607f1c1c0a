/** Market data endpoints: quotes, bars, hotlists, technicals, option prices (1-core §7 "Market data"). */
import type { FastifyInstance } from 'fastify';
import { marketRoutes } from './market.routes';
import type { MarketService } from './market.service';

export { createMarketService, type MarketService } from './market.service';

export async function registerMarketRoutes(api: FastifyInstance, market: MarketService): Promise<void> {
  await api.register(marketRoutes, { market });
}
