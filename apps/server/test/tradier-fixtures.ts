/** Tradier-shaped bodies for the tests (field names and shapes as in Tradier's API documentation). */

/** Epoch seconds of an Eastern wall time in March 2025 (EDT, UTC−4). */
export const edt = (day: number, h: number, m: number) => Date.UTC(2025, 2, day, h + 4, m) / 1000;

export const AAPL = {
  symbol: 'AAPL',
  description: 'Apple Inc',
  exch: 'Q',
  type: 'stock',
  last: 213.49,
  change: 2.13,
  volume: 60234123,
  open: 211.25,
  high: 214.1,
  low: 210.9,
  close: null,
  bid: 213.48,
  ask: 213.5,
  change_percentage: 1.01,
  average_volume: 55012345,
  last_volume: 100,
  trade_date: edt(14, 15, 59) * 1000,
  prevclose: 211.36,
  week_52_high: 260.1,
  week_52_low: 164.08,
  bidsize: 3,
  bidexch: 'Q',
  bid_date: edt(14, 15, 59) * 1000,
  asksize: 2,
  askexch: 'P',
  ask_date: edt(14, 15, 59) * 1000,
  root_symbols: 'AAPL',
};

export const MSFT = {
  ...AAPL,
  symbol: 'MSFT',
  description: 'Microsoft Corp',
  last: 388.56,
  change: -2.1,
  change_percentage: -0.54,
  prevclose: 390.66,
  bid: 388.5,
  ask: 388.6,
  root_symbols: 'MSFT',
};

export const SPY = {
  ...AAPL,
  symbol: 'SPY',
  description: 'SPDR S&P 500',
  exch: 'P',
  type: 'etf',
  root_symbols: 'SPY,SPY7',
};

/** An OTC name with no trade yet today (last/change null, as Tradier sends them). */
export const OTC = {
  ...AAPL,
  symbol: 'TCEHY',
  description: 'Tencent Holdings Ltd ADR',
  exch: 'V',
  last: null,
  change: null,
  change_percentage: null,
  close: null,
  prevclose: 64.2,
  trade_date: 0,
  root_symbols: undefined,
};

export const GREEKS = {
  delta: 0.4215,
  gamma: 0.0312,
  theta: -0.2201,
  vega: 0.1893,
  rho: 0.0412,
  phi: -0.0433,
  bid_iv: 0.2611,
  mid_iv: 0.2652,
  ask_iv: 0.2693,
  smv_vol: 0.265,
  updated_at: '2025-03-14 19:59:58',
};

export function option(strike: number, type: 'call' | 'put', withGreeks = true) {
  const occ = `AAPL250321${type === 'call' ? 'C' : 'P'}${String(strike * 1000).padStart(8, '0')}`;
  return {
    symbol: occ,
    description: `AAPL Mar 21 2025 $${strike.toFixed(2)} ${type === 'call' ? 'Call' : 'Put'}`,
    exch: 'Z',
    type: 'option',
    last: 2.35,
    change: 0.4,
    volume: 1520,
    open: 2.0,
    high: 2.5,
    low: 1.95,
    close: null,
    bid: 2.3,
    ask: 2.4,
    underlying: 'AAPL',
    strike,
    change_percentage: 20.52,
    average_volume: 0,
    last_volume: 1,
    trade_date: edt(14, 15, 58) * 1000,
    prevclose: 1.95,
    week_52_high: 0,
    week_52_low: 0,
    bidsize: 10,
    bidexch: 'C',
    bid_date: edt(14, 15, 59) * 1000,
    asksize: 12,
    askexch: 'X',
    ask_date: edt(14, 15, 59) * 1000,
    open_interest: 8841,
    contract_size: 100,
    expiration_date: '2025-03-21',
    expiration_type: 'standard',
    option_type: type,
    root_symbol: 'AAPL',
    greeks: withGreeks ? GREEKS : null,
  };
}

/** /beta/markets/fundamentals/company for AAPL: a list of items with Company and Stock results. */
export const AAPL_FUNDAMENTALS = [
  {
    request: 'AAPL',
    type: 'Symbol',
    results: [
      {
        type: 'Company',
        id: '0C00000ADA',
        tables: {
          asset_classification: {
            company_id: '0C00000ADA',
            morningstar_sector_code: '311',
            morningstar_industry_code: '31167138',
          },
          company_profile: {
            company_id: '0C00000ADA',
            headquarter: { city: 'Cupertino', country: 'USA', homepage: 'https://www.apple.com' },
            short_description: 'Designs and develops hardware and software systems',
          },
          long_descriptions: 'Apple designs a wide variety of consumer electronic devices.',
          ownership_summary: { insider_shares_owned: '1000000000', short_interest: '120000000' },
        },
      },
      {
        type: 'Stock',
        id: '0P000000GY',
        tables: {
          share_class_profile: {
            share_class_id: '0P000000GY',
            market_cap: '3200000000000',
            shares_outstanding: '15000000000',
          },
        },
      },
    ],
  },
];
