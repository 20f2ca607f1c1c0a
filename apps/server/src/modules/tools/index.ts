/**
 * The research tools (1-core §2 Tools, §7): Dione (DA), Range Radar (TIA; the spec's calls name it
 * "trade ideas": /trade-ideas/info, /alerts/trade-ideas-analysis-history/) and Ask DRAT (ADA).
 * Each sub-folder is routes → service → repo; the calculations are @drat/engine's (dione/,
 * range-radar/). Dione and Range Radar share one market reader (tools.market.ts) and its cache of
 * daily bars, and charge credits through credits.repo.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { FilingsProvider } from '../../providers/filings/interface';
import type { MarketDataProvider } from '../../providers/market/interface';
import { askDratRoutes } from './ask-drat/ask-drat.routes';
import { createAskDratService } from './ask-drat/ask-drat.service';
import { dioneRepo } from './dione/dione.repo';
import { dioneRoutes } from './dione/dione.routes';
import { createDioneService } from './dione/dione.service';
import { rangeRadarRepo } from './range-radar/range-radar.repo';
import { rangeRadarRoutes } from './range-radar/range-radar.routes';
import { createRangeRadarService } from './range-radar/range-radar.service';
import { createToolsMarket } from './tools.market';

export interface ToolsAreaDeps {
  db: Db;
  market: MarketDataProvider;
  filings: FilingsProvider;
  now: () => Date;
}

export function createToolsArea({ db, market, filings, now }: ToolsAreaDeps) {
  const toolsMarket = createToolsMarket(market);
  return {
    dione: createDioneService({ repo: dioneRepo(db), market: toolsMarket, now }),
    rangeRadar: createRangeRadarService({ repo: rangeRadarRepo(db), market: toolsMarket, now }),
    askDrat: createAskDratService({ market, filings, now }),
  };
}
export type ToolsArea = ReturnType<typeof createToolsArea>;

/** Who may call is declared on each tool's routes (DA, TIA, ADA; a lapsed subscription answers 401). */
export async function registerToolsRoutes(api: FastifyInstance, area: ToolsArea): Promise<void> {
  await api.register(dioneRoutes, { dione: area.dione });
  await api.register(rangeRadarRoutes, { rangeRadar: area.rangeRadar });
  await api.register(askDratRoutes, { askDrat: area.askDrat });
}
