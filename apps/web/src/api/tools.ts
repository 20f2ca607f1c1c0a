import type {
  AddDioneTickerBody,
  AddDioneTickerResponse,
  DioneHistoryListResponse,
  DioneSearchResponse,
  FilingsQuery,
  FilingsResponse,
  MessageReply,
  StockInfoResponse,
  TradeIdeasHistoryResponse,
  TradeIdeasInfoResponse,
} from '@drat/contracts';
import { api, type DownloadedFile } from './client';

/**
 * The research tools (1-core §7 "Tools and resources"): Dione, Range Radar and Ask DRAT, one
 * function per endpoint, with the answer types of DIONE_API, RANGE_RADAR_API and ASK_DRAT_API in
 * packages/contracts. The spec's fixed `token` query parameter is left out: the server authenticates
 * by the Authorization header and ignores it, and a token in a URL ends up in logs.
 */

/* ---- Dione ------------------------------------------------------------------------------------ */

/** GET /stock/dione: one search; costs a Dione credit. */
export const searchDione = (ticker: string) => api.get<DioneSearchResponse>('/stock/dione', { ticker });

/** GET /alerts/dione-history-list: 'Recent Dione Searches', newest first. */
export const fetchDioneHistory = () => api.get<DioneHistoryListResponse>('/alerts/dione-history-list');

/** POST /alerts/reset-dione-history/: Clear History. */
export const resetDioneHistory = () => api.post<MessageReply>('/alerts/reset-dione-history/');

/** POST /alerts/add-dione-ticker/: track one term of a search on the DIONE Tracker. */
export const addDioneTicker = (body: AddDioneTickerBody) =>
  api.post<AddDioneTickerResponse>('/alerts/add-dione-ticker/', body);

/* ---- Range Radar (trade ideas) ---------------------------------------------------------------- */

/** GET /trade-ideas/info: one search; costs a Trade Ideas credit. The spec allows an `error` field in a 200. */
export const searchTradeIdeas = (ticker: string) =>
  api.get<TradeIdeasInfoResponse & { error?: string | null }>('/trade-ideas/info', { ticker });

const TRADE_IDEAS_HISTORY = '/alerts/trade-ideas-analysis-history/';

/** GET /alerts/trade-ideas-analysis-history/: 'Recent Trade Ideas Searches', newest first. */
export const fetchTradeIdeasHistory = () => api.get<TradeIdeasHistoryResponse>(TRADE_IDEAS_HISTORY);

/** DELETE /alerts/trade-ideas-analysis-history/: Clear History. */
export const clearTradeIdeasHistory = () => api.delete<MessageReply>(TRADE_IDEAS_HISTORY);

/* ---- Ask DRAT --------------------------------------------------------------------------------- */

/** GET /stock/info: the company view. */
export const fetchCompanyInfo = (ticker: string) => api.get<StockInfoResponse>('/stock/info', { ticker });

/** The filings form's query; the spec's ignored `token` is never sent. */
export type FilingsInput = Omit<FilingsQuery, 'token'>;

/** GET /stock/filings/getboth: the latest `size` filings of one form. */
export const fetchFilings = ({ ticker, formtype, size }: FilingsInput) =>
  api.get<FilingsResponse>('/stock/filings/getboth', { ticker, formtype, size });

/** GET /stock/sheet-analysis: the 10-K analysis workbook (.xlsx) of the last `years` fiscal years. */
export const downloadSheet = (ticker: string, years: number): Promise<DownloadedFile> =>
  api.download('/stock/sheet-analysis', { ticker, years_difference: years });
