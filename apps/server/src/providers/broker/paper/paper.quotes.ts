/**
 * What the paper broker reads of the market: each instrument's bid, ask and volume, from the market
 * provider (docs/paper-broker.md "Prices"). Equities come in one call; options by OCC symbol, each
 * once; a multileg is priced from its legs. JSON numbers become decimals through their shortest
 * text (`dec`), so 187.23 is exactly 187.23.
 */
import { dec, multilegQuote, toText, type PaperQuote } from '@drat/engine';
import type { MarketDataProvider } from '../../market/interface';
import type { BrokerLeg } from '../interface';

export type PaperMarket = Pick<MarketDataProvider, 'quotes' | 'optionQuote'>;

/** What is needed to price an instrument: an order or a position's latest order. */
export interface PricedInstrument {
  symbol: string;
  instrumentKind: 'equity' | 'option' | 'multileg';
  legs: BrokerLeg[] | null;
}

/** The option legs to price: a multileg's, or the option itself as one leg. */
function legsOf(i: PricedInstrument): BrokerLeg[] | null {
  if (i.instrumentKind === 'equity') return null;
  return i.legs && i.legs.length > 0 ? i.legs : [{ symbol: i.symbol, ratio: 1 }];
}

const text = (n: number) => toText(dec(n));

/**
 * The quotes of `instruments` by symbol; an instrument the market does not know (no quote, or a leg
 * without one) is left out: its orders wait and a new order for it is refused.
 */
export async function quotesOf(market: PaperMarket, instruments: PricedInstrument[]): Promise<Map<string, PaperQuote>> {
  const out = new Map<string, PaperQuote>();
  const equities = [...new Set(instruments.filter((i) => i.instrumentKind === 'equity').map((i) => i.symbol))];
  for (const q of equities.length > 0 ? await market.quotes(equities) : []) {
    out.set(q.symbol, { bid: text(q.bid), ask: text(q.ask), volume: q.volume });
  }
  const legSymbols = [...new Set(instruments.flatMap((i) => legsOf(i)?.map((l) => l.symbol) ?? []))];
  const legQuotes = new Map(await Promise.all(legSymbols.map(async (s) => [s, await market.optionQuote(s)] as const)));
  for (const i of instruments) {
    const legs = legsOf(i);
    if (!legs) continue;
    const quoted = legs.map((l) => ({ leg: l, q: legQuotes.get(l.symbol) ?? null }));
    if (quoted.some((x) => x.q === null)) continue;
    out.set(
      i.symbol,
      multilegQuote(
        quoted.map(({ leg, q }) => ({ ratio: leg.ratio, bid: text(q!.bid), ask: text(q!.ask), volume: q!.volume })),
      ),
    );
  }
  return out;
}
