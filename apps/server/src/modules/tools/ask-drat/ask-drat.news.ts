/**
 * Recent news of a company, written from what DRAT knows about it (no outside news feed): the
 * day's price move, the largest daily moves and volume of the last weeks, 52-week extremes and
 * moving-average crosses from daily bars, its latest SEC filings, the latest 10-K's results and
 * the largest recent insider trade. Headlines link to the filing, or to the company's website.
 * Pure: the same inputs give the same headlines.
 */
import type { Bar, CompanyReference, InsiderRow, NewsRow, Quote, TechnicalInfo } from '@drat/contracts';
import type { AnnualFigures, Filing } from '../../../providers/filings/interface';

import { roundTo, smaOf } from '@drat/engine';
import { barDate, px } from './ask-drat.info';

export const NEWS_LIMIT = 10;
/** Sessions looked back over for large moves. */
const MOVE_WINDOW = 30;

export interface NewsInput {
  company: CompanyReference;
  quote: Quote | null;
  price: number | null;
  /** Daily bars, oldest first. */
  bars: readonly Bar[];
  technicals: TechnicalInfo;
  /** Recent filings, newest first. */
  filings: readonly Filing[];
  /** Latest fiscal years, oldest first. */
  annual: readonly AnnualFigures[];
  /** Insider rows with their Form 4's address. */
  insiders: readonly (InsiderRow & { url: string })[];
}

