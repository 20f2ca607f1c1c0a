/**
 * Ask DRAT (1-core §2 Tools, §3 "Ask DRAT company result", §5, §7, §8): company information, SEC
 * filings and the 10-K analysis sheet. Shapes and query schemas shared by the server and the web
 * app (its limits and messages: tools-texts.ts).
 */
import { z } from 'zod';
import { fromDecimalText } from './amounts';
import { TICKER_PATTERN } from './constants';
import { tickerField } from './market';
import { operation } from './operation';
import {
  ASK_DRAT_MSG,
  FILINGS_MAX_RESULTS,
  FILINGS_MIN_RESULTS,
  SHEET_YEARS_MAX,
  SHEET_YEARS_MIN,
  XLSX_MEDIA_TYPE,
} from './tools-texts';

/* ---- Queries ---------------------------------------------------------------------------------- */

/** The spec's fixed access `token` query parameter: accepted and ignored (the header authenticates). */
const ignoredToken = z.string().optional();

/** GET /stock/info?ticker&token */
export const stockInfoQuery = z.object({ ticker: tickerField, token: ignoredToken });
export type StockInfoQuery = z.infer<typeof stockInfoQuery>;

const invalid = { error: ASK_DRAT_MSG.invalidInputs };

/** GET /stock/filings/getboth?token&ticker&formtype&size: every bad field answers 'Invalid inputs'. */
export const filingsQuery = z.object({
  token: ignoredToken,
  ticker: z
    .string(invalid)
    .trim()
    .min(1, invalid)
    .max(16, invalid)
    .transform((t) => t.toUpperCase())
    .pipe(z.string().regex(TICKER_PATTERN, invalid)),
  formtype: z
    .string(invalid)
    .trim()
    .min(1, invalid)
    .max(20, invalid)
    .pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, invalid))
    .transform((f) => f.replace(/\s+/g, ' ').toUpperCase()),
  size: fromDecimalText(
    z.number(invalid).int(invalid).min(FILINGS_MIN_RESULTS, invalid).max(FILINGS_MAX_RESULTS, invalid),
  ),
});
export type FilingsQuery = z.infer<typeof filingsQuery>;

const years = { error: ASK_DRAT_MSG.sheetYears };
/** GET /stock/sheet-analysis?token&ticker&years_difference */
export const sheetAnalysisQuery = z.object({
  token: ignoredToken,
  ticker: tickerField,
  years_difference: fromDecimalText(z.number(years).int(years).min(SHEET_YEARS_MIN, years).max(SHEET_YEARS_MAX, years)),
});
export type SheetAnalysisQuery = z.infer<typeof sheetAnalysisQuery>;

/* ---- Responses -------------------------------------------------------------------------------- */

/** One filing (1-core §3 "Filing"); `Filed At` is the EDGAR filing date, YYYY-MM-DD. */
export const filingRowSchema = z.object({ 'Form Type': z.string(), 'Filed At': z.string(), Link: z.string() });
export type FilingRow = z.infer<typeof filingRowSchema>;

/** GET /stock/filings/getboth (200): `error` is 'No filings' when the list is empty, else null. */
export const filingsResponseSchema = z.object({ filings: z.array(filingRowSchema), error: z.string().nullable() });
export type FilingsResponse = z.infer<typeof filingsResponseSchema>;

const num = z.number().nullable();
const yesNo = z.enum(['Yes', 'No']);

/** Prices in USD, volumes and share counts as numbers, percentages as percent numbers (1.5 = 1.5 %). */
export const basicInfoSchema = z.object({
  Company: z.string(),
  Ticker: z.string(),
  Website: z.string(),
  Sector: z.string(),
  Industry: z.string(),
  Exchange: z.string(),
  Type: z.enum(['Stock', 'ETF', 'OTC']),
  Description: z.string(),
  Optionable: yesNo,
  Shortable: yesNo,
  Price: num,
  Change: num,
  'Change %': num,
  Open: num,
  'Prev Close': num,
  'Day High': num,
  'Day Low': num,
  Volume: num,
  'Avg Volume': z.number(),
  'Market Cap': num,
  /** Diluted EPS of the latest fiscal year's 10-K; null without annual figures. */
  EPS: num,
  /** Price over that EPS; null when EPS is not positive. */
  'P/E': num,
  Revenue: num,
  'Fiscal Year': z.number().nullable(),
  /** SEC Central Index Key (10 digits) when the company files with the SEC. */
  CIK: z.string().nullable(),
});
export type BasicInfo = z.infer<typeof basicInfoSchema>;

