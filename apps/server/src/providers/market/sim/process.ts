/**
 * The price process: a deterministic function of (seed, ticker, minute) with random access.
 *
 * 1. Levels. Every 256 days (blocks counted from 2026-01-01T00:00Z) the log price is drawn afresh
 *    around the ticker's reference level (with a slow drift): this mean reversion keeps prices
 *    plausible over decades. At the epoch itself the price is exactly the reference price.
 * 2. Days. Inside a block, daily log returns mix a market factor shared by all tickers with the
 *    ticker's own shocks, scaled by a volatility regime (an exponentially weighted sum of past daily
 *    shocks, market and own: volatility clusters) and by the day's share of trading time, plus
 *    occasional jumps (news, earnings; market-wide shocks). A Brownian-bridge correction, spread in
 *    proportion to each day's variance, makes the block end exactly on the next block's level.
 * 3. Minutes. Inside a day the same construction runs over 1440 minutes, with an intraday U-shape,
 *    an hourly volatility multiplier and the session layout (closed minutes stand still), and ends
 *    exactly on the next day's level. Each minute gets a high and low around its open and close,
 *    and a volume with an intraday U-shape.
 * Every random number is a hash of (key, stream, counter), so a block or a day is computed on its
 * own, identically on every node, without walking from any origin.
 */
import { hash3, hashAt, normal, streamKey, unit } from './rng';
import {
  EXTENDED_VOLUME_SHARE,
  REGULAR,
  CLOSED,
  type DayLayout,
  type Sessions,
  minuteWeight,
  sessionShapes,
} from './sessions';
import type { SimTicker } from './universe';

export const BLOCK_DAYS = 256;
/** 2026-01-01, the first day of block 0. */
export const EPOCH_DAY = 20454;

const S_ANCHOR = 1;
const S_REGIME = 2;
const S_DAY = 3;
const S_JUMP = 4;
const S_JUMP_SIZE = 5;
const S_MINUTE = 6;
const S_HOUR = 7;
const S_RANGE_HIGH = 8;
const S_RANGE_LOW = 9;
const S_VOLUME = 10;
const S_DAY_VOLUME = 11;
const S_JUMP_MINUTE = 12;
const S_TICK = 13;

/** Volatility regime: weight decay per day, look-back, strength, share of the market's regime. */
const REGIME_DECAY = 0.92;
const REGIME_LOOKBACK = 48;
const REGIME_STRENGTH = 0.35;
const REGIME_MARKET_SHARE = 0.6;
/** Market-wide shocks: daily chance and size (log return of a market with 16% volatility). */
const MARKET_JUMP_RATE = 0.004;
const MARKET_JUMP_SIZE = 0.03;

export interface TickerModel {
  ticker: SimTicker;
  /** Hash of (seed, symbol). */
  key: number;
  /** Hash of (seed, market): the factor every ticker shares. */
  marketKey: number;
}

export interface Block {
  first: number;
  /** Log price at the start (00:00 UTC) of each day of the block, and at the end of the last one. */
  level: Float64Array;
  /** Diffusive variance of each day, its jump (log return) and its volatility-regime multiplier. */
  variance: Float64Array;
  jump: Float64Array;
  volMult: Float64Array;
}

export interface DayPath {
  day: number;
  key: number;
  layout: DayLayout;
  /** Price at 00:00 UTC (the open of minute 0). */
  open0: number;
  close: Float64Array;
  high: Float64Array;
  low: Float64Array;
  volume: Float64Array;
  /** The day's volatility-regime multiplier (1 = normal). */
  volMult: number;
}

/** Rounds to the quoting tick: cents from $1, hundredths of a cent below. */
export function roundPrice(p: number): number {
  return p >= 1 ? Math.round(p * 100) / 100 : Math.max(0.0001, Math.round(p * 10000) / 10000);
}

export function blockOf(day: number): number {
  return Math.floor((day - EPOCH_DAY) / BLOCK_DAYS);
}

function anchorLevel(m: TickerModel, block: number): number {
  const t = m.ticker;
  const years = Math.max(-8, Math.min(8, (block * BLOCK_DAYS) / 365));
  const base = Math.log(t.price) + t.drift * years;
  if (block === 0) return base;
  const spread = Math.min(0.6, 0.6 * t.vol);
  return base + spread * normal(hash3(m.key, S_ANCHOR, block));
}

