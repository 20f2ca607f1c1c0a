/**
 * Ask DRAT (1-core §2 Tools, §3, §5, §7, §8): company information from the market-data and filings
 * providers, SEC filings by form, and the 10-K analysis workbook. Who may call is declared on the
 * routes (ADA); this file holds the rules and the error wording.
 */
import {
  ASK_DRAT_MSG,
  UNKNOWN_PRICE,
  type Bar,
  type CompanyReference,
  type FilingsQuery,
  type FilingsResponse,
  type Quote,
  type SheetAnalysisQuery,
  type StockInfoResponse,
} from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import type { AnnualFigures, FilingsProvider } from '../../../providers/filings/interface';
import type { MarketDataProvider } from '../../../providers/market/interface';
import { isProviderError, withProvider } from '../../../providers/provider-error';
import { livePrice } from '@drat/engine';
import { filingRow, insiderRows, institutionalRows, pct, px, technicalsOf } from './ask-drat.info';
import { companyNews } from './ask-drat.news';
import { buildAnalysisWorkbook, sheetFilename, workbookBuffer } from './ask-drat.sheet';

const DAY = 86_400_000;
/** Daily bars read for the technicals: 200 sessions for SMA200 and a full 52 weeks. */
const BAR_DAYS = 400;
/** Filings, insider trades and headlines shown in the company view. */
const LIST_SIZE = 10;

export interface AskDratDeps {
  market: MarketDataProvider;
  filings: FilingsProvider;
  now: () => Date;
}

/** A 400 the filings form and the toast can both read: `{ticker: [msg], error: msg}`. */
function unknownTicker(ticker: string): DomainError {
  const message = ASK_DRAT_MSG.unknownCompany(ticker);
  return new DomainError('VALIDATION', message, { details: { ticker: [message], error: message } });
}

/** The sheet's failure body: `{error: true, message, reason}`. */
const sheetDetails = (reason: string) => ({ error: true, message: ASK_DRAT_MSG.sheetError, reason });

function sheetError(code: 'NOT_FOUND', reason: string): DomainError {
  return new DomainError(code, ASK_DRAT_MSG.sheetError, { details: sheetDetails(reason) });
}

/** A market-data failure (rate limit, outage) is the spec's 'try again later', not a 500. */
const fromMarket = <T>(fn: () => Promise<T>): Promise<T> => withProvider(ASK_DRAT_MSG.serviceError, fn);

/** A filings-source failure becomes `fallback` and a note; anything else is a bug and stays one. */
async function orNote<T>(fn: () => Promise<T>, fallback: T, failed: { note: boolean }): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!isProviderError(err)) throw err;
    failed.note = true;
    return fallback;
  }
}

