import type { Config } from '../../config';
import type { MarketDataProvider } from '../market';
import type { AlpacaLog } from '../alpaca/http';
import { createAlpacaNews } from './alpaca';
import type { NewsProvider } from './interface';
import { createSimNews } from './sim';

export type { Article, NewsProvider } from './interface';

/** The news provider chosen by NEWS: headlines of the simulated market (default), or Alpaca's news API. */
export function createNewsProvider(
  config: Config['news'],
  deps: {
    market: Pick<MarketDataProvider, 'universe' | 'quotes' | 'company' | 'now' | 'calendar' | 'clock'>;
    log?: AlpacaLog;
  },
): NewsProvider {
  if (config.provider === 'alpaca') {
    if (!config.alpaca)
      throw new Error('Invalid configuration: NEWS=alpaca needs ALPACA_DATA_KEY_ID and ALPACA_DATA_SECRET_KEY.');
    return createAlpacaNews({ ...config.alpaca, ...(deps.log ? { log: deps.log } : {}) });
  }
  return createSimNews(deps);
}