/** $391.0B, $85.8M, $12.3K */
export function money(v: number): string {
  const a = Math.abs(v);
  const sign = v < 0 ? '-' : '';
  if (a >= 1e12) return `${sign}$${(a / 1e12).toFixed(2)}T`;
  if (a >= 1e9) return `${sign}$${(a / 1e9).toFixed(1)}B`;
  if (a >= 1e6) return `${sign}$${(a / 1e6).toFixed(1)}M`;
  if (a >= 1e3) return `${sign}$${(a / 1e3).toFixed(1)}K`;
  return `${sign}$${a.toFixed(2)}`;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
/** Filings are dated at the end of the EDGAR day (17:30 New York ≈ 22:30 UTC). */
const filedTime = (date: string) => `${date}T22:30:00.000Z`;
/** A daily bar's news is dated at the close (16:00 New York ≈ 21:00 UTC). */
const closeTime = (b: Bar) => `${barDate(b)}T21:00:00.000Z`;

export function companyNews(input: NewsInput): NewsRow[] {
  const { company, quote, price, bars, technicals } = input;
  const name = company.name;
  const sym = company.symbol;
  const site = company.website;
  const items: NewsRow[] = [];
  const add = (title: string, date: string, url: string = site) =>
    items.push({ news_url: url, news_title: title, news_date: date, image_url: '' });

  if (quote && price !== null && Math.abs(quote.change_percentage) >= 0.5) {
    const up = quote.change_percentage > 0;
    add(
      `${name} shares ${up ? 'rise' : 'fall'} ${Math.abs(roundTo(quote.change_percentage, 2))}% to $${px(price)}`,
      quote.at,
    );
  }

  // The largest daily moves of the last sessions, when they stand out from the usual day.
  const recent = bars.slice(-(MOVE_WINDOW + 1));
  const moves = recent.slice(1).map((b, i) => ({ bar: b, ret: (b.close / recent[i]!.close - 1) * 100 }));
  if (moves.length > 5) {
    const usual = moves.reduce((s, m) => s + Math.abs(m.ret), 0) / moves.length;
    const avgVolume = moves.reduce((s, m) => s + m.bar.volume, 0) / moves.length;
    moves
      .filter((m) => Math.abs(m.ret) >= Math.max(2, 2.2 * usual))
      .sort((a, b) => Math.abs(b.ret) - Math.abs(a.ret))
      .slice(0, 2)
      .forEach(({ bar, ret }) => {
        const heavy = bar.volume > 1.5 * avgVolume ? ` on heavy volume (${count(bar.volume)} shares)` : '';
        add(
          `${sym} ${ret > 0 ? 'jumps' : 'slides'} ${Math.abs(roundTo(ret, 1))}%${heavy}, closing at $${px(bar.close)}`,
          closeTime(bar),
        );
      });
  }

  const last = bars.at(-1);
  if (last) {
    const high = technicals['52W High'];
    const low = technicals['52W Low'];
    if (high !== null && last.close >= 0.99 * high)
      add(`${sym} trades near its 52-week high of $${high}`, closeTime(last));
    else if (low !== null && last.close <= 1.01 * low)
      add(`${sym} trades near its 52-week low of $${low}`, closeTime(last));
  }

  // A cross of the 50-day average within the last five sessions.
  if (bars.length >= 56) {
    const closes = bars.map((b) => b.close);
    for (let back = 0; back < 5; back++) {
      const end = closes.length - back;
      const nowAbove = closes[end - 1]! > smaOf(closes.slice(0, end), 50);
      const wasAbove = closes[end - 2]! > smaOf(closes.slice(0, end - 1), 50);
      if (nowAbove !== wasAbove) {
        add(`${sym} crosses ${nowAbove ? 'above' : 'below'} its 50-day moving average`, closeTime(bars[end - 1]!));
        break;
      }
    }
  }

  const latest = input.annual.at(-1);
  const prior = input.annual.at(-2);
  if (latest?.revenue != null) {
    const annualReport = input.filings.find(
      (f) => (f.form === '10-K' || f.form === '10-K/A') && f.reportDate === latest.periodEnd,
    );
    const growth =
      prior?.revenue != null && prior.revenue !== 0
        ? `, ${latest.revenue >= prior.revenue ? 'up' : 'down'} ${Math.abs(roundTo((latest.revenue / prior.revenue - 1) * 100, 1))}% from a year earlier`
        : '';
    const profit =
      latest.netIncome == null
        ? ''
        : `; net ${latest.netIncome >= 0 ? 'income' : 'loss'} ${money(Math.abs(latest.netIncome))}`;
    add(
      `${name} reports fiscal ${latest.fiscalYear} revenue of ${money(latest.revenue)}${growth}${profit}`,
      filedTime(latest.filed),
      annualReport?.url ?? site,
    );
  }

  const described = new Set<string>();
  for (const f of input.filings) {
    if (described.size >= 3) break;
    const title = filingHeadline(name, f);
    if (!title || described.has(f.form)) continue;
    described.add(f.form);
    add(title, filedTime(f.filedAt), f.url);
  }

  // The largest open-market trade (a grant or a tax withholding only when there is none).
  const byValue = [...input.insiders].sort((a, b) => b.value - a.value);
  const biggest = byValue.find((t) => t.description === 'Sale' || t.description === 'Purchase') ?? byValue[0];
  if (biggest && biggest.value > 0) {
    const verb =
      {
        Sale: 'sells',
        Purchase: 'buys',
        'Option Exercise': 'exercises options for',
        'Grant/Award': 'is awarded',
        'Tax Withholding': 'withholds',
        Gift: 'gifts',
      }[biggest.description] ?? 'reports a trade of';
    add(
      `Insider ${biggest.position} ${biggest.full_name} ${verb} ${count(biggest.shares)} shares of ${sym} (${money(biggest.value)})`,
      filedTime(biggest.date_reported),
      biggest.url,
    );
  }

  const seen = new Set<string>();
  return items
    .filter((n) => !seen.has(n.news_title) && seen.add(n.news_title))
    .sort((a, b) => (a.news_date < b.news_date ? 1 : a.news_date > b.news_date ? -1 : 0))
    .slice(0, NEWS_LIMIT);
}

function filingHeadline(name: string, f: Filing): string | null {
  const period = f.reportDate ? ` for the period ended ${f.reportDate}` : '';
  switch (f.form) {
    case '10-K':
      return `${name} files its annual report (10-K)${period}`;
    case '10-Q':
      return `${name} files its quarterly report (10-Q)${period}`;
    case '20-F':
      return `${name} files its annual report (20-F)${period}`;
    case '8-K':
      return `${name} files a current report (8-K): ${f.description || 'material event'}`;
    case '6-K':
      return `${name} furnishes a report to the SEC (6-K)`;
    case 'DEF 14A':
      return `${name} files its proxy statement ahead of the annual meeting`;
    case 'N-CSR':
    case 'N-CSRS':
      return `${name} publishes its shareholder report (${f.form})${period}`;
    default:
      return null;
  }
}
