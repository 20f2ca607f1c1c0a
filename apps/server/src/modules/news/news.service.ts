/**
 * The news page (2-trading §2.8, §7 `GET /news`): a category's articles, newest first, each with
 * what it may mean for a trader and up to three related articles. The rules are the engine's
 * (docs/news-rules.md); articles come from the news provider, read at most once a minute (a pool
 * of the newest NEWS_POOL) and shared by every reader.
 */
import {
  MSG,
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

  async function factsOf(symbols: string[]): Promise<void> {
    const unknown = [...new Set(symbols)].filter((s) => !facts.has(s));
    await Promise.all(
      unknown.map(async (s) => {
        const c = await market.company(s).catch(() => null);
        facts.set(s, c ? { sector: c.sector, otc: c.type === 'otc' } : null);
      }),
    );
  }

  async function read() {
    const articles = await provider.latest(NEWS_POOL);
    await factsOf(articles.flatMap((a) => a.symbols));
    return articles.map((article) => ({
      article,
      categories: categoriesOf(article, (s) => facts.get(s) ?? undefined),
    }));
  }

  /** The pool, read again once it is a minute old; a failed read is not kept. */
  function current() {
    if (!pool || clock() - pool.at > POOL_MS) {
      const p = { at: clock(), articles: read() };
      pool = p;
      p.articles.catch(() => {
        if (pool === p) pool = null;
      });
    }
    return pool.articles;
  }

  return {
    /** GET /news: the caller's rights decide the category (403 in the spec's words). */
    async list(rights: Pick<Rights, 'is_super' | 'alert_categories' | 'expired'>, q: NewsQuery): Promise<NewsPage> {
      // Every plan ended: told so (401) as every right's check tells it (http/auth.ts).
      if (rights.expired && !rights.is_super) throw new DomainError('ACCESS_LAPSED', MSG.accountInactiveOrExpired);
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
