/**
 * Dione (1-core §2 Tools, §3 "Dione result" and "Dione tracker", §4 Tool search, §7): shapes and
 * request schemas shared by the server and the web app (its limits and messages: tools-texts.ts).
 * The method behind the numbers is docs/dione.md.
 */
import { z } from 'zod';
import { bodyIdField, priceField } from './amounts';
import { tickerField } from './market';
import { messageSchema, operation } from './operation';
import { DIONE_MSG } from './tools-texts';

/* ---- Requests --------------------------------------------------------------------------------- */

/** The spec's fixed access `token` query parameter: accepted and ignored (the header authenticates). */
const ignoredToken = z.string().optional();
const idField = bodyIdField(DIONE_MSG.idInvalid);
/** A price of a term (its stored columns keep 8 decimals), up to 10,000,000. */
const termPrice = priceField(
  'Price',
  { type: DIONE_MSG.priceInvalid, least: DIONE_MSG.priceInvalid, most: DIONE_MSG.priceInvalid },
  { max: 10_000_000 },
);

/** GET /stock/dione?ticker&token: the ticker is trimmed and upper-cased. */
export const dioneQuery = z.object({ ticker: tickerField, token: ignoredToken });
export type DioneQuery = z.infer<typeof dioneQuery>;

/** POST /alerts/add-dione-ticker/: a term of a Dione search, named by its price and targets. */
export const addDioneTickerBody = z.object({
  history_id: idField,
  ticker: tickerField,
  lastprice: termPrice,
  t1: termPrice,
  t2: termPrice,
});
export type AddDioneTickerBody = z.infer<typeof addDioneTickerBody>;

/** POST /alerts/remove-dione-ticker/ */
export const dioneTrackerIdBody = z.object({ id: idField });

/* ---- Responses -------------------------------------------------------------------------------- */

export const dioneTypeSchema = z.enum(['SHORT', 'LONG']);
export type DioneType = z.infer<typeof dioneTypeSchema>;
export const dioneTrendSchema = z.enum(['up', 'sideways', 'down']);
export type DioneTrend = z.infer<typeof dioneTrendSchema>;

/** One term's card (1-core §3 long_analysis / short_analysis) when the term was found. */
export const dioneAnalysisSchema = z.object({
  'Last Price': z.number(),
  /** 'low - high', e.g. '245.81 - 249.15'. */
  'Buy Range': z.string(),
  'Stop Loss': z.number(),
  /** 'target 1 - target 2'. */
  'Target Range': z.string(),
  'Drat Quote': z.string(),
  /** '1 : 1.99': reward to target 1 per unit of risk. */
  'Risk Vs Reward': z.string(),
  /** What the term was computed from, e.g. 'Based on 120 daily bars up to 2026-11-20.' */
  message: z.string(),
  /** 1 to 5 stars for this term. */
  rating: z.number(),
  trend: dioneTrendSchema,
});
export type DioneAnalysisDto = z.infer<typeof dioneAnalysisSchema>;

/** A term without enough history: only the reason. */
export const dioneMissingSchema = z.strictObject({ message: z.string() });
export type DioneMissingDto = z.infer<typeof dioneMissingSchema>;

/** A term's card: the found card, else the reason alone. */
const dioneTermSchema = z.union([dioneAnalysisSchema, dioneMissingSchema]);

/** What tracking a term needs (1-core §3 short_term_history_data / long_term_history_data). */
export const dioneHistoryDataSchema = z.object({
  /** The Dione search (history entry) id: `history_id` of add-dione-ticker. */
  id: z.number(),
  ticker: z.string(),
  /** The price at the search: `lastprice` of add-dione-ticker. */
  alert_price: z.number(),
  target_range_one: z.number(),
  target_range_two: z.number(),
  dione_type: dioneTypeSchema,
});
export type DioneHistoryDataDto = z.infer<typeof dioneHistoryDataSchema>;

/**
 * 1-core §3 "Dione result". The top-level levels are those of the long term when it was found,
 * else of the short term (`dione_type` says which). A search and its history entry share this shape.
 */
export const dioneResultSchema = z.object({
  id: z.number(),
  ticker: z.string(),
  company_name: z.string(),
  rating: z.number(),
  found: z.boolean(),
  found_short: z.boolean(),
  long_analysis: dioneTermSchema,
  short_analysis: dioneTermSchema,
  short_term_history_data: dioneHistoryDataSchema.nullable(),
  long_term_history_data: dioneHistoryDataSchema.nullable(),
  /** A DIONE tracker exists for a term of this search. */
  tracked: z.boolean(),
  tracked_short: z.boolean(),
  tracked_long: z.boolean(),
  alert_price: z.number(),
  buy_range_one: z.number(),
  buy_range_two: z.number(),
  target_range_one: z.number(),
  target_range_two: z.number(),
  stop_loss: z.number(),
  /** '1 : 1.99', or '-' when neither term was found. */
  risk_vs_reward: z.string(),
  dione_type: dioneTypeSchema,
  /** ISO time of the search. */
  date_queried: z.string(),
});
export type DioneResultDto = z.infer<typeof dioneResultSchema>;

