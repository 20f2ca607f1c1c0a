/**
 * Headlines from the simulated market, the same for the same market on every run:
 * - today's movers (3% or more since the last close, from the market's own quotes), on a day the
 *   market trades, each at a minute of the session drawn for it, and for a move of 10% or more the
 *   volatility pause such a move brings (a halt);
 * - on each of the market's last seven trading days, events drawn for its tickers by a hash of
 *   (ticker, day, kind): offerings (small caps and OTC names), splits (mostly reverse, for names
 *   under $5), FDA news (Healthcare), crypto news (crypto tickers) and NFT news, at a drawn minute
 *   of the day; a company's offering, split, FDA or NFT news at most once in those days.
 * Nothing is dated after the market's present. Links lead to the ticker in DRAT's tools (the sim
 * has no articles of its own to open).
 */
import type { MarketDataProvider } from '../market';
import { isTradingDay, REGULAR_OPEN } from '../market/sim/calendar';
import { etToUtcMs, isoDate, parseIsoDate } from '../market/new-york';
import type { Article, NewsProvider } from './interface';
import { CRYPTO_TICKERS } from '@drat/engine';

/** How many of the market's last trading days events are drawn for. */
const TRADING_DAYS = 7;
const SOURCE = 'DRAT Market Wire';

/** FNV-1a of the text, as a fraction in [0, 1). */
function unit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 0x100000000;
}

const money = (n: number) => `$${n.toFixed(n < 1 ? 4 : 2)}`;
const pct = (n: number) => `${Math.abs(n).toFixed(1)}%`;
const link = (symbol: string) => `/tools?tab=ask-drat&ticker=${encodeURIComponent(symbol)}`;

export interface SimNewsDeps {
  market: Pick<MarketDataProvider, 'universe' | 'quotes' | 'company' | 'now' | 'calendar' | 'clock'>;
}

