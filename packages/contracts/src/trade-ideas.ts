/**
 * Range Radar, the trade-ideas tool (1-core §2 Tools, §3 "Trade ideas result", §4 Tool search, §7,
 * §8): supports and resistances for the short and the long term. Method: docs/dione.md.
 */
import { z } from 'zod';
import { tickerField } from './market';
import { messageSchema, operation } from './operation';

/** GET /trade-ideas/info?ticker: the ticker is trimmed and upper-cased. */
export const tradeIdeasQuery = z.object({ ticker: tickerField, token: z.string().optional() });
export type TradeIdeasQuery = z.infer<typeof tradeIdeasQuery>;

export const tradeIdeasTypeSchema = z.enum(['Short Term', 'Long Term']);
export type TradeIdeasType = z.infer<typeof tradeIdeasTypeSchema>;

/** A support or a resistance: pivots clustered into one price level. */
export const tradeIdeasLevelSchema = z.object({
  type: z.enum(['support', 'resistance']),
  price: z.number(),
  /** Pivots in the level: more touches, a stronger level. */
  touches: z.number(),
  /** YYYY-MM-DD of the bar of the latest pivot in the level. */
  last_touched: z.string(),
});
export type TradeIdeasLevelDto = z.infer<typeof tradeIdeasLevelSchema>;

/** 1-core §3 "Trade ideas result", one per term. Lists are nearest to the price first. */
export const tradeIdeasResultSchema = z.object({
  ticker: z.string(),
  price: z.number(),
  type: tradeIdeasTypeSchema,
  /** False when the history is too short for this term (the lists are then empty). */
  found: z.boolean(),
  message: z.string(),
  supports: z.array(tradeIdeasLevelSchema),
  resistances: z.array(tradeIdeasLevelSchema),
  /** ISO time of the search. */
  date_queried: z.string(),
});
export type TradeIdeasResultDto = z.infer<typeof tradeIdeasResultSchema>;

/** One Range Radar search in 'Recent Trade Ideas Searches'. */
export const tradeIdeasHistoryEntrySchema = z.object({
  id: z.number(),
  ticker: z.string(),
  price: z.number(),
  date_queried: z.string(),
  /** The short term, then the long term. */
  data: z.array(tradeIdeasResultSchema),
});
export type TradeIdeasHistoryEntryDto = z.infer<typeof tradeIdeasHistoryEntrySchema>;

/** GET /trade-ideas/info */
export const tradeIdeasInfoResponseSchema = z.object({
  /** The short term, then the long term. */
  data: z.array(tradeIdeasResultSchema),
  new_trade_ideas_history_entry: tradeIdeasHistoryEntrySchema,
  new_trade_ideas_credits: z.number(),
});
export type TradeIdeasInfoResponse = z.infer<typeof tradeIdeasInfoResponseSchema>;

/** GET /alerts/trade-ideas-analysis-history/: newest first. */
export const tradeIdeasHistoryResponseSchema = z.object({ data: z.array(tradeIdeasHistoryEntrySchema) });
export type TradeIdeasHistoryResponse = z.infer<typeof tradeIdeasHistoryResponseSchema>;

/* ---- Operations ------------------------------------------------------------------------------- */

/**
 * Range Radar (the spec's calls name it "trade ideas"): a search costs one Trade Ideas credit.
 * Every call needs the TIA right (a lapsed subscription answers 401); market failures answer 503.
 */
export const RANGE_RADAR_API = {
  search: operation({
    method: 'GET',
    path: '/trade-ideas/info',
    operationId: 'searchTradeIdeas',
    summary: 'Find the supports and resistances of a ticker (costs one Trade Ideas credit)',
    tag: 'tools',
    query: tradeIdeasQuery,
    response: tradeIdeasInfoResponseSchema,
    errors: [400, 401, 403, 503],
  }),
  history: operation({
    method: 'GET',
    path: '/alerts/trade-ideas-analysis-history/',
    operationId: 'listTradeIdeasHistory',
    summary: "The caller's recent Range Radar searches, newest first",
    tag: 'tools',
    response: tradeIdeasHistoryResponseSchema,
    errors: [401, 403],
  }),
  clearHistory: operation({
    method: 'DELETE',
    path: '/alerts/trade-ideas-analysis-history/',
    operationId: 'clearTradeIdeasHistory',
    summary: "Clear the caller's Range Radar search history",
    tag: 'tools',
    response: messageSchema,
    errors: [401, 403],
  }),
} as const;
