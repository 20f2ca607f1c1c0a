import { MARKET_MSG, MSG, type OptionPriceQuery, type OptionPriceResponse } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { MarketDataProvider } from '../../providers/market/interface';
import { occSymbol, optionMark } from '@drat/engine';

type Field = keyof OptionPriceQuery;
interface Leg {
  type: 'call' | 'put';
  strike: number;
  expiration: string;
  /** The query fields the leg came from, to name them in a 400. */
  strikeField: Field;
  dateField: Field;
}

/** The legs of a strategy (2-trading §9); the query schema has already required their fields. */
export function legsOf(q: OptionPriceQuery): { single?: Leg; one?: Leg; two?: Leg } {
  const need = <T>(v: T | undefined, field: Field): T => {
    if (v === undefined) throw DomainError.field(field, MSG.fieldRequired);
    return v;
  };
  switch (q.strategy) {
    case 'BUY CALL':
    case 'BUY PUT': {
      const strike = need(q.single_strike, 'single_strike');
      const expiration = need(q.single_expiration_date, 'single_expiration_date');
      const type = q.strategy === 'BUY CALL' ? 'call' : 'put';
      return {
        single: { type, strike, expiration, strikeField: 'single_strike', dateField: 'single_expiration_date' },
      };
    }
    case 'STRANGLE':
    case 'STRADDLE': {
      const expiration = need(q.two_legs_expiration_date, 'two_legs_expiration_date');
      const callStrike = need(q.leg_one_strike, 'leg_one_strike');
      const putStrike = q.strategy === 'STRADDLE' ? callStrike : need(q.leg_two_strike, 'leg_two_strike');
      const dateField = 'two_legs_expiration_date';
      return {
        one: { type: 'call', strike: callStrike, expiration, strikeField: 'leg_one_strike', dateField },
        two: {
          type: 'put',
          strike: putStrike,
          expiration,
          strikeField: q.strategy === 'STRADDLE' ? 'leg_one_strike' : 'leg_two_strike',
          dateField,
        },
      };
    }
  }
}

/** Prices the legs of GET /livetrading/get-option-price/ from the provider's option quotes. */
export function createOptionPricer(provider: MarketDataProvider) {
  /** Why a leg's contract does not exist: the ticker, the expiration or the strike. */
  async function explainMissing(ticker: string, leg: Leg): Promise<never> {
    const [quote] = await provider.quotes([ticker]);
    if (!quote) throw DomainError.field('ticker', MARKET_MSG.unknownTicker(ticker));
    const expirations = await provider.optionExpirations(ticker);
    if (!expirations.includes(leg.expiration))
      throw DomainError.field(leg.dateField, MARKET_MSG.noSuchExpiration(ticker, leg.expiration));
    throw DomainError.field(leg.strikeField, MARKET_MSG.noSuchStrike(ticker, leg.expiration, leg.strike, leg.type));
  }

  async function legPrice(ticker: string, leg: Leg | undefined): Promise<number> {
    if (!leg) return 0;
    let symbol: string;
    try {
      symbol = occSymbol(ticker, leg.expiration, leg.type, leg.strike);
    } catch {
      return explainMissing(ticker, leg); // no OCC symbol can name it (a strike or year out of range)
    }
    const option = await provider.optionQuote(symbol);
    return option ? optionMark(option) : explainMissing(ticker, leg);
  }

  return {
    async price(q: OptionPriceQuery): Promise<OptionPriceResponse> {
      const legs = legsOf(q);
      const [single, one, two] = await Promise.all([
        legPrice(q.ticker, legs.single),
        legPrice(q.ticker, legs.one),
        legPrice(q.ticker, legs.two),
      ]);
      return { single_leg_price: single, leg_one_price: one, leg_two_price: two };
    },
  };
}
