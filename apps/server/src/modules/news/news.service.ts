/**
 * The news page (2-trading §2.8, §7 `GET /news`): a category's articles, newest first, each with
 * what it may mean for a trader and up to three related articles. The rules are the engine's
 * (docs/news-rules.md); articles come from the news provider, read at most once a minute (a pool
 * of the newest NEWS_POOL, newest first by their publishing time) and shared by every reader; when
 * the source fails, the last pool read well serves for a quarter of an hour.
 */
import {
  NEWS_MSG,
  NEWS_RELATED_MAX,
  type NewsCategory,
  type NewsItem,
  type NewsPage,
  type NewsQuery,
  type RelatedNews,
  type Rights,
} from '@drat/contracts';
import { adviceFor, categoriesOf, mayReadNews, relatedTo, type Article, type TickerFacts } from '@drat/engine';
import { DomainError } from '../../core/errors';
import type { MarketDataProvider } from '../../providers/market/interface';
import type { NewsProvider } from '../../providers/news/interface';
import { withProvider } from '../../providers/provider-error';

/** Articles read from the provider at a time: what every tab pages through. */
export const NEWS_POOL = 200;
/** How long a read pool serves (wall clock). */
const POOL_MS = 60_000;
/** When the source fails, the last pool read well still serves this long. */
const STALE_MS = 15 * 60_000;
/** Company look-ups at once, and the most tickers whose facts are kept. */
const FACTS_AT_ONCE = 8;
const FACTS_MAX = 20_000;

export interface NewsDeps {
  provider: NewsProvider;
  /** What is known of a ticker (its sector, whether it is OTC), kept once read. */
  market: Pick<MarketDataProvider, 'company'>;
  /** The wall clock (the pool's age). */
  clock?: () => number;
}

const iso = (d: Date) => d.toISOString();

function related(a: Article): RelatedNews {
  return {
    title_news: a.headline,
    news_url: a.url,
    text_news_url: a.source,
    image_url: a.imageUrl,
    date_news_field: iso(a.publishedAt),
  };
}

export function createNews({ provider, market, clock = Date.now }: NewsDeps) {
  const facts = new Map<string, TickerFacts | null>();
  let pool: { at: number; articles: Promise<{ article: Article; categories: NewsCategory[] }[]> } | null = null;

  /**
   * What is known of these tickers, looked up FACTS_AT_ONCE at a time. A company the market
   * answers is kept (sectors do not change); one it does not know is kept as unknown; a failed
   * look-up is not kept, so the next read asks again.
   */
  async function factsOf(symbols: string[]): Promise<void> {
    const unknown = [...new Set(symbols)].filter((s) => !facts.has(s));
    for (let i = 0; i < unknown.length; i += FACTS_AT_ONCE)
      await Promise.all(
        unknown.slice(i, i + FACTS_AT_ONCE).map(async (s) => {
          try {
            const c = await market.company(s);
            if (facts.size >= FACTS_MAX) facts.clear();
            facts.set(s, c ? { sector: c.sector, otc: c.type === 'otc' } : null);
          } catch {
            // Not known this time: read as a ticker of no sector, asked again next time.
          }
        }),
      );
  }

  async function read() {
    const articles = (await provider.latest(NEWS_POOL)).sort(
      (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || (a.id < b.id ? 1 : -1),
    );
    await factsOf(articles.flatMap((a) => a.symbols));
    return articles.map((article) => ({
      article,
      categories: categoriesOf(article, (s) => facts.get(s) ?? undefined),
    }));
  }

  type Pool = Awaited<ReturnType<typeof read>>;
  /** The last pool read well, served while a new read fails (for STALE_MS at most). */
  let good: { at: number; articles: Pool } | null = null;

  /** The pool, read again once it is a minute old; a failed read is not kept. */
  function current(): Promise<Pool> {
    if (!pool || clock() - pool.at > POOL_MS) {
      const at = clock();
      const p = {
        at,
        articles: read().then((articles) => {
          good = { at, articles };
          return articles;
        }),
      };
      pool = p;
      p.articles.catch(() => {
        if (pool === p) pool = null;
      });
    }
    const last = good;
    return pool.articles.catch((err: unknown) => {
      if (last && clock() - last.at <= STALE_MS) return last.articles;
      throw err;
    });
  }

  return {
    /** GET /news: the caller's rights decide the category (403 in the spec's words). */
    async list(rights: Pick<Rights, 'is_super' | 'alert_categories'>, q: NewsQuery): Promise<NewsPage> {
      if (!mayReadNews(rights, q.category)) throw new DomainError('FORBIDDEN', NEWS_MSG.forbidden);
      const all = await withProvider(NEWS_MSG.failed, current);
      const inTab = all.filter((x) => x.categories.includes(q.category));
      const page = inTab.slice(q.offset, q.offset + q.limit);
      const articles = all.map((x) => x.article);
      const news: NewsItem[] = page.map(({ article }) => ({
        id: article.id,
        ticker: article.symbols[0] ?? '',
        created_date: iso(article.publishedAt),
        filter_cat: q.category,
        content: article.summary ? `${article.headline}\n\n${article.summary}` : article.headline,
        advice: adviceFor(article, q.category),
        ...related(article),
        related: relatedTo(article, articles, NEWS_RELATED_MAX).map(related),
      }));
      return { news, hasMore: q.offset + q.limit < inTab.length };
    },
  };
}
export type NewsService = ReturnType<typeof createNews>;