export function createSimNews({ market }: SimNewsDeps): NewsProvider {
  async function all(): Promise<Article[]> {
    const now = market.now();
    const symbols = await market.universe();
    const [quotes, companies, clock] = await Promise.all([
      market.quotes(symbols),
      Promise.all(symbols.map((s) => market.company(s))),
      market.clock(),
    ]);
    const out: Article[] = [];
    const seen = new Set<string>();
    /** Keeps an article unless its time is still to come; `once`: the newest of its kind and ticker only. */
    const article = (a: Omit<Article, 'source' | 'imageUrl' | 'url'> & { symbol: string; once?: string }): void => {
      if (a.publishedAt.getTime() > now.getTime()) return;
      if (a.once) {
        if (seen.has(a.once)) return;
        seen.add(a.once);
      }
      const { symbol, once: _once, ...rest } = a;
      out.push({ ...rest, source: SOURCE, imageUrl: '', url: link(symbol) });
    };

    // Today's movers and halts: only on a day the market trades (or while its clock says open:
    // an always-open market), each at a minute of the regular session drawn for it, so a mover
    // keeps its place in the list while its move goes on, and none are written on a weekend.
    const today = parseIsoDate(market.calendar.dateOf(now))!;
    if (isTradingDay(today) || clock.state === 'open')
      for (const q of quotes) {
        if (!(q.prevclose > 0) || Math.abs(q.change_percentage) < 3) continue;
        const up = q.change_percentage > 0;
        const day = isoDate(today);
        const at = new Date(
          etToUtcMs(today, REGULAR_OPEN) + Math.floor(unit(`${q.symbol}:${day}:move`) * 390) * 60_000,
        );
        article({
          id: `sim-move-${q.symbol}-${day}`,
          symbol: q.symbol,
          symbols: [q.symbol],
          headline: `${q.name} (${q.symbol}) ${up ? 'jumps' : 'falls'} ${pct(q.change_percentage)} to ${money(q.last)}`,
          summary: `${q.symbol} ${up ? 'is up' : 'is down'} ${pct(q.change_percentage)} from its last close of ${money(q.prevclose)}, on ${q.volume.toLocaleString('en-US')} shares so far today.`,
          publishedAt: at,
        });
        if (Math.abs(q.change_percentage) >= 10)
          article({
            id: `sim-halt-${q.symbol}-${day}`,
            symbol: q.symbol,
            symbols: [q.symbol],
            headline: `Trading in ${q.symbol} halted: volatility pause (LULD) after a ${pct(q.change_percentage)} move`,
            summary: `${q.name} was paused for five minutes after its price ${up ? 'rose' : 'fell'} beyond its limit-up limit-down band.`,
            publishedAt: new Date(at.getTime() - 60_000),
          });
      }

    // Events drawn for each of the last TRADING_DAYS days the market traded, newest first; a
    // company's offering, split, FDA or NFT news comes at most once in them (the newest draw).
    let day = today;
    for (let traded = 0; traded < TRADING_DAYS; day -= 1) {
      if (!isTradingDay(day)) continue;
      traded += 1;
      const iso = isoDate(day);
      // A minute between 07:00 and 18:00 New York time, drawn per event.
      const at = (key: string) => new Date(etToUtcMs(day, 7 * 60 + Math.floor(unit(`${key}:minute`) * 11 * 60)));
      symbols.forEach((symbol, i) => {
        const c = companies[i];
        const q = quotes[i];
        if (!c || !q || q.symbol !== symbol) return;
        const small = c.type === 'otc' || q.last < 10;
        const name = `${c.name} (${symbol})`;
        const key = (kind: string) => `${symbol}:${iso}:${kind}`;
        if (small && c.type !== 'etf' && unit(key('offering')) < 0.02) {
          const millions = 5 + Math.floor(unit(key('size')) * 45);
          article({
            id: `sim-offering-${symbol}-${iso}`,
            once: `${symbol}:offering`,
            symbol,
            symbols: [symbol],
            headline: `${name} prices $${millions} million registered direct offering`,
            summary: `${c.name} sells new shares to institutional investors at a discount to its last close; the offering is expected to close in two trading days.`,
            publishedAt: at(key('offering')),
          });
        }
        if (c.type !== 'etf' && unit(key('split')) < (q.last < 5 ? 0.01 : 0.001)) {
          const reverse = q.last < 5;
          const ratio = reverse
            ? [10, 15, 20, 25][Math.floor(unit(key('ratio')) * 4)]!
            : [2, 3, 4][Math.floor(unit(key('ratio')) * 3)]!;
          article({
            id: `sim-split-${symbol}-${iso}`,
            once: `${symbol}:split`,
            symbol,
            symbols: [symbol],
            headline: reverse
              ? `${name} announces 1-for-${ratio} reverse stock split`
              : `${name} announces ${ratio}-for-1 stock split`,
            summary: `The split takes effect at the open in two weeks; options and open orders adjust by the same ratio.`,
            publishedAt: at(key('split')),
          });
        }
        if (c.sector === 'Healthcare' && unit(key('fda')) < 0.04) {
          const good = unit(key('fda-outcome')) < 0.6;
          article({
            id: `sim-fda-${symbol}-${iso}`,
            once: `${symbol}:fda`,
            symbol,
            symbols: [symbol],
            headline: good
              ? `${name} reports positive Phase 2 data; plans FDA meeting`
              : `FDA issues complete response letter to ${name}`,
            summary: good
              ? `${c.name}'s lead candidate met its primary endpoint in a mid-stage clinical trial.`
              : `The FDA asks ${c.name} for more data before it can approve its drug.`,
            publishedAt: at(key('fda')),
          });
        }
        if (CRYPTO_TICKERS.has(symbol) && unit(key('crypto')) < 0.3) {
          const up = unit(key('crypto-dir')) < 0.5;
          article({
            id: `sim-crypto-${symbol}-${iso}`,
            symbol,
            symbols: [symbol],
            headline: `Bitcoin ${up ? 'climbs' : 'slides'}; ${name} ${up ? 'rises' : 'dips'} with crypto stocks`,
            summary: `Crypto-currency prices ${up ? 'rose' : 'fell'} overnight, and stocks that follow them moved the same way.`,
            publishedAt: at(key('crypto')),
          });
        }
        if (
          c.type !== 'etf' &&
          (CRYPTO_TICKERS.has(symbol) || c.industry.includes('Gaming')) &&
          unit(key('nft')) < 0.05
        )
          article({
            id: `sim-nft-${symbol}-${iso}`,
            once: `${symbol}:nft`,
            symbol,
            symbols: [symbol],
            headline: `${name} launches an NFT marketplace for its users`,
            summary: `${c.name} says holders of its non-fungible tokens will trade them on its own platform.`,
            publishedAt: at(key('nft')),
          });
      });
    }
    return out.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || (a.id < b.id ? 1 : -1));
  }

  return {
    name: 'sim',
    async latest(limit, before) {
      const articles = await all();
      return (before ? articles.filter((a) => a.publishedAt.getTime() < before.getTime()) : articles).slice(0, limit);
    },
  };
}
