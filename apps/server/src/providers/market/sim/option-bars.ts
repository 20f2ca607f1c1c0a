/**
 * Minute bars of one option contract in the simulated market: each regular-session minute of the
 * underlying priced with the same Black-Scholes smile as the option quotes (the theoretical price,
 * which a quote shows as `last`). A call rises with the underlying and a put falls, so the option's
 * high and low come from the underlying's high and low. Bars stop at the expiration (16:00 ET).
 * Only 1-minute bars: the alert lifecycle follows options alerts by them (issue 4).
 */
import type { Bar } from '@drat/contracts';
import type { OccParts } from '@drat/engine';
import { parseIsoDate } from './calendar';
import { etToUtcMs } from './clock';
import type { SimEngine, TickerState } from './engine';
import { blackScholes, smileVol, yearsToExpiry } from './options';

const round2 = (x: number) => Math.max(0.01, Math.round(x * 100) / 100);

export function simOptionMinuteBars(
  engine: SimEngine,
  s: TickerState,
  contract: OccParts,
  fromMs: number,
  toMs: number,
  nowMs: number,
): Bar[] {
  const expirationDay = parseIsoDate(contract.expiration);
  if (expirationDay === null) return [];
  const end = Math.min(toMs, etToUtcMs(expirationDay, 16 * 60));
  const t = s.model.ticker;
  const { strike, option_type: type } = contract;
  const out: Bar[] = [];
  engine.forEachMinute(s, fromMs, end, nowMs, (start, o, h, l, c, v, path) => {
    const T = yearsToExpiry(start + 30_000, expirationDay);
    const price = (spot: number) =>
      round2(blackScholes(type, spot, strike, T, smileVol(t, s.model.key, path.volMult, spot, strike, T)).price);
    const po = price(o);
    const pc = price(c);
    const ph = price(type === 'call' ? h : l);
    const pl = price(type === 'call' ? l : h);
    out.push({
      time: start / 1000,
      open: po,
      high: Math.max(po, pc, ph),
      low: Math.min(po, pc, pl),
      close: pc,
      volume: Math.round(v / 2000),
    });
  });
  return out;
}
