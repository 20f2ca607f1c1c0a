import type { Greeks, MarketClock, MarketState, OptionQuote, Quote } from '@drat/contracts';
import { ProviderError } from '../../provider-error';
import { parseOcc } from '@drat/engine';
import { field, num, record, str } from '../../tradier/normalize';
import { addDays, etDate, etToEpochMs, weekday } from './time';

/** One element of /markets/quotes → quotes.quote (stock, ETF, index or option). */
export function mapQuote(raw: unknown, nowMs: number): Quote | undefined {
  const q = record(raw);
  const symbol = str(q?.symbol);
  if (!q || !symbol) return undefined;
  const prevclose = num(q.prevclose) ?? 0;
  // `last` is null for a security that has not traded (yet); fall back to the close, then prevclose.
  const last = num(q.last) ?? num(q.close) ?? prevclose;
  const change = num(q.change) ?? (prevclose ? last - prevclose : 0);
  const changePct = num(q.change_percentage) ?? (prevclose ? (change / prevclose) * 100 : 0);
  return {
    symbol: symbol.toUpperCase(),
    name: str(q.description) ?? symbol.toUpperCase(),
    last,
    bid: num(q.bid) ?? 0,
    ask: num(q.ask) ?? 0,
    open: num(q.open) ?? 0,
    high: num(q.high) ?? 0,
    low: num(q.low) ?? 0,
    prevclose,
    change,
    change_percentage: changePct,
    volume: num(q.volume) ?? 0,
    at: new Date(epochMsOf(num(q.trade_date)) ?? nowMs).toISOString(),
  };
}

/** Tradier's trade_date/bid_date are epoch milliseconds; accept seconds too. 0 means "none". */
function epochMsOf(x: number | undefined): number | undefined {
  if (x === undefined || x <= 0) return undefined;
  return x < 1e11 ? x * 1000 : x;
}

function mapGreeks(raw: unknown): Greeks {
  // Greeks are null when ORATS has none for the contract (and often in the sandbox): zeros then.
  const g = record(raw);
  return {
    delta: num(g?.delta) ?? 0,
    gamma: num(g?.gamma) ?? 0,
    theta: num(g?.theta) ?? 0,
    vega: num(g?.vega) ?? 0,
    rho: num(g?.rho) ?? 0,
    mid_iv: num(g?.mid_iv) ?? num(g?.smv_vol) ?? 0,
  };
}

/** An option from /markets/options/chains or /markets/quotes (type "option"). */
export function mapOption(raw: unknown): OptionQuote | undefined {
  const o = record(raw);
  const symbol = str(o?.symbol)?.toUpperCase();
  if (!o || !symbol) return undefined;
  const occ = parseOcc(symbol);
  const typ = str(o.option_type);
  const optionType = typ === 'call' || typ === 'put' ? typ : occ?.option_type;
  const strike = num(o.strike) ?? occ?.strike;
  const expiration = str(o.expiration_date) ?? occ?.expiration;
  const underlying = str(o.underlying) ?? str(o.root_symbol) ?? occ?.root;
  if (!optionType || strike === undefined || !expiration || !underlying) return undefined;
  return {
    symbol,
    underlying: underlying.toUpperCase(),
    expiration,
    strike,
    option_type: optionType,
    bid: num(o.bid) ?? 0,
    ask: num(o.ask) ?? 0,
    last: num(o.last) ?? 0,
    volume: num(o.volume) ?? 0,
    open_interest: num(o.open_interest) ?? 0,
    greeks: mapGreeks(o.greeks),
  };
}

const STATES: readonly MarketState[] = ['premarket', 'open', 'postmarket', 'closed'];

export function toMarketState(x: unknown): MarketState {
  const s = str(x)?.toLowerCase();
  return STATES.find((st) => st === s) ?? 'closed';
}

/**
 * /markets/clock → {clock:{date, description, state, timestamp (epoch s), next_change ("HH:MM"
 * Eastern), next_state}}. next_change carries no date: it is the first such time after the clock's
 * timestamp, moved past Saturday/Sunday when the next state opens a session. Exchange holidays are
 * not known here (Tradier's /markets/calendar has them), so the day after a holiday eve may be off.
 */
export function mapClock(raw: unknown, nowMs: number): MarketClock {
  const c = record(field(raw, 'clock'));
  if (!c)
    throw new ProviderError('tradier', 'BAD_RESPONSE', 'Tradier /markets/clock: answer has no clock', {
      path: '/markets/clock',
      attempts: 1,
    });
  const tsSeconds = num(c.timestamp);
  const atMs = tsSeconds !== undefined ? tsSeconds * 1000 : nowMs;
  const state = toMarketState(c.state);
  const nextState = toMarketState(c.next_state);
  const date = str(c.date) ?? etDate(atMs);
  let nextMs = atMs;
  const hm = /^(\d{1,2}):(\d{2})/.exec(str(c.next_change) ?? '');
  if (hm) {
    const [h, m] = [Number(hm[1]), Number(hm[2])];
    let day = date;
    nextMs = etToEpochMs(day, h, m);
    for (let i = 0; nextMs <= atMs && i < 7; i++) {
      day = addDays(day, 1);
      nextMs = etToEpochMs(day, h, m);
    }
    if (nextState === 'premarket' || nextState === 'open') {
      while (weekday(day) === 0 || weekday(day) === 6) {
        day = addDays(day, 1);
        nextMs = etToEpochMs(day, h, m);
      }
    }
  }
  return {
    state,
    at: new Date(atMs).toISOString(),
    next_state: nextState,
    next_change: new Date(nextMs).toISOString(),
    description: str(c.description) ?? '',
  };
}