export const sharesInfoSchema = z.object({
  'Shares Outstanding': z.number(),
  'Shares Float': z.number(),
  'Float %': z.number(),
  /** Percent of the shares held by the institutions of institutional_info; null when that list is empty. */
  'Inst Own %': num,
});
export type SharesInfo = z.infer<typeof sharesInfoSchema>;

/** Daily-bar indicators; null when the history is too short. */
export const technicalInfoSchema = z.object({
  SMA20: num,
  SMA50: num,
  SMA200: num,
  RSI14: num,
  '52W High': num,
  '52W Low': num,
  /** Percent distance of the price from SMA50 / SMA200. */
  'SMA50 %': num,
  'SMA200 %': num,
});
export type TechnicalInfo = z.infer<typeof technicalInfoSchema>;

export const insiderRowSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  position: z.string(),
  /** Form 4 filing date, YYYY-MM-DD. */
  date_reported: z.string(),
  description: z.string(),
  shares: z.number(),
  /** USD: shares × the reported price (or the close of the transaction day). */
  value: z.number(),
});
export type InsiderRow = z.infer<typeof insiderRowSchema>;

export const institutionalRowSchema = z.object({
  Shareholder: z.string(),
  /** Percent of shares outstanding. */
  Stake: z.number(),
  'Shares Owned': z.number(),
});
export type InstitutionalRow = z.infer<typeof institutionalRowSchema>;

export const newsRowSchema = z.object({
  news_url: z.string(),
  news_title: z.string(),
  /** ISO date-time. */
  news_date: z.string(),
  image_url: z.string(),
});
export type NewsRow = z.infer<typeof newsRowSchema>;

export const companyInfoSchema = z.object({
  ticker: z.string(),
  basic_info: basicInfoSchema,
  shs_info: sharesInfoSchema,
  technical_info: technicalInfoSchema,
  insider_info: z.array(insiderRowSchema),
  institutional_info: z.array(institutionalRowSchema),
  filings_info: z.array(filingRowSchema),
  news_info: z.array(newsRowSchema),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/** GET /stock/info (200): `error` is null, or a note when SEC data could not be loaded (data still shown). */
export const stockInfoResponseSchema = z.object({ data: companyInfoSchema, error: z.string().nullable() });
export type StockInfoResponse = z.infer<typeof stockInfoResponseSchema>;

/** Body of a failed GET /stock/sheet-analysis (4xx/5xx): `message` is the spec's text, `reason` says why. */
export interface SheetErrorBody {
  error: true;
  message: string;
  reason?: string;
}

/* ---- Operations ------------------------------------------------------------------------------- */

/**
 * Ask DRAT: every call needs the ADA right (a lapsed subscription answers 401). The company view
 * reads the market (503 when it fails; a filings failure only adds a note); filings and the sheet
 * read SEC EDGAR (502 when it fails).
 */
export const ASK_DRAT_API = {
  info: operation({
    method: 'GET',
    path: '/stock/info',
    operationId: 'getStockInfo',
    summary: 'The company view of a ticker: quote, shares, technicals, insiders, holders, filings, news',
    tag: 'ask-drat',
    query: stockInfoQuery,
    response: stockInfoResponseSchema,
    errors: [400, 401, 403, 503],
  }),
  filings: operation({
    method: 'GET',
    path: '/stock/filings/getboth',
    operationId: 'listFilings',
    summary: 'The latest SEC filings of one form type for a ticker',
    tag: 'ask-drat',
    query: filingsQuery,
    response: filingsResponseSchema,
    errors: [400, 401, 403, 502],
  }),
  sheet: operation({
    method: 'GET',
    path: '/stock/sheet-analysis',
    operationId: 'downloadSheetAnalysis',
    summary: 'Download the 10-K analysis workbook (.xlsx) of a ticker',
    description:
      'An .xlsx workbook sent as an attachment. A failed analysis (404: no 10-K figures or an unknown ticker; 502: SEC EDGAR could not be reached) also carries `error: true`, `message` and `reason`.',
    tag: 'ask-drat',
    query: sheetAnalysisQuery,
    response: { file: XLSX_MEDIA_TYPE },
    errors: [400, 401, 403, 404, 502],
  }),
} as const;
