/**
 * News (2-trading §2.8 News page, §3 "News item", §6, §7 `GET /news`, §8, §9): headlines by
 * category, a page of 15 first and 3 more per See More, each with up to three related articles.
 */
import { z } from 'zod';
import { blankToUndefined, fromDecimalText } from './amounts';
import { operation } from './operation';

/** The tabs of the news page, in the spec's order (§2.8); `key` is the `category` a call names. */
export const NEWS_TABS = [
  { key: 'hot-news', label: 'Hot-News' },
  { key: 'health-care', label: 'Health-Care' },
  { key: 'otc-news', label: 'OTC-News' },
  { key: 'crypto', label: 'Crypto' },
  { key: 'nft', label: 'NFT' },
  { key: 'halts', label: 'Halts' },
  { key: 'offering', label: 'Offering' },
  { key: 'splits', label: 'Splits' },
] as const;
export type NewsCategory = (typeof NEWS_TABS)[number]['key'];
export const NEWS_CATEGORIES = NEWS_TABS.map((t) => t.key) as [NewsCategory, ...NewsCategory[]];

/** §9: 15 items first, 3 more per See More. */
export const NEWS_FIRST_PAGE = 15;
export const NEWS_MORE = 3;
/** The most items one call answers, and the deepest it reads. */
export const NEWS_LIMIT_MAX = 50;
export const NEWS_OFFSET_MAX = 1000;
/** Related articles shown beside an item (§2.8: three linked cards). */
export const NEWS_RELATED_MAX = 3;

export const NEWS_MSG = {
  /** §8, 403. */
  forbidden: 'You do not have permission to view this news category',
  /** §8, any other failure. */
  failed: 'Failed to fetch newsfeed',
  categoryInvalid: `Choose a news category: ${NEWS_CATEGORIES.join(', ')}.`,
  limitInvalid: `limit must be a whole number from 1 to ${NEWS_LIMIT_MAX}.`,
  offsetInvalid: `offset must be a whole number from 0 to ${NEWS_OFFSET_MAX}.`,
} as const;

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** GET /news?category=&limit=&offset= */
export const newsQuery = z.object({
  category: z.preprocess(
    blankToUndefined,
    z.enum(NEWS_CATEGORIES, { error: NEWS_MSG.categoryInvalid }).default('hot-news'),
  ),
  limit: z.preprocess(
    blankToUndefined,
    fromDecimalText(whole(NEWS_MSG.limitInvalid, 1, NEWS_LIMIT_MAX).default(NEWS_FIRST_PAGE)),
  ),
  offset: z.preprocess(blankToUndefined, fromDecimalText(whole(NEWS_MSG.offsetInvalid, 0, NEWS_OFFSET_MAX).default(0))),
});
export type NewsQuery = z.infer<typeof newsQuery>;

/** One of an item's related articles (§3: image_url, news_url, title_news, text_news_url, date_news_field). */
export const relatedNewsSchema = z.object({
  title_news: z.string(),
  /** The article's address. */
  news_url: z.string(),
  /** The words its link shows: the source's name. */
  text_news_url: z.string(),
  /** A picture for its card, or '' when it has none. */
  image_url: z.string(),
  /** When it was published (ISO 8601). */
  date_news_field: z.string(),
});
export type RelatedNews = z.infer<typeof relatedNewsSchema>;

/** §3 "News item". */
export const newsItemSchema = z.object({
  id: z.string(),
  /** The company it is about ('' for news about no one ticker). */
  ticker: z.string(),
  /** When it was published (ISO 8601). */
  created_date: z.string(),
  filter_cat: z.enum(NEWS_CATEGORIES),
  /** The headline, then the summary when there is one. */
  content: z.string(),
  /** What it may mean for a trader ('' when nothing is said). */
  advice: z.string(),
  /** The item's own article: its title, address, source, picture and date. */
  title_news: z.string(),
  news_url: z.string(),
  text_news_url: z.string(),
  image_url: z.string(),
  date_news_field: z.string(),
  /** Up to three other articles about the same ticker (the Related News cards). */
  related: z.array(relatedNewsSchema).max(NEWS_RELATED_MAX),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsPageSchema = z.object({ news: z.array(newsItemSchema), hasMore: z.boolean() });
export type NewsPage = z.infer<typeof newsPageSchema>;

export const NEWS_API = {
  list: operation({
    method: 'GET',
    path: '/news',
    operationId: 'listNews',
    summary: 'Headlines of a news category, newest first, with related articles (subscribers)',
    tag: 'news',
    query: newsQuery,
    response: newsPageSchema,
    errors: [400, 401, 403, 503],
  }),
} as const;