/**
 * The regime factor (about N(0,1)) of a key on each day of a block: an exponentially weighted sum
 * of the last REGIME_LOOKBACK daily shocks, rolled forward day by day inside the block.
 */
function regimeFactors(key: number, first: number): Float64Array {
  const out = new Float64Array(BLOCK_DAYS);
  const tail = REGIME_DECAY ** REGIME_LOOKBACK;
  let sum = 0;
  let w = 1;
  for (let k = 0; k < REGIME_LOOKBACK; k++) {
    sum += w * normal(hash3(key, S_REGIME, first - k));
    w *= REGIME_DECAY;
  }
  const scale = Math.sqrt(1 - REGIME_DECAY * REGIME_DECAY);
  out[0] = sum * scale;
  for (let k = 1; k < BLOCK_DAYS; k++) {
    const day = first + k;
    sum =
      REGIME_DECAY * sum +
      normal(hash3(key, S_REGIME, day)) -
      tail * normal(hash3(key, S_REGIME, day - REGIME_LOOKBACK));
    out[k] = sum * scale;
  }
  return out;
}

export function computeBlock(m: TickerModel, sessions: Sessions, block: number): Block {
  const t = m.ticker;
  const first = EPOCH_DAY + block * BLOCK_DAYS;
  const level = new Float64Array(BLOCK_DAYS + 1);
  const variance = new Float64Array(BLOCK_DAYS);
  const jump = new Float64Array(BLOCK_DAYS);
  const volMult = new Float64Array(BLOCK_DAYS);
  const returns = new Float64Array(BLOCK_DAYS);
  const rhoC = Math.sqrt(1 - t.rho * t.rho);
  const shareC = Math.sqrt(1 - REGIME_MARKET_SHARE * REGIME_MARKET_SHARE);
  const dailyVol = t.vol / Math.sqrt(252);
  const marketRegime = regimeFactors(m.marketKey, first);
  const ownRegime = regimeFactors(m.key, first);
  let sumReturns = 0;
  let sumVariance = 0;
  for (let k = 0; k < BLOCK_DAYS; k++) {
    const day = first + k;
    const layout = sessions.layout(day);
    const g = REGIME_MARKET_SHARE * marketRegime[k]! + shareC * ownRegime[k]!;
    const mult = Math.exp(REGIME_STRENGTH * g - (REGIME_STRENGTH * REGIME_STRENGTH) / 2);
    const v = (t.vol * mult) ** 2 * (layout.totalWeight / sessions.referenceWeight / sessions.daysPerYear);
    const z = t.rho * normal(hash3(m.marketKey, S_DAY, day)) + rhoC * normal(hash3(m.key, S_DAY, day));
    let j = 0;
    if (layout.regStart >= 0) {
      if (unit(hash3(m.key, S_JUMP, day)) < t.jumpRate)
        j += t.jumpScale * dailyVol * normal(hash3(m.key, S_JUMP_SIZE, day));
      if (unit(hash3(m.marketKey, S_JUMP, day)) < MARKET_JUMP_RATE) {
        const beta = (t.rho * t.vol) / 0.16;
        j += Math.max(-0.5, Math.min(0.5, beta * MARKET_JUMP_SIZE * normal(hash3(m.marketKey, S_JUMP_SIZE, day))));
      }
    }
    volMult[k] = mult;
    variance[k] = v;
    jump[k] = j;
    returns[k] = Math.sqrt(v) * z + j;
    sumReturns += returns[k]!;
    sumVariance += v;
  }
  level[0] = anchorLevel(m, block);
  const end = anchorLevel(m, block + 1);
  const corr = sumVariance > 0 ? (end - level[0]! - sumReturns) / sumVariance : 0;
  for (let k = 0; k < BLOCK_DAYS; k++) level[k + 1] = level[k]! + returns[k]! + corr * variance[k]!;
  level[BLOCK_DAYS] = end;
  return { first, level, variance, jump, volMult };
}

// Scratch buffers: path building is synchronous, so one set serves every call.
const W = new Float64Array(1440);
const INC = new Float64Array(1440);
const SD = new Float64Array(1440);

