/**
 * What a paper account is worth and may spend (docs/paper-broker.md "Balances"). Pure, exact to the
 * cent: the broker passes the cash, the working orders, the positions and the quotes it read.
 */
import { dec, type Dec, type DecimalInput } from '../money/decimal';
import { fillAmount, type PaperQuote, type PaperSide } from './fills';

/** A working order as the account rules see it. */
export interface PaperWorkingOrder {
  symbol: string;
  side: PaperSide;
  qty: string;
  filledQty: string;
  /** Null for a market order. */
  limitPrice: string | null;
  /** 1 for shares, 100 for option contracts. */
  multiplier: number;
}

/** A position as the account rules see it. */
export interface PaperPosition {
  symbol: string;
  qty: string;
  /** What it cost, to the cent. */
  cost: string;
  multiplier: number;
}

export type PaperQuotes = ReadonlyMap<string, Pick<PaperQuote, 'bid' | 'ask'>>;

/** What of an order is still to fill. */
export const unfilledQty = (o: Pick<PaperWorkingOrder, 'qty' | 'filledQty'>): Dec => dec(o.qty).minus(o.filledQty);

/**
 * Cash minus what the working buys would still cost: their unfilled part at their limit (a market
 * buy at the current ask, nothing when there is none), times the multiplier. Each working buy is
 * rounded to the cent.
 */
export function paperBuyingPower(cash: DecimalInput, working: PaperWorkingOrder[], quotes: PaperQuotes): Dec {
  return working
    .filter((o) => o.side === 'buy')
    .reduce((bp, o) => {
      const price = o.limitPrice ?? quotes.get(o.symbol)?.ask ?? '0';
      return bp.minus(fillAmount(unfilledQty(o), price, o.multiplier));
    }, dec(cash));
}

/** What of `symbol` may still be sold: what is held less what working sells of it would sell. */
export function paperSellableQty(held: DecimalInput, working: PaperWorkingOrder[], symbol: string): Dec {
  return working
    .filter((o) => o.side === 'sell' && o.symbol === symbol)
    .reduce((left, o) => left.minus(unfilledQty(o)), dec(held));
}

export interface PaperAccountValue {
  /** The positions at the bid; a position with no quote now (a data gap) at what it cost. */
  equitiesValue: Dec;
  /** Cash plus the positions. */
  accountValue: Dec;
  buyingPower: Dec;
}

/** The account's value, its positions' and its buying power. */
export function paperAccountValue(
  cash: DecimalInput,
  positions: PaperPosition[],
  working: PaperWorkingOrder[],
  quotes: PaperQuotes,
): PaperAccountValue {
  const equitiesValue = positions.reduce((sum, p) => {
    const bid = quotes.get(p.symbol)?.bid;
    return sum.plus(bid === undefined ? p.cost : fillAmount(p.qty, bid, p.multiplier));
  }, dec(0));
  return {
    equitiesValue,
    accountValue: equitiesValue.plus(cash),
    buyingPower: paperBuyingPower(cash, working, quotes),
  };
}
