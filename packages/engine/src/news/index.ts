/**
 * News rules (docs/news-rules.md): which tabs of the news page an article belongs to, what it may
 * mean for a trader, and which other articles are related to it. Pure: articles and what is known
 * of their tickers in, decisions out. The provider (simulated or Alpaca) only fetches articles.
 */
import type { NewsCategory, Rights } from '@drat/contracts';

/** An article as a news provider gives it. */
export interface Article {
  id: string;
  headline: string;
  /** '' when the source gives none. */
  summary: string;
  url: string;
  /** The publisher's name (Benzinga, DRAT Market Wire). */
  source: string;
  /** A picture, or ''. */
  imageUrl: string;
  /** Upper-case tickers it names, the main one first. */
  symbols: string[];
  publishedAt: Date;
}

/** What the product knows of a ticker: its sector and whether it trades over the counter. */
export interface TickerFacts {
  sector: string;
  otc: boolean;
}

/** Tickers whose price follows crypto-currencies (miners, exchanges, holders of bitcoin). */
export const CRYPTO_TICKERS: ReadonlySet<string> = new Set([
  'COIN',
  'MSTR',
  'MARA',
  'RIOT',
  'CLSK',
  'HUT',
  'BITF',
  'CIFR',
  'HOOD',
  'IBIT',
  'GBTC',
  'BITO',
  'CORZ',
  'WULF',
]);

/**
 * The words that put an article under a tab: phrases, not bare words ("Boeing halts 737
 * production" is no trading halt, "analysts split on Nvidia" no stock split, "Apple offering
 * trade-in discounts" no share offering).
 */
const WORDS: Partial<Record<NewsCategory, RegExp>> = {
  halts:
    /\btrading (?:halt|pause)|\bhalts? trading\b|\bhalted trading\b|\btrading in \S+ (?:is |was )?(?:halted|paused)\b|\bhalted (?:for|pending|on news)\b|\bLULD\b|\bvolatility (?:pause|halt)\b|\bcircuit breaker\b/i,
  offering:
    /\b(?:public|secondary|direct|follow-on|share|stock|equity|convertible(?: notes?)?|notes|debt|bought deal|initial public) offering\b|\bprice[sd]? (?:\S+ ){0,6}offering\b|\bprivate placement\b|\bat-the-market\b/i,
  splits: /\b\d+[- ]for[- ]\d+\b|\b(?:reverse )?(?:stock|share) split\b|\breverse split\b/i,
  crypto: /\bcrypto(?:currenc(?:y|ies))?\b|\bbitcoin\b|\bethereum\b|\bblockchain\b|\bBTC\b|\bETH\b|\bstablecoins?\b/i,
  nft: /\bNFTs?\b|\bnon-fungible\b/i,
  'health-care': /\bFDA\b|\bclinical\b|\bphase (?:1|2|3|I|II|III)\b|\bbiotech\b|\bpharma(?:ceutical)?s?\b|\bdrug\b/i,
};

/**
 * The tabs an article is shown under: Hot-News always; Halts, Offering, Splits, Crypto, NFT and
 * Health-Care by the words of its headline and summary (and Crypto by a crypto ticker, Health-Care
 * by a Healthcare company); OTC-News when a ticker it names trades over the counter.
 */
export function categoriesOf(article: Article, facts: (symbol: string) => TickerFacts | undefined): NewsCategory[] {
  const text = `${article.headline}\n${article.summary}`;
  const out: NewsCategory[] = ['hot-news'];
  const known = article.symbols.map((s) => facts(s)).filter((f): f is TickerFacts => f !== undefined);
  if (WORDS['health-care']!.test(text) || known.some((f) => f.sector === 'Healthcare')) out.push('health-care');
  if (known.some((f) => f.otc)) out.push('otc-news');
  if (WORDS.crypto!.test(text) || article.symbols.some((s) => CRYPTO_TICKERS.has(s) || /USD$/.test(s)))
    out.push('crypto');
  for (const c of ['nft', 'halts', 'offering', 'splits'] as const) if (WORDS[c]!.test(text)) out.push(c);
  return out;
}

/**
 * What an article may mean for a trader, in one sentence, for the tab it is read under ('' when
 * the rules have nothing to say). Never a recommendation to buy or sell.
 */
export function adviceFor(article: Article, category: NewsCategory): string {
  const text = `${article.headline}\n${article.summary}`;
  if (category === 'halts' || (category === 'hot-news' && WORDS.halts!.test(text)))
    return 'Trading is paused: orders wait until it resumes, and the reopening can gap either way.';
  if (category === 'offering' || (category === 'hot-news' && WORDS.offering!.test(text)))
    return 'New shares are coming: the price is often pulled toward the offering price.';
  if (category === 'splits' || (category === 'hot-news' && WORDS.splits!.test(text)))
    return /\breverse (?:stock |share )?split\b|\b1[- ]for[- ]\d+\b/i.test(text)
      ? 'A reverse split leaves fewer, dearer shares; it often follows, and is followed by, selling.'
      : 'A split changes the share count, not the company: prices and positions adjust on the ex-date.';
  if (category === 'otc-news') return 'OTC names trade thinly: use limit orders and expect wide spreads.';
  return '';
}

/**
 * Up to `max` other articles related to `article`: those naming its main ticker, newest first, then
 * those naming another of its tickers.
 */
export function relatedTo(article: Article, pool: readonly Article[], max: number): Article[] {
  const [main, ...others] = article.symbols;
  if (main === undefined) return [];
  const newest = (a: Article, b: Article) =>
    b.publishedAt.getTime() - a.publishedAt.getTime() || (a.id < b.id ? 1 : -1);
  const rest = pool.filter((p) => p.id !== article.id);
  const first = rest.filter((p) => p.symbols.includes(main)).sort(newest);
  const second = rest
    .filter((p) => !p.symbols.includes(main) && p.symbols.some((s) => others.includes(s)))
    .sort(newest);
  return [...first, ...second].slice(0, max);
}

/**
 * Whether these rights read a news category (2-trading §6: "News answers 403 when the user lacks
 * rights to a category"): OTC-News is for those whose alerts include OTC, every other tab for any
 * subscriber; super users read all.
 */
export function mayReadNews(rights: Pick<Rights, 'is_super' | 'alert_categories'>, category: NewsCategory): boolean {
  if (rights.is_super) return true;
  if (category === 'otc-news') return rights.alert_categories.includes('OTC');
  return true;
}
