import {
  DIONE_MSG,
  type AddDioneTickerBody,
  type AddDioneTickerResponse,
  type DioneHistoryListResponse,
  type DioneSearchResponse,
  type DioneTrackerListResponse,
} from '@drat/contracts';
import { dioneAnalysis } from '@drat/engine';
import { DomainError } from '../../../core/errors';
import { dioneResultDto, dioneTrackerDto, storeView, termMatching } from './dione.dto';
import type { DioneRepo } from './dione.repo';
import { toolError } from '../tools.access';
import type { ToolsMarket } from '../tools.market';

export interface DioneServiceDeps {
  repo: DioneRepo;
  market: ToolsMarket;
  now: () => Date;
}

/** Dione searches, their history and the DIONE trackers (1-core §2 Tools, §3, §4 Tool search, §7). */
export function createDioneService({ repo, market, now }: DioneServiceDeps) {
  return {
    /**
     * One search: reads the market, computes both terms (docs/dione.md), then charges one credit
     * and records the search in one transaction. No credit, an unknown ticker or too little history
     * is a 400 and charges nothing.
     */
    async search(userId: number, creditsSeen: number, ticker: string): Promise<DioneSearchResponse> {
      if (creditsSeen <= 0) throw toolError(DIONE_MSG.noCredits);
      const snap = await market.snapshot(ticker);
      const { short, long } = dioneAnalysis(snap.daily, snap.price);
      const found = long.found ? long : short.found ? short : null;
      if (!found) throw toolError(DIONE_MSG.notEnoughHistory(ticker));
      const saved = await repo.saveSearch({
        userId,
        ticker,
        companyName: snap.companyName,
        lastPrice: found.lastPrice.toFixed(found.decimals),
        shortView: storeView(short),
        longView: storeView(long),
        queriedAt: now(),
      });
      if (!saved) throw toolError(DIONE_MSG.noCredits);
      const result = dioneResultDto(saved.entry, { short: false, long: false });
      return { result, new_dione_history_entry: result, new_dione_credits: saved.credits };
    },

    async history(userId: number): Promise<DioneHistoryListResponse> {
      const rows = await repo.history(userId);
      const tickers = rows.map((r) => dioneResultDto(r.row, r.tracked));
      return { tickers, hasTickers: tickers.length > 0 };
    },

    async clearHistory(userId: number): Promise<{ message: string }> {
      await repo.clearHistory(userId);
      return { message: DIONE_MSG.historyCleared };
    },

    /** Tracks the term of search `history_id` whose price and targets were sent (tracking twice keeps one). */
    async track(userId: number, body: AddDioneTickerBody): Promise<AddDioneTickerResponse> {
      const entry = await repo.historyEntry(userId, body.history_id);
      if (!entry) throw new DomainError('NOT_FOUND', DIONE_MSG.searchNotFound);
      const term = entry.ticker === body.ticker ? termMatching(entry, body) : null;
      if (!term) throw toolError(DIONE_MSG.trackMismatch);
      const row = await repo.track({
        userId,
        historyId: entry.id,
        ticker: entry.ticker,
        dioneType: term.type,
        alertPrice: term.view.lastPrice,
        targetRangeOne: term.view.target1,
        targetRangeTwo: term.view.target2,
      });
      if (!row) throw new DomainError('NOT_FOUND', DIONE_MSG.searchNotFound);
      const prices = await market.livePrices([row.ticker]);
      return { message: DIONE_MSG.tracked, data: dioneTrackerDto(row, prices.get(row.ticker)) };
    },

    /** The DIONE Tracker tab: newest first, progress towards target 2 from the live price. */
    async trackers(userId: number): Promise<DioneTrackerListResponse> {
      const rows = await repo.trackers(userId);
      const prices = await market.livePrices([...new Set(rows.map((r) => r.ticker))]);
      const data = rows.map((r) => dioneTrackerDto(r, prices.get(r.ticker)));
      return { data, hasTickers: data.length > 0 };
    },

    async removeTracker(userId: number, id: number): Promise<{ message: string }> {
      if (!(await repo.removeTracker(userId, id))) throw new DomainError('NOT_FOUND', DIONE_MSG.trackerNotFound);
      return { message: DIONE_MSG.trackerRemoved };
    },

    async clearTrackers(userId: number): Promise<{ message: string }> {
      await repo.clearTrackers(userId);
      return { message: DIONE_MSG.trackersCleared };
    },
  };
}
export type DioneService = ReturnType<typeof createDioneService>;
