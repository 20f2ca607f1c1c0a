/**
 * The news pool (news.service.ts) on a clock of the test's: one read a minute shared by every
 * reader, the last good pool served while the source fails (a quarter of an hour at most), and a
 * company the market failed to look up asked again on the next read.
 */
import { describe, expect, it } from 'vitest';
import type { CompanyReference } from '@drat/contracts';
import { ProviderError } from '../../providers/provider-error';
import type { Article, NewsProvider } from '../../providers/news/interface';
import { createNews } from './news.service';

const rights = { is_super: false, alert_categories: ['OTC' as const] };
const query = (category: 'hot-news' | 'otc-news' = 'hot-news') => ({ category, limit: 15, offset: 0 });
const fnma: Article = {
  id: 'a1',
  headline: 'Fannie Mae reports earnings',
  summary: '',
  url: '',
  source: 'Wire',
  imageUrl: '',
  symbols: ['FNMA'],
  publishedAt: new Date('2026-11-27T15:00:00Z'),
};

function setup() {
  let now = 0;
  let reads = 0;
  let failing = false;
  let companyDown = true;
  const provider: NewsProvider = {
    name: 'sim',
    async latest() {
      reads += 1;
      if (failing) throw new ProviderError('sim', 'UPSTREAM', 'down');
      return [fnma];
    },
  };
  const market = {
    async company(symbol: string) {
      if (companyDown) throw new ProviderError('sim', 'TIMEOUT', 'slow');
      return { symbol, sector: 'Financial', type: 'otc' } as CompanyReference;
    },
  };
  const news = createNews({ provider, market, clock: () => now });
  return {
    news,
    reads: () => reads,
    at: (ms: number) => (now = ms),
    fail: (on: boolean) => (failing = on),
    companyUp: () => (companyDown = false),
  };
}

describe('the news pool', () => {
  it('readers-within-a-minute-share-one-read-and-the-next-minute-reads-again', async () => {
    const s = setup();
    await Promise.all([s.news.list(rights, query()), s.news.list(rights, query()), s.news.list(rights, query())]);
    expect(s.reads()).toBe(1);
    s.at(59_000);
    await s.news.list(rights, query());
    expect(s.reads()).toBe(1);
    s.at(61_000);
    await s.news.list(rights, query());
    expect(s.reads()).toBe(2);
  });

  it('a-failing-source-is-covered-by-the-last-good-pool-for-a-quarter-of-an-hour', async () => {
    const s = setup();
    expect((await s.news.list(rights, query())).news).toHaveLength(1);
    s.fail(true);
    s.at(10 * 60_000);
    expect((await s.news.list(rights, query())).news).toHaveLength(1);
    s.at(16 * 60_000);
    await expect(s.news.list(rights, query())).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('a-company-the-market-failed-to-look-up-is-asked-again-on-the-next-read', async () => {
    const s = setup();
    // FNMA's facts unknown: not under OTC-News yet.
    expect((await s.news.list(rights, query('otc-news'))).news).toHaveLength(0);
    s.companyUp();
    s.at(61_000);
    expect((await s.news.list(rights, query('otc-news'))).news.map((n) => n.id)).toEqual(['a1']);
  });
});
