/**
 * Dione (1-core §2 Tools, §3 "Dione result" and "Dione tracker", §4 Tool search, §7): shapes,
 * limits, messages and request schemas shared by the server and the web app. The method behind
 * the numbers is docs/dione.md.
 */
import { z } from 'zod';
import { tickerField } from './market';

/* ---- Limits ----------------------------------------------------------------------------------- */

/** 'Recent Dione Searches' lists at most this many, newest first. */
export const DIONE_HISTORY_LIMIT = 50;

/* ---- Messages --------------------------------------------------------------------------------- */

export const DIONE_MSG = {
  noAccess: 'You currently do not have access to the Dione Service',
  noCredits: 'You have no Dione credits left. Get more credits to run another search; nothing was charged.',
  notEnoughHistory: (ticker: string) =>
    `There is not enough price history for ${ticker} to analyze it yet; nothing was charged.`,
  historyCleared: 'Dione history cleared successfully',
  tracked: 'Tracked',
  trackerRemoved: 'DIONE tracker removed successfully',
  trackersCleared: 'DIONE trackers cleared successfully',
  searchNotFound: 'That Dione search no longer exists. Run the search again to track it.',
  trackerNotFound: 'That DIONE tracker no longer exists.',
  trackMismatch: 'The ticker, price and targets sent do not match this Dione search.',
  idInvalid: 'A valid id is required.',
  priceInvalid: 'A price is a number above 0.',
} as const;

/* ---- Requests --------------------------------------------------------------------------------- */

/** The spec's fixed access `token` query parameter: accepted and ignored (the header authenticates). */
const ignoredToken = z.string().optional();
const idField = z.coerce
  .number({ error: DIONE_MSG.idInvalid })
  .int({ error: DIONE_MSG.idInvalid })
  .positive({ error: DIONE_MSG.idInvalid });
const priceField = z.coerce
  .number({ error: DIONE_MSG.priceInvalid })
  .positive({ error: DIONE_MSG.priceInvalid })
  .max(10_000_000, { error: DIONE_MSG.priceInvalid });

/** GET /stock/dione?ticker&token: the ticker is trimmed and upper-cased. */
export const dioneQuery = z.object({ ticker: tickerField, token: ignoredToken });
export type DioneQuery = z.infer<typeof dioneQuery>;

/** POST /alerts/add-dione-ticker/: a term of a Dione search, named by its price and targets. */
export const addDioneTickerBody = z.object({
  history_id: idField,
  ticker: tickerField,
  lastprice: priceField,
  t1: priceField,
  t2: priceField,
});
export type AddDioneTickerBody = z.infer<typeof addDioneTickerBody>;

/** POST /alerts/remove-dione-ticker/ */
export const dioneTrackerIdBody = z.object({ id: idField });

/* ---- Responses -------------------------------------------------------------------------------- */

export type DioneType = 'SHORT' | 'LONG';
export type DioneTrend = 'up' | 'sideways' | 'down';

/** One term's card (1-core §3 long_analysis / short_analysis) when the term was found. */
export interface DioneAnalysisDto {
  'Last Price': number;
  /** 'low - high', e.g. '245.81 - 249.15'. */
  'Buy Range': string;
  'Stop Loss': number;
  /** 'target 1 - target 2'. */
  'Target Range': string;
  'Drat Quote': string;
  /** '1 : 1.99': reward to target 1 per unit of risk. */
  'Risk Vs Reward': string;
  /** What the term was computed from, e.g. 'Based on 120 daily bars up to 2026-11-20.' */
  message: string;
  /** 1 to 5 stars for this term. */
  rating: number;
  trend: DioneTrend;
}

/** A term without enough history: only the reason. */
export interface DioneMissingDto {
  message: string;
}

/** What tracking a term needs (1-core §3 short_term_history_data / long_term_history_data). */
export interface DioneHistoryDataDto {
  /** The Dione search (history entry) id: `history_id` of add-dione-ticker. */
  id: number;
  ticker: string;
  /** The price at the search: `lastprice` of add-dione-ticker. */
  alert_price: number;
  target_range_one: number;
  target_range_two: number;
  dione_type: DioneType;
}

/**
 * 1-core §3 "Dione result". The top-level levels are those of the long term when it was found,
 * else of the short term (`dione_type` says which). A search and its history entry share this shape.
 */
export interface DioneResultDto {
  id: number;
  ticker: string;
  company_name: string;
  rating: number;
  found: boolean;
  found_short: boolean;
  long_analysis: DioneAnalysisDto | DioneMissingDto;
  short_analysis: DioneAnalysisDto | DioneMissingDto;
  short_term_history_data: DioneHistoryDataDto | null;
  long_term_history_data: DioneHistoryDataDto | null;
  /** A DIONE tracker exists for a term of this search. */
  tracked: boolean;
  tracked_short: boolean;
  tracked_long: boolean;
  alert_price: number;
  buy_range_one: number;
  buy_range_two: number;
  target_range_one: number;
  target_range_two: number;
  stop_loss: number;
  risk_vs_reward: string;
  dione_type: DioneType;
  /** ISO time of the search. */
  date_queried: string;
}

/** GET /stock/dione */
export interface DioneSearchResponse {
  result: DioneResultDto;
  new_dione_history_entry: DioneResultDto;
  new_dione_credits: number;
}

/** GET /alerts/dione-history-list: newest first. */
export interface DioneHistoryListResponse {
  tickers: DioneResultDto[];
  hasTickers: boolean;
}

/** 1-core §3 "Dione tracker", with its progress towards target 2 from the live price. */
export interface DioneTrackerDto {
  id: number;
  history_id: number | null;
  ticker: string;
  dione_type: DioneType;
  alert_price: number;
  target_range_one: number;
  target_range_two: number;
  /** ISO time the tracker was added. */
  alert_date: string;
  /** The live price; null when the market has none. */
  last_price: number | null;
  /** 0 to 100 (2 decimals). */
  progress: number;
}

/** GET /alerts/dione-tracker-list: newest first. */
export interface DioneTrackerListResponse {
  data: DioneTrackerDto[];
  hasTickers: boolean;
}

/** POST /alerts/add-dione-ticker/ */
export interface AddDioneTickerResponse {
  message: string;
  data: DioneTrackerDto;
}
