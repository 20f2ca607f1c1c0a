import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { MarketDataProvider } from './interface';
import { createSimMarket } from './sim/index';
import { createTradierMarket } from './tradier';

export type { MarketDataProvider } from './interface';

/** The market-data provider chosen by MARKET_DATA: the simulated market (default) or Tradier. */
export function createMarketProvider(config: Config['market'], log: Logger): MarketDataProvider {
  if (config.provider === 'tradier') {
    if (!config.tradier) throw new Error('Invalid configuration: MARKET_DATA=tradier needs TRADIER_TOKEN.');
    return createTradierMarket({ ...config.tradier, log: log.child({ provider: 'market:tradier' }) });
  }
  return createSimMarket({
    seed: config.sim.seed,
    speed: config.sim.speed,
    alwaysOpen: config.sim.alwaysOpen,
    historyHelper: true,
  });
}
