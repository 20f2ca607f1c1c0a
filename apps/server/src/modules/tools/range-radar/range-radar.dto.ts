import type { TradeIdeasHistoryEntryDto, TradeIdeasLevelDto, TradeIdeasResultDto } from '@drat/contracts';
import { isoDay, priceDecimals, type PriceLevel, type RangeRadarView } from '@drat/engine';
import type { StoredLevel, StoredRangeRadarView, TradeIdeasRow } from './range-radar.repo';

/** Range Radar's conversions: engine view → stored snapshot → 1-core §3 "Trade ideas result". No I/O. */
export type { TradeIdeasRow };

export function storeRangeRadar(views: readonly RangeRadarView[], price: number): StoredRangeRadarView[] {
  const decimals = priceDecimals(price);
  const level = (l: PriceLevel): StoredLevel => ({
    type: l.type,
    price: l.price.toFixed(decimals),
    touches: l.touches,
    lastTouched: isoDay(l.lastTouched),
  });
  return views.map((v) => ({
    type: v.label,
    found: v.found,
    message: v.message,
    supports: v.supports.map(level),
    resistances: v.resistances.map(level),
  }));
}

function levelDto(l: StoredLevel): TradeIdeasLevelDto {
  return { type: l.type, price: Number(l.price), touches: l.touches, last_touched: l.lastTouched };
}

export function tradeIdeasEntryDto(row: TradeIdeasRow): TradeIdeasHistoryEntryDto {
  const price = Number(row.price);
  const date_queried = row.queriedAt.toISOString();
  const data = row.views.map((v): TradeIdeasResultDto => ({
    ticker: row.ticker,
    price,
    type: v.type,
    found: v.found,
    message: v.message,
    supports: v.supports.map(levelDto),
    resistances: v.resistances.map(levelDto),
    date_queried,
  }));
  return { id: row.id, ticker: row.ticker, price, date_queried, data };
}
