import { describe, expect, it } from 'vitest';
import { adviceFor, categoriesOf, mayReadNews, relatedTo, type Article, type TickerFacts } from './index';

const at = (m: number) => new Date(Date.UTC(2026, 10, 27, 15, 0) - m * 60_000);
const a = (id: string, headline: string, symbols: string[], minutes = 0, summary = ''): Article => ({
  id,
  headline,
  summary,
  url: '',
  source: 'Wire',
  imageUrl: '',
  symbols,
  publishedAt: at(minutes),
});
const FACTS: Record<string, TickerFacts> = {
  PFE: { sector: 'Healthcare', otc: false },
  FNMA: { sector: 'Financial', otc: true },
  AAPL: { sector: 'Technology', otc: false },
};
const facts = (s: string) => FACTS[s];

describe('which tabs an article is shown under', () => {
  it('every-article-is-hot-news', () => {
    expect(categoriesOf(a('1', 'Apple updates its phones', ['AAPL']), facts)).toEqual(['hot-news']);
  });
  it('a-healthcare-company-or-fda-words-make-health-care', () => {
    expect(categoriesOf(a('1', 'Pfizer names a new CFO', ['PFE']), facts)).toContain('health-care');
    expect(categoriesOf(a('2', 'FDA approves a new drug', []), facts)).toContain('health-care');
  });
  it('a-ticker-trading-over-the-counter-makes-otc-news', () => {
    expect(categoriesOf(a('1', 'Fannie Mae reports earnings', ['FNMA']), facts)).toEqual(['hot-news', 'otc-news']);
  });
  it('halts-offerings-splits-crypto-and-nfts-by-their-words-or-a-crypto-ticker', () => {
    const cats = (h: string, s: string[] = []) => categoriesOf(a('1', h, s), facts);
    expect(cats('Trading in XYZ halted: volatility pause')).toContain('halts');
    expect(cats('XYZ prices $20 million registered direct offering')).toContain('offering');
    expect(cats('XYZ announces 1-for-10 reverse stock split')).toContain('splits');
    expect(cats('Bitcoin climbs above $100,000')).toContain('crypto');
    expect(cats('Coinbase adds a product', ['COIN'])).toContain('crypto');
    expect(cats('XYZ launches an NFT marketplace')).toContain('nft');
    expect(cats('Halting progress on the merger talks')).not.toContain('halts');
    expect(cats('NYSE halts trading in XYZ pending news')).toContain('halts');
  });
  it('ordinary-english-is-no-halt-split-or-offering', () => {
    const cats = (h: string) => categoriesOf(a('1', h, ['BA']), facts);
    for (const h of [
      'Boeing Halts 737 Production',
      'Walmart Halted Its Buyback Program',
      'Analysts Split On Nvidia',
      'Fed Officials Split Over December Rate Cut',
      'Apple Offering Trade-In Discounts',
    ])
      expect(cats(h), h).toEqual(['hot-news']);
    expect(adviceFor(a('1', 'Boeing Halts 737 Production', ['BA']), 'hot-news')).toBe('');
  });
});

describe('what an article may mean for a trader', () => {
  it('a-halt-says-orders-wait-and-the-reopening-can-gap', () => {
    expect(adviceFor(a('1', 'Trading in XYZ halted', ['XYZ']), 'halts')).toMatch(/paused.*gap/);
  });
  it('a-reverse-split-and-a-forward-split-are-told-apart', () => {
    expect(adviceFor(a('1', 'XYZ announces 1-for-10 reverse stock split', []), 'splits')).toMatch(/reverse split/);
    expect(adviceFor(a('2', 'XYZ announces 2-for-1 stock split', []), 'splits')).toMatch(/share count/);
  });
  it('ordinary-news-under-hot-news-has-no-advice', () => {
    expect(adviceFor(a('1', 'Apple updates its phones', ['AAPL']), 'hot-news')).toBe('');
  });
});

describe('related articles', () => {
  it('the-newest-about-the-same-ticker-first-then-about-its-other-tickers-at-most-three', () => {
    const item = a('x', 'Main', ['AAPL', 'MSFT'], 5);
    const pool = [
      item,
      a('old-aapl', 'Old Apple', ['AAPL'], 60),
      a('new-aapl', 'New Apple', ['AAPL'], 1),
      a('msft', 'Microsoft', ['MSFT'], 0),
      a('tsla', 'Tesla', ['TSLA'], 0),
      a('mid-aapl', 'Apple again', ['AAPL', 'TSLA'], 30),
    ];
    expect(relatedTo(item, pool, 3).map((r) => r.id)).toEqual(['new-aapl', 'mid-aapl', 'old-aapl']);
    expect(relatedTo(item, pool, 5).map((r) => r.id)).toEqual(['new-aapl', 'mid-aapl', 'old-aapl', 'msft']);
    expect(relatedTo(a('n', 'No ticker', []), pool, 3)).toEqual([]);
  });
});

describe('who reads which tab', () => {
  it('otc-news-needs-otc-alerts-every-other-tab-any-subscriber-super-users-all', () => {
    const options = { is_super: false, alert_categories: ['OPTIONS' as const] };
    expect(mayReadNews(options, 'otc-news')).toBe(false);
    expect(mayReadNews(options, 'hot-news')).toBe(true);
    expect(mayReadNews({ is_super: false, alert_categories: ['OTC'] }, 'otc-news')).toBe(true);
    expect(mayReadNews({ is_super: true, alert_categories: [] }, 'otc-news')).toBe(true);
  });
});
