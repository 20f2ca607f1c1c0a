/**
 * Simulated listed options: expirations (weeklies on Fridays, monthlies on the third Friday,
 * quarterlies and January LEAPS; the Thursday before when Friday is a holiday), a strike grid
 * around the previous close, Black-Scholes prices on a per-ticker volatility smile with skew,
 * greeks, a bid/ask around the theoretical price and deterministic volume and open interest.
 */
import type { Greeks, OptionQuote } from '@drat/contracts';
import { occSymbol } from '@drat/engine';
import { dateParts, isoDate, isTradingDay, nthWeekday, tradingDayOnOrBefore, weekday } from './calendar';
import { etToUtcMs } from './clock';
import { hash3, normal, unit } from './rng';
import type { SimTicker } from './universe';

export const RISK_FREE_RATE = 0.04;
const YEAR_MS = 365 * 86_400_000;
const MIN_T = 60_000 / YEAR_MS;
const S_SMILE = 31;
const S_OI = 32;
const S_VOLUME = 33;

/** Standard normal CDF (Abramowitz-Stegun 26.2.17, |error| < 7.5e-8), with N(-x) = 1 - N(x) exactly. */
export function normCdf(x: number): number {
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.2316419 * ax);
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const upper = 1 - 0.3989422804014327 * Math.exp((-ax * ax) / 2) * poly;
  return x >= 0 ? upper : 1 - upper;
}

function normPdf(x: number): number {
  return 0.3989422804014327 * Math.exp((-x * x) / 2);
}

export interface BlackScholes {
  price: number;
  greeks: Omit<Greeks, 'mid_iv'>;
}

/** Black-Scholes price and greeks (theta per calendar day, vega and rho per 1 point), no dividends. */
export function blackScholes(
  type: 'call' | 'put',
  S: number,
  K: number,
  T: number,
  sigma: number,
  r = RISK_FREE_RATE,
): BlackScholes {
  const t = Math.max(T, MIN_T);
  const sqrtT = Math.sqrt(t);
  const d1 = (Math.log(S / K) + (r + (sigma * sigma) / 2) * t) / (sigma * sqrtT);
  const d2 = d1 - sigma * sqrtT;
  const disc = K * Math.exp(-r * t);
  const nd1 = normCdf(d1);
  const nd2 = normCdf(d2);
  const pdf = normPdf(d1);
  const gamma = pdf / (S * sigma * sqrtT);
  const vega = (S * pdf * sqrtT) / 100;
  const decay = (-S * pdf * sigma) / (2 * sqrtT);
  if (type === 'call') {
    return {
      price: S * nd1 - disc * nd2,
      greeks: { delta: nd1, gamma, theta: (decay - r * disc * nd2) / 365, vega, rho: (t * disc * nd2) / 100 },
    };
  }
  return {
    price: disc * (1 - nd2) - S * (1 - nd1),
    greeks: {
      delta: nd1 - 1,
      gamma,
      theta: (decay + r * disc * (1 - nd2)) / 365,
      vega,
      rho: (-t * disc * (1 - nd2)) / 100,
    },
  };
}

/** The expiration of the week or month whose Friday is given: that Friday, or the trading day before when it is a holiday. */
function expiryOf(friday: number): number {
  return isTradingDay(friday) ? friday : tradingDayOnOrBefore(friday);
}

function thirdFriday(year: number, month: number): number {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  return expiryOf(nthWeekday(y, m, 5, 3));
}

/** Listed expirations (day numbers) on a date, soonest first. */
export function expirationDays(today: number, weeklies: boolean): number[] {
  const days = new Set<number>();
  const { year, month } = dateParts(today);
  if (weeklies) {
    const firstFriday = today + ((5 - weekday(today) + 7) % 7);
    for (let f = firstFriday; f <= today + 91; f += 7) days.add(expiryOf(f));
  }
  for (let k = 0; k < 4; k++) days.add(thirdFriday(year, month + k));
  for (let k = 0; k < 12; k++) if ((month + k) % 3 === 0) days.add(thirdFriday(year, month + k));
  days.add(thirdFriday(year + 1, 1));
  days.add(thirdFriday(year + 2, 1));
  return [...days].filter((d) => d >= today).sort((a, b) => a - b);
}

/** Strike spacing at a price level. */
export function strikeIncrement(price: number): number {
  if (price < 5) return 0.5;
  if (price < 25) return 1;
  if (price < 100) return 2.5;
  if (price < 500) return 5;
  if (price < 1500) return 10;
  if (price < 4000) return 25;
  return 50;
}

