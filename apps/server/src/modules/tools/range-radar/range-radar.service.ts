import { TRADE_IDEAS_MSG, type TradeIdeasHistoryResponse, type TradeIdeasInfoResponse } from '@drat/contracts';
import { priceDecimals, rangeRadar } from '@drat/engine';
import { storeRangeRadar, tradeIdeasEntryDto } from './range-radar.dto';
import type { RangeRadarRepo } from './range-radar.repo';
import { toolError } from '../tools.access';
import type { ToolsMarket } from '../tools.market';

export interface RangeRadarServiceDeps {
  repo: RangeRadarRepo;
  market: ToolsMarket;
  now: () => Date;
}

/** Range Radar: supports and resistances per term, one trade-ideas credit a search (1-core §2, §3, §4, §7). */
export function createRangeRadarService({ repo, market, now }: RangeRadarServiceDeps) {
  return {
    async search(userId: number, creditsSeen: number, ticker: string): Promise<TradeIdeasInfoResponse> {
      if (creditsSeen <= 0) throw toolError(TRADE_IDEAS_MSG.noCredits);
      const snap = await market.snapshot(ticker);
      const last = snap.daily.at(-1);
      const price = snap.price > 0 ? snap.price : (last?.close ?? 0);
      const views = rangeRadar(snap.daily, price);
      if (!views.some((v) => v.found)) throw toolError(TRADE_IDEAS_MSG.notEnoughHistory(ticker));
      const saved = await repo.saveSearch({
        userId,
        ticker,
        price: price.toFixed(priceDecimals(price)),
        views: storeRangeRadar(views, price),
        queriedAt: now(),
      });
      if (!saved) throw toolError(TRADE_IDEAS_MSG.noCredits);
      const entry = tradeIdeasEntryDto(saved.entry);
      return { data: entry.data, new_trade_ideas_history_entry: entry, new_trade_ideas_credits: saved.credits };
    },

    async history(userId: number): Promise<TradeIdeasHistoryResponse> {
      return { data: (await repo.history(userId)).map(tradeIdeasEntryDto) };
    },

    async clear(userId: number): Promise<{ message: string }> {
      await repo.clear(userId);
      return { message: TRADE_IDEAS_MSG.historyCleared };
    },
  };
}
export type RangeRadarService = ReturnType<typeof createRangeRadarService>;
