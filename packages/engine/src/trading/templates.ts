/**
 * Smart trade templates (2-trading §3 "Trade template", "Trade entries response"): a template gives
 * each entry (buy range low and high, target range low and high, stop loss) as a percent below
 * (LESS) or above (EXCEED) one price of the ticker's quote now (ask, last or bid). Exact decimals,
 * each price rounded once: to the cent from $1 up, and to the decimals a sub-dollar price is kept
 * with below it (`priceDecimals`: 4 or more, as alerts and tools keep OTC prices).
 */
import {
  TEMPLATE_ENTRIES,
  type PercentageType,
  type Quote,
  type TemplateBasis,
  type TemplateEntry,
  type TradeEntriesResponse,
} from '@drat/contracts';
import { priceDecimals } from '../bars';
import { dec, roundDec, toNumber, type DecimalInput } from '../money/decimal';

export interface TemplateParameter {
  entry_name: TemplateEntry;
  /** Percent, 0-100 below the price (LESS) or 0-500 above it (EXCEED). */
  percentage: DecimalInput;
  percentage_type: PercentageType;
  based_on: TemplateBasis;
}

export type TemplateQuote = Pick<Quote, 'ask' | 'last' | 'bid'>;

/** The price of the quote a parameter is based on. */
export function templateBasis(quote: TemplateQuote, basedOn: TemplateBasis): number {
  switch (basedOn) {
    case 'Ask Price':
      return quote.ask;
    case 'Bid Price':
      return quote.bid;
    case 'Last Price':
      return quote.last;
  }
}

/**
 * `basis` less (LESS) or more (EXCEED) `percentage` percent: basis × (1 ∓ pct/100), rounded to the
 * cent, or to the sub-dollar decimals of a price below $1.
 */
export function templatePrice(basis: DecimalInput, percentage: DecimalInput, type: PercentageType): number {
  const factor = dec(percentage).div(100);
  const exact = dec(basis).times(type === 'LESS' ? dec(1).minus(factor) : dec(1).plus(factor));
  return toNumber(roundDec(exact, priceDecimals(toNumber(exact))));
}

const FIELD: Record<TemplateEntry, keyof TradeEntriesResponse> = {
  'BUY RANGE LOW': 'buy_range_low',
  'BUY RANGE HIGH': 'buy_range_high',
  'TARGET RANGE LOW': 'target_range_low',
  'TARGET RANGE HIGH': 'target_range_high',
  'STOP LOSS': 'stop_loss',
};

/**
 * A template's five prices for a quote; `noPrice` names the first basis the quote has no price for
 * (0: no ask or bid, no trade yet), since a percent of nothing is no price to trade at.
 */
export function templateEntries(
  parameters: readonly TemplateParameter[],
  quote: TemplateQuote,
): { entries: TradeEntriesResponse } | { noPrice: TemplateBasis } {
  const entries: Partial<TradeEntriesResponse> = {};
  for (const entry of TEMPLATE_ENTRIES) {
    const p = parameters.find((x) => x.entry_name === entry);
    if (!p) throw new Error(`The template has no ${entry} parameter`);
    const basis = templateBasis(quote, p.based_on);
    if (!(basis > 0)) return { noPrice: p.based_on };
    entries[FIELD[entry]] = templatePrice(basis, p.percentage, p.percentage_type);
  }
  return { entries: entries as TradeEntriesResponse };
}