/** The minute a day's jump happens: the overnight gap (half the time, when there is one) or a regular minute. */
function jumpMinute(m: TickerModel, layout: DayLayout): number {
  const u = unit(hash3(m.key, S_JUMP_MINUTE, layout.day));
  if (layout.gapMinute >= 0 && u < 0.5) return layout.gapMinute;
  const len = layout.regEnd - layout.regStart;
  return layout.regStart + Math.min(len - 1, Math.floor(unit(hash3(m.key, S_JUMP_MINUTE + 100, layout.day)) * len));
}

/**
 * The market's own draw of each open minute of a day, the same for every ticker (each ticker's
 * minute mixes it with its own by its correlation): drawn once per day and kept for the days most
 * asked (a year's bars of ten tickers draw each day once, not ten times). All 1440 minutes are
 * drawn, open or not: the draws depend on the market and the day alone, so markets of different
 * hours (an always-open one, NYSE's) can share them.
 */
const marketDraws = new Map<number, Float64Array>();
const MARKET_DRAW_DAYS = 800;
/** Forgets the kept market draws (a test's way to draw a day afresh). */
export const forgetMarketDraws = (): void => marketDraws.clear();
function marketMinutes(marketKey: number, day: number): Float64Array {
  const key = day * 4294967296 + marketKey;
  let draws = marketDraws.get(key);
  if (draws) return draws;
  draws = new Float64Array(1440);
  const base = day * 1440;
  const stream = streamKey(marketKey, S_MINUTE);
  for (let i = 0; i < 1440; i++) draws[i] = normal(hashAt(stream, base + i));
  if (marketDraws.size >= MARKET_DRAW_DAYS) marketDraws.delete(marketDraws.keys().next().value!);
  marketDraws.set(key, draws);
  return draws;
}

/** A day path's four arrays, to build into (one use at a time) rather than allocate. */
export type PathArrays = Pick<DayPath, 'close' | 'high' | 'low' | 'volume'>;
export const newPathArrays = (): PathArrays => ({
  close: new Float64Array(1440),
  high: new Float64Array(1440),
  low: new Float64Array(1440),
  volume: new Float64Array(1440),
});

/** A day's minute path; built into `into` when given (the path is then good until its next use). */
export function buildDayPath(m: TickerModel, layout: DayLayout, block: Block, into?: PathArrays): DayPath {
  const t = m.ticker;
  const day = layout.day;
  const k = day - block.first;
  const l0 = block.level[k]!;
  const l1 = block.level[k + 1]!;
  const v = block.variance[k]!;
  const j = block.jump[k]!;
  const regLen = Math.max(1, layout.regEnd - layout.regStart);
  const shape = sessionShapes(regLen);
  const base = day * 1440;

  let totalW = 0;
  let lastActive = -1;
  for (let h = 0; h < 24; h++) {
    const mh = Math.exp(0.25 * normal(hash3(m.key, S_HOUR, day * 24 + h)) - 0.03125);
    for (let i = h * 60; i < h * 60 + 60; i++) {
      const w = minuteWeight(layout, i, shape.variance) * mh;
      W[i] = w;
      totalW += w;
      if (w > 0) lastActive = i;
    }
  }
  const rhoC = Math.sqrt(1 - t.rho * t.rho);
  const market = marketMinutes(m.marketKey, day);
  const own = streamKey(m.key, S_MINUTE);
  let sum = 0;
  for (let i = 0; i < 1440; i++) {
    const w = W[i]!;
    if (w === 0) {
      INC[i] = 0;
      SD[i] = 0;
      continue;
    }
    const sd = Math.sqrt((v * w) / totalW);
    const z = t.rho * market[i]! + rhoC * normal(hashAt(own, base + i));
    SD[i] = sd;
    INC[i] = sd * z;
    sum += INC[i]!;
  }
  if (j !== 0 && layout.regStart >= 0) {
    const jm = jumpMinute(m, layout);
    INC[jm] = INC[jm]! + j;
    sum += j;
  }
  const corr = totalW > 0 ? (l1 - l0 - sum) / totalW : 0;

  const { close, high, low, volume } = into ?? newPathArrays();
  const mult = block.volMult[k]!;
  const dayVolume =
    t.company.average_volume *
    mult ** 1.3 *
    (1 + 12 * Math.abs(j)) *
    Math.exp(0.25 * normal(hash3(m.key, S_DAY_VOLUME, day)) - 0.03125);
  const open0 = roundPrice(Math.exp(l0));
  const wickHigh = streamKey(m.key, S_RANGE_HIGH);
  const wickLow = streamKey(m.key, S_RANGE_LOW);
  const volumeNoise = streamKey(m.key, S_VOLUME);
  let x = l0;
  let prev = open0;
  for (let i = 0; i < 1440; i++) {
    const w = W[i]!;
    if (w === 0) {
      close[i] = high[i] = low[i] = prev;
      continue;
    }
    x += INC[i]! + corr * w;
    if (i === lastActive) x = l1;
    const c = roundPrice(Math.exp(x));
    const sd = SD[i]!;
    // Wicks: exponential excursions of about half a minute's deviation beyond the open and close.
    const up = roundPrice(Math.max(prev, c) * (1 - 0.5 * sd * Math.log(unit(hashAt(wickHigh, base + i)))));
    const down = roundPrice(Math.min(prev, c) / (1 - 0.5 * sd * Math.log(unit(hashAt(wickLow, base + i)))));
    close[i] = c;
    high[i] = Math.max(up, prev, c);
    low[i] = Math.min(down, prev, c);
    const code = layout.codes[i]!;
    const noise = 0.3 - 0.7 * Math.log(unit(hashAt(volumeNoise, base + i))); // mean 1, right-skewed
    const share = code === REGULAR ? shape.volume[i - layout.regStart]! : code === CLOSED ? 0 : EXTENDED_VOLUME_SHARE;
    volume[i] = Math.max(code === REGULAR ? 1 : 0, Math.round(dayVolume * share * noise));
    prev = c;
  }
  return { day, key: m.key, layout, open0, close, high, low, volume, volMult: mult };
}

