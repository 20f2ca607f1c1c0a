/**
 * Range Radar, the trade-ideas tool (1-core §2 Tools, §3 "Trade ideas result", §4 Tool search, §7,
 * §8): supports and resistances for the short and the long term. Method: docs/dione.md.
 */
import { z } from 'zod';
import { tickerField } from './market';

/** 'Recent Trade Ideas Searches' lists at most this many, newest first. */
export const TRADE_IDEAS_HISTORY_LIMIT = 50;

export const TRADE_IDEAS_MSG = {
  noAccess: 'You currently do not have access to Range Radar',
  noCredits: 'You have no Trade Ideas credits left. Get more credits to run another search; nothing was charged.',
  notEnoughHistory: (ticker: string) =>
    `There is not enough price history for ${ticker} to find supports and resistances yet; nothing was charged.`,
  historyCleared: 'Trade Ideas history cleared successfully',
} as const;

/** GET /trade-ideas/info?ticker: the ticker is trimmed and upper-cased. */
export const tradeIdeasQuery = z.object({ ticker: tickerField, token: z.string().optional() });
export type TradeIdeasQuery = z.infer<typeof tradeIdeasQuery>;

export type TradeIdeasType = 'Short Term' | 'Long Term';

/** A support or a resistance: pivots clustered into one price level. */
export interface TradeIdeasLevelDto {
  type: 'support' | 'resistance';
  price: number;
  /** Pivots in the level: more touches, a stronger level. */
  touches: number;
  /** YYYY-MM-DD of the bar of the latest pivot in the level. */
  last_touched: string;
}

/** 1-core §3 "Trade ideas result", one per term. Lists are nearest to the price first. */
export interface TradeIdeasResultDto {
  ticker: string;
  price: number;
  type: TradeIdeasType;
  /** False when the history is too short for this term (the lists are then empty). */
  found: boolean;
  message: string;
  supports: TradeIdeasLevelDto[];
  resistances: TradeIdeasLevelDto[];
  /** ISO time of the search. */
  date_queried: string;
}

/** One Range Radar search in 'Recent Trade Ideas Searches'. */
export interface TradeIdeasHistoryEntryDto {
  id: number;
  ticker: string;
  price: number;
  date_queried: string;
  /** The short term, then the long term. */
  data: TradeIdeasResultDto[];
}

/** GET /trade-ideas/info */
export interface TradeIdeasInfoResponse {
  /** The short term, then the long term. */
  data: TradeIdeasResultDto[];
  new_trade_ideas_history_entry: TradeIdeasHistoryEntryDto;
  new_trade_ideas_credits: number;
}

/** GET /alerts/trade-ideas-analysis-history/: newest first. */
export interface TradeIdeasHistoryResponse {
  data: TradeIdeasHistoryEntryDto[];
}
