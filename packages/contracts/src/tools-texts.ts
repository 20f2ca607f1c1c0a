/**
 * Limits and messages of the research tools (Dione, Range Radar, Ask DRAT: 1-core §2 Tools, §5),
 * written once for the server and the web app. Their own module, free of zod
 * (first-download.test.ts): dione.ts, trade-ideas.ts and ask-drat.ts register their operations when
 * they load, so a screen that showed one of these texts from there downloaded zod and every
 * schema of the tools with it.
 */

/* ---- Dione ------------------------------------------------------------------------------------ */

/** 'Recent Dione Searches' lists at most this many, newest first. */
export const DIONE_HISTORY_LIMIT = 50;

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

/* ---- Range Radar (trade ideas) ---------------------------------------------------------------- */

/** 'Recent Trade Ideas Searches' lists at most this many, newest first. */
export const TRADE_IDEAS_HISTORY_LIMIT = 50;

export const TRADE_IDEAS_MSG = {
  noAccess: 'You currently do not have access to Range Radar',
  noCredits: 'You have no Trade Ideas credits left. Get more credits to run another search; nothing was charged.',
  notEnoughHistory: (ticker: string) =>
    `There is not enough price history for ${ticker} to find supports and resistances yet; nothing was charged.`,
  historyCleared: 'Trade Ideas history cleared successfully',
} as const;

/* ---- Ask DRAT --------------------------------------------------------------------------------- */

/** Filings form: number of results 1 to 10 (1-core §5, §9). */
export const FILINGS_MIN_RESULTS = 1;
export const FILINGS_MAX_RESULTS = 10;
/** 10K sheet: a range of 2 to 6 fiscal years (1-core §5, §9). */
export const SHEET_YEARS_MIN = 2;
export const SHEET_YEARS_MAX = 6;
export const SHEET_YEAR_CHOICES = [2, 3, 4, 5, 6] as const;
/** Form types offered by the filings form (any other EDGAR form name is accepted by the server too). */
export const FILING_FORM_TYPES = [
  '10-K',
  '10-Q',
  '8-K',
  '4',
  'DEF 14A',
  'S-8',
  'SC 13G/A',
  '20-F',
  '6-K',
  'N-CSR',
] as const;
/** Media type of the 10-K sheet. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ASK_DRAT_MSG = {
  edgarUnreachable: 'SEC EDGAR could not be reached. Try again later.',
  noAccess: 'You currently do not have access to the Ask Drat Service',
  serviceError: 'There was an error using the Ask Drat Service. Try again later.',
  invalidInputs: 'Invalid inputs',
  noFilings: 'No filings',
  filingsError: 'Error fetching filings',
  sheetError: 'An error occurred analyzing this ticker.',
  sheetRequestFailed: 'An error occurred',
  sheetYears: `Choose a range of ${SHEET_YEARS_MIN} to ${SHEET_YEARS_MAX} years.`,
  unknownCompany: (ticker: string) => `Unknown ticker: ${ticker}. Enter the symbol of a listed company or fund.`,
  noAnnualReports: (ticker: string) =>
    `${ticker} has no 10-K figures to analyze (funds and foreign issuers file none).`,
  filingsPartlyUnavailable: 'SEC filings could not be loaded right now; the market information is shown without them.',
} as const;