export function createAskDratService({ market, filings, now }: AskDratDeps) {
  async function companyAndQuote(ticker: string): Promise<{ company: CompanyReference; quote: Quote }> {
    const [company, quotes] = await Promise.all([
      fromMarket(() => market.company(ticker)),
      fromMarket(() => market.quotes([ticker])),
    ]);
    const quote = quotes[0];
    if (!company || !quote) throw unknownTicker(ticker);
    return { company, quote };
  }

  async function dailyBars(ticker: string): Promise<Bar[]> {
    const to = market.now();
    return fromMarket(() => market.bars(ticker, '1day', new Date(to.getTime() - BAR_DAYS * DAY), to));
  }

  return {
    /** GET /stock/info: the company view; SEC parts missing when the filings source fails (noted in `error`). */
    async info(ticker: string): Promise<StockInfoResponse> {
      const { company, quote } = await companyAndQuote(ticker);
      const failed = { note: false };
      const [bars, recent, trades, holders, annual, cik] = await Promise.all([
        dailyBars(ticker),
        orNote(() => filings.filings(ticker, { limit: LIST_SIZE }), [], failed),
        orNote(() => filings.insiderTransactions(ticker, LIST_SIZE), [], failed),
        orNote(() => filings.institutionalHolders(ticker), [], failed),
        orNote(() => filings.annualFacts(ticker, 2), null, failed),
        orNote(() => filings.cik(ticker), null, failed),
      ]);
      const live = livePrice(quote);
      const price = live === UNKNOWN_PRICE ? null : px(live);
      const years: AnnualFigures[] = annual?.years ?? [];
      const latest = years.at(-1);
      const eps = latest?.epsDiluted ?? null;
      const technicals = technicalsOf(bars, price, market.now());
      const transactions = trades ?? [];
      const insiders = insiderRows(transactions, bars, price);
      const institutional = institutionalRows(holders, company);
      const held = holders.reduce((sum, h) => sum + h.shares, 0);
      const filingsList = recent ?? [];
      return {
        data: {
          ticker: company.symbol,
          basic_info: {
            Company: company.name,
            Ticker: company.symbol,
            Website: company.website,
            Sector: company.sector,
            Industry: company.industry,
            Exchange: company.exchange,
            Type: company.type === 'etf' ? 'ETF' : company.type === 'otc' ? 'OTC' : 'Stock',
            Description: company.description,
            Optionable: company.optionable ? 'Yes' : 'No',
            Shortable: company.shortable ? 'Yes' : 'No',
            Price: price,
            Change: px(quote.change),
            'Change %': Math.round(quote.change_percentage * 100) / 100,
            Open: quote.open > 0 ? px(quote.open) : null,
            'Prev Close': quote.prevclose > 0 ? px(quote.prevclose) : null,
            'Day High': quote.high > 0 ? px(quote.high) : null,
            'Day Low': quote.low > 0 ? px(quote.low) : null,
            Volume: quote.volume,
            'Avg Volume': company.average_volume,
            'Market Cap': price === null ? null : Math.round(price * company.shares_outstanding),
            EPS: eps,
            'P/E': price !== null && eps !== null && eps > 0 ? Math.round((price / eps) * 100) / 100 : null,
            Revenue: latest?.revenue ?? null,
            'Fiscal Year': latest?.fiscalYear ?? null,
            CIK: cik,
          },
          shs_info: {
            'Shares Outstanding': company.shares_outstanding,
            'Shares Float': company.float,
            'Float %': pct(company.float, company.shares_outstanding) ?? 0,
            'Inst Own %': holders.length ? pct(held, company.shares_outstanding) : null,
          },
          technical_info: technicals,
          insider_info: insiders,
          institutional_info: institutional,
          filings_info: filingsList.map(filingRow),
          news_info: companyNews({
            company,
            quote,
            price,
            bars,
            technicals,
            filings: filingsList,
            annual: years,
            insiders: insiders.map((row, i) => ({ ...row, url: transactions[i]!.url })),
          }),
        },
        error: failed.note ? ASK_DRAT_MSG.filingsPartlyUnavailable : null,
      };
    },

    /** GET /stock/filings/getboth: the latest `size` filings of one form; none is 'No filings'. */
    async filings(q: FilingsQuery): Promise<FilingsResponse> {
      const list = await withProvider({ unavailable: ASK_DRAT_MSG.filingsError, badGateway: true }, () =>
        filings.filings(q.ticker, { forms: [q.formtype], limit: q.size }),
      );
      if (list === null) throw unknownTicker(q.ticker);
      return { filings: list.map(filingRow), error: list.length === 0 ? ASK_DRAT_MSG.noFilings : null };
    },

    /** GET /stock/sheet-analysis: the workbook of the last `years_difference` fiscal years, and its file name. */
    async sheet(q: SheetAnalysisQuery): Promise<{ filename: string; content: Buffer }> {
      const facts = await withProvider(
        {
          unavailable: ASK_DRAT_MSG.sheetError,
          badGateway: true,
          details: sheetDetails(ASK_DRAT_MSG.edgarUnreachable),
        },
        () => filings.annualFacts(q.ticker, q.years_difference),
      );
      if (!facts) {
        const known = await filings.cik(q.ticker).catch(() => null);
        throw sheetError(
          'NOT_FOUND',
          known ? ASK_DRAT_MSG.noAnnualReports(q.ticker) : ASK_DRAT_MSG.unknownCompany(q.ticker),
        );
      }
      const at = now();
      const source =
        filings.name === 'edgar'
          ? 'SEC EDGAR companyfacts (us-gaap, 10-K)'
          : 'Simulated 10-K figures (DRAT offline mode)';
      const { workbook } = buildAnalysisWorkbook(facts, { generatedAt: at, source });
      return { filename: sheetFilename(facts.ticker, at), content: await workbookBuffer(workbook) };
    },
  };
}
export type AskDratService = ReturnType<typeof createAskDratService>;