/** GET /stock/dione */
export const dioneSearchResponseSchema = z.object({
  result: dioneResultSchema,
  /** The same entry as `result`, to put first in 'Recent Dione Searches'. */
  new_dione_history_entry: dioneResultSchema,
  new_dione_credits: z.number(),
});
export type DioneSearchResponse = z.infer<typeof dioneSearchResponseSchema>;

/** GET /alerts/dione-history-list: newest first. */
export const dioneHistoryListResponseSchema = z.object({
  tickers: z.array(dioneResultSchema),
  hasTickers: z.boolean(),
});
export type DioneHistoryListResponse = z.infer<typeof dioneHistoryListResponseSchema>;

/** 1-core §3 "Dione tracker", with its progress towards target 2 from the live price. */
export const dioneTrackerSchema = z.object({
  id: z.number(),
  /** The search it was tracked from; null once that search was cleared from the history. */
  history_id: z.number().nullable(),
  ticker: z.string(),
  dione_type: dioneTypeSchema,
  alert_price: z.number(),
  target_range_one: z.number(),
  target_range_two: z.number(),
  /** ISO time the tracker was added. */
  alert_date: z.string(),
  /** The live price; null when the market has none. */
  last_price: z.number().nullable(),
  /** 0 to 100 (2 decimals). */
  progress: z.number(),
});
export type DioneTrackerDto = z.infer<typeof dioneTrackerSchema>;

/** GET /alerts/dione-tracker-list: newest first. */
export const dioneTrackerListResponseSchema = z.object({
  data: z.array(dioneTrackerSchema),
  hasTickers: z.boolean(),
});
export type DioneTrackerListResponse = z.infer<typeof dioneTrackerListResponseSchema>;

/** POST /alerts/add-dione-ticker/ */
export const addDioneTickerResponseSchema = z.object({ message: z.string(), data: dioneTrackerSchema });
export type AddDioneTickerResponse = z.infer<typeof addDioneTickerResponseSchema>;

/* ---- Operations ------------------------------------------------------------------------------- */

/**
 * Dione: a search costs one Dione credit; the searches and their tracking need the DA right (a
 * lapsed subscription answers 401). The DIONE Tracker tab of My Trackers (the last three calls)
 * is the caller's own list and needs only a session. Market failures answer 503.
 */
export const DIONE_API = {
  search: operation({
    method: 'GET',
    path: '/stock/dione',
    operationId: 'searchDione',
    summary: 'Run a Dione search on a ticker (costs one Dione credit)',
    tag: 'tools',
    query: dioneQuery,
    response: dioneSearchResponseSchema,
    errors: [400, 401, 403, 503],
  }),
  history: operation({
    method: 'GET',
    path: '/alerts/dione-history-list',
    operationId: 'listDioneHistory',
    summary: "The caller's recent Dione searches, newest first",
    tag: 'tools',
    response: dioneHistoryListResponseSchema,
    errors: [401, 403],
  }),
  clearHistory: operation({
    method: 'POST',
    path: '/alerts/reset-dione-history/',
    operationId: 'clearDioneHistory',
    summary: "Clear the caller's Dione search history",
    tag: 'tools',
    response: messageSchema,
    errors: [401, 403],
  }),
  track: operation({
    method: 'POST',
    path: '/alerts/add-dione-ticker/',
    operationId: 'addDioneTracker',
    summary: 'Track one term of a Dione search on the DIONE Tracker',
    tag: 'tools',
    body: addDioneTickerBody,
    response: addDioneTickerResponseSchema,
    errors: [400, 401, 403, 404, 503],
  }),
  trackers: operation({
    method: 'GET',
    path: '/alerts/dione-tracker-list',
    operationId: 'listDioneTrackers',
    summary: "The caller's DIONE trackers with their progress, newest first",
    tag: 'tools',
    response: dioneTrackerListResponseSchema,
    errors: [401, 503],
  }),
  removeTracker: operation({
    method: 'POST',
    path: '/alerts/remove-dione-ticker/',
    operationId: 'removeDioneTracker',
    summary: 'Remove one DIONE tracker',
    tag: 'tools',
    body: dioneTrackerIdBody,
    response: messageSchema,
    errors: [400, 401, 404],
  }),
  clearTrackers: operation({
    method: 'POST',
    path: '/alerts/reset-dione-trackers/',
    operationId: 'clearDioneTrackers',
    summary: "Remove all of the caller's DIONE trackers",
    tag: 'tools',
    response: messageSchema,
    errors: [401],
  }),
} as const;
