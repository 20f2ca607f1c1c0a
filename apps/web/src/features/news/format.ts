import { NEWS_MSG, type NewsItem, type NewsPage, type RelatedNews } from '@drat/contracts';
import { ApiError, errorMessages } from '../../api/client';
import { formatDate } from '../../lib/format';

/** How the news page reads an item: its words, its time, its links and its cards (pure). */

/** `content` is the headline, then a blank line and the summary when there is one (§3). */
export function splitContent(content: string): { headline: string; summary: string } {
  const text = content.replace(/\r\n?/g, '\n').trim();
  const cut = text.indexOf('\n');
  if (cut < 0) return { headline: text, summary: '' };
  return { headline: text.slice(0, cut).trim(), summary: text.slice(cut + 1).trim() };
}

/** 'Just now', '5 min ago', '3 h ago', '2 days ago', then the date (a clock a little ahead says 'Just now'). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return days === 1 ? '1 day ago' : `${days} days ago`;
  return formatDate(iso);
}

/**
 * Where a link of an article leads: 'app' for the product's own pages ('/tools?tab=ask-drat&ticker=AAPL',
 * the simulated market's), 'web' for an http(s) address (opened in a new tab), else nowhere (no link
 * is made of '' or of a script address).
 */
export function linkKind(url: string): 'app' | 'web' | null {
  const u = url.trim();
  // A path of this product only: '/' then a letter or digit, no control characters or spaces
  // (a browser drops a tab from '/\t/evil.example', leaving '//evil.example').
  if (/^\/[A-Za-z0-9][^\s\\]*$/.test(u)) return 'app';
  if (/^https?:\/\/[^\s]+$/i.test(u)) return 'web';
  return null;
}

/**
 * The Related News cards of an item: its related articles (up to three), else its own article
 * when it has one to show, else none.
 */
export function relatedCards(item: NewsItem | undefined): RelatedNews[] {
  if (!item) return [];
  if (item.related.length > 0) return item.related;
  if (!item.title_news && !item.news_url) return [];
  const { title_news, news_url, text_news_url, image_url, date_news_field } = item;
  return [{ title_news, news_url, text_news_url, image_url, date_news_field }];
}

/** Every item of the pages read, once each (a page read after new headlines came may repeat one). */
export function uniqueNews(pages: readonly NewsPage[]): NewsItem[] {
  const seen = new Set<string>();
  return pages.flatMap((p) => p.news).filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
}

/** The next page's offset: every item already read. */
export const heldCount = (pages: readonly NewsPage[]) => pages.reduce((n, p) => n + p.news.length, 0);

/** §8: on a 403 the server's words (the permission text), 'Failed to fetch newsfeed' for any other failure. */
export function newsErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 403) return errorMessages(err.body)[0] ?? NEWS_MSG.forbidden;
  return NEWS_MSG.failed;
}

/** Whether the failure is a 403 (the category is not the user's), not a failure to read. */
export const isForbidden = (err: unknown) => err instanceof ApiError && err.status === 403;