/** Listed strikes around a reference price (the previous close), wider for longer expirations. */
export function listedStrikes(reference: number, vol: number, years: number): number[] {
  const inc = strikeIncrement(reference);
  const width = Math.min(0.9, Math.max(0.25, 2.5 * vol * Math.sqrt(Math.max(years, 1 / 52))));
  const center = Math.round(reference / inc);
  // At least five strikes each side of the money, at most sixty.
  const lo = Math.max(1, Math.min(Math.ceil((reference * (1 - width)) / inc), center - 5), center - 60);
  const hi = Math.min(Math.max(Math.floor((reference * (1 + width)) / inc), center + 5), center + 60);
  const out: number[] = [];
  for (let n = lo; n <= hi; n++) out.push(Math.round(n * inc * 1000) / 1000);
  return out;
}

/** Years from an instant to 16:00 ET on an expiration day (at least one minute). */
export function yearsToExpiry(nowMs: number, expirationDay: number): number {
  return Math.max(MIN_T, (etToUtcMs(expirationDay, 16 * 60) - nowMs) / YEAR_MS);
}

/** Implied volatility on the ticker's smile: the regime shows in short expirations, skewed to puts. */
export function smileVol(t: SimTicker, key: number, regime: number, S: number, K: number, T: number): number {
  const atm = t.vol * (1 + (regime - 1) * Math.exp(-T / 0.25));
  const skew = 0.03 + 0.09 * unit(hash3(key, S_SMILE, 1));
  const curvature = 0.02 + 0.03 * unit(hash3(key, S_SMILE, 2));
  const x = Math.log(K / S) / (atm * Math.sqrt(Math.max(T, 1 / 365)));
  const iv = atm * (1 - skew * x + curvature * x * x);
  return Math.min(3 * atm, Math.max(0.5 * atm, iv));
}

export interface OptionMarket {
  ticker: SimTicker;
  key: number;
  /** Underlying price and volatility-regime multiplier now. */
  spot: number;
  regime: number;
  nowMs: number;
  /** Today's date (ET) and the share of today's regular session elapsed (drives volume). */
  today: number;
  sessionFraction: number;
}

/** One option's quote; the caller has checked that the expiration is listed. */
export function optionQuote(m: OptionMarket, expirationDay: number, strike: number, type: 'call' | 'put'): OptionQuote {
  const t = m.ticker;
  const T = yearsToExpiry(m.nowMs, expirationDay);
  const sigma = smileVol(t, m.key, m.regime, m.spot, strike, T);
  const bs = blackScholes(type, m.spot, strike, T, sigma);
  const theo = Math.max(0, bs.price);
  const liquid = t.weeklies;
  const tick = liquid || theo < 3 ? 0.01 : 0.05;
  const moneyness = Math.log(strike / m.spot) / (t.vol * Math.sqrt(Math.max(T, 1 / 52)));
  const rel = (0.012 + 0.05 / Math.sqrt(t.company.average_volume / 1e6)) * (1 + 0.15 * Math.abs(moneyness));
  const half = Math.max(tick / 2, (theo * rel) / 2);
  const bid = Math.max(0, Math.round(Math.floor((theo - half) / tick + 1e-9) * tick * 100) / 100);
  const askRaw = Math.round(Math.ceil((theo + half) / tick - 1e-9) * tick * 100) / 100;
  const ask = Math.max(askRaw, Math.round((bid + tick) * 100) / 100);

  const strikeMilli = Math.round(strike * 1000);
  const contract = hash3(hash3(m.key, S_OI, expirationDay), type === 'call' ? 1 : 2, strikeMilli);
  const third = nthWeekday(dateParts(expirationDay).year, dateParts(expirationDay).month, 5, 3);
  const kind = Math.abs(expirationDay - third) <= 1 ? 1.5 : 0.6;
  const openInterest = Math.round(
    t.company.average_volume *
      0.004 *
      (type === 'call' ? 1 : 0.8) *
      kind *
      Math.exp((-moneyness * moneyness) / 4) *
      Math.exp(0.6 * normal(contract) - 0.18),
  );
  const dailyVolume = openInterest * 0.3 * Math.exp(0.5 * normal(hash3(contract, S_VOLUME, m.today)) - 0.125);
  const expiration = isoDate(expirationDay);
  return {
    symbol: occSymbol(t.symbol, expiration, type, strike),
    underlying: t.symbol,
    expiration,
    strike,
    option_type: type,
    bid,
    ask,
    last: Math.max(0.01, Math.round(theo * 100) / 100),
    volume: Math.round(dailyVolume * m.sessionFraction),
    open_interest: openInterest,
    greeks: { ...bs.greeks, mid_iv: Math.round(sigma * 10000) / 10000 },
  };
}

/** Whether a strike can be quoted: positive, on the half-dollar grid (2-trading §9) and not absurdly far out. */
export function isQuotableStrike(strike: number, reference: number): boolean {
  const milli = Math.round(strike * 1000);
  return milli > 0 && Math.abs(strike * 1000 - milli) < 1e-6 && milli % 500 === 0 && strike <= reference * 20;
}