/** The open of minute i of a path. */
export function minuteOpen(p: DayPath, i: number): number {
  return i === 0 ? p.open0 : p.close[i - 1]!;
}

export interface MinuteSoFar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * Minute i seen at fraction f ∈ [0, 1) of it: the price moves open → first extreme → second
 * extreme → close along straight lines (the extremes' order and times are hashed), so live prices
 * stay inside the minute's bar and reach its high and low.
 */
export function minuteSoFar(p: DayPath, i: number, f: number): MinuteSoFar {
  const o = minuteOpen(p, i);
  const h = p.high[i]!;
  const l = p.low[i]!;
  const c = p.close[i]!;
  const vol = Math.floor(p.volume[i]! * f);
  if (h === l) return { open: o, high: h, low: l, close: c, volume: vol };
  const u = hash3(p.key, S_TICK, p.day * 1440 + i);
  const e1 = (u & 1) === 1 ? h : l;
  const e2 = e1 === h ? l : h;
  const a = 0.15 + (0.3 * ((u >>> 1) & 1023)) / 1023;
  const b = 0.55 + (0.3 * ((u >>> 11) & 1023)) / 1023;
  let px: number;
  let hi = o;
  let lo = o;
  if (f < a) {
    px = o + (e1 - o) * (f / a);
  } else if (f < b) {
    px = e1 + (e2 - e1) * ((f - a) / (b - a));
    hi = Math.max(hi, e1);
    lo = Math.min(lo, e1);
  } else {
    px = e2 + (c - e2) * ((f - b) / (1 - b));
    hi = h;
    lo = l;
  }
  px = roundPrice(px);
  return { open: o, high: Math.max(hi, px), low: Math.min(lo, px), close: px, volume: vol };
}

/** The last price at fraction f of minute i (the cheap path of a live quote). */
export function priceWithin(p: DayPath, i: number, f: number): number {
  const h = p.high[i]!;
  const l = p.low[i]!;
  if (h === l) return h;
  const o = minuteOpen(p, i);
  const c = p.close[i]!;
  const u = hash3(p.key, S_TICK, p.day * 1440 + i);
  const e1 = (u & 1) === 1 ? h : l;
  const e2 = e1 === h ? l : h;
  const a = 0.15 + (0.3 * ((u >>> 1) & 1023)) / 1023;
  const b = 0.55 + (0.3 * ((u >>> 11) & 1023)) / 1023;
  const px =
    f < a ? o + (e1 - o) * (f / a) : f < b ? e1 + (e2 - e1) * ((f - a) / (b - a)) : e2 + (c - e2) * ((f - b) / (1 - b));
  return roundPrice(px);
}
