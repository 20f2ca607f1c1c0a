import type { Db } from '../../db/client';
import type { MarketDataProvider } from '../../providers/market/interface';
import { dioneRepo } from './dione.repo';
import { createDioneService } from './dione.service';
import { createToolsMarket } from './tools.market';
import { tradeIdeasRepo } from './trade-ideas.repo';
import { createTradeIdeasService } from './trade-ideas.service';

export { dioneRoutes } from './dione.routes';
export { tradeIdeasRoutes } from './trade-ideas.routes';

/** Dione and Range Radar share one market reader, so they share its cache of daily bars. */
export function buildResearchTools(db: Db, provider: MarketDataProvider, now: () => Date) {
  const market = createToolsMarket(provider);
  return {
    dione: createDioneService({ repo: dioneRepo(db), market, now }),
    tradeIdeas: createTradeIdeasService({ repo: tradeIdeasRepo(db), market, now }),
  };
}
