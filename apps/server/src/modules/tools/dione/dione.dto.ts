import type {
  DioneAnalysisDto,
  DioneHistoryDataDto,
  DioneMissingDto,
  DioneResultDto,
  DioneTrackerDto,
  DioneType,
} from '@drat/contracts';
import { trackerProgress, type DioneView } from '@drat/engine';
import type { DioneHistoryRow, DioneTrackerRow, StoredDioneView } from './dione.repo';

/**
 * Dione's conversions: the engine's view → the stored snapshot (prices as decimal strings at the
 * view's decimals) → the API shapes of 1-core §3. No I/O.
 */
export type { DioneHistoryRow, DioneTrackerRow };
type FoundView = Extract<StoredDioneView, { found: true }>;

export function storeView(view: DioneView): StoredDioneView {
  if (!view.found) return { found: false, message: view.message };
  const f = (n: number) => n.toFixed(view.decimals);
  return {
    found: true,
    trend: view.trend,
    rating: view.rating,
    decimals: view.decimals,
    lastPrice: f(view.lastPrice),
    buyLow: f(view.buyLow),
    buyHigh: f(view.buyHigh),
    stopLoss: f(view.stopLoss),
    target1: f(view.target1),
    target2: f(view.target2),
    riskReward: view.riskReward.toFixed(2),
    quote: view.quote,
    message: view.message,
  };
}

function analysisDto(v: StoredDioneView): DioneAnalysisDto | DioneMissingDto {
  if (!v.found) return { message: v.message };
  return {
    'Last Price': Number(v.lastPrice),
    'Buy Range': `${v.buyLow} - ${v.buyHigh}`,
    'Stop Loss': Number(v.stopLoss),
    'Target Range': `${v.target1} - ${v.target2}`,
    'Drat Quote': v.quote,
    'Risk Vs Reward': `1 : ${v.riskReward}`,
    message: v.message,
    rating: v.rating,
    trend: v.trend,
  };
}

function historyData(row: DioneHistoryRow, v: StoredDioneView, type: DioneType): DioneHistoryDataDto | null {
  if (!v.found) return null;
  return {
    id: row.id,
    ticker: row.ticker,
    alert_price: Number(v.lastPrice),
    target_range_one: Number(v.target1),
    target_range_two: Number(v.target2),
    dione_type: type,
  };
}

/** The view a tracker with these prices follows, or null when they match neither term. */
export function termMatching(
  row: DioneHistoryRow,
  prices: { lastprice: number; t1: number; t2: number },
): { type: DioneType; view: FoundView } | null {
  const candidates: [DioneType, StoredDioneView][] = [
    ['LONG', row.longView],
    ['SHORT', row.shortView],
  ];
  for (const [type, v] of candidates) {
    if (!v.found) continue;
    const near = (a: number, b: string) => Math.abs(a - Number(b)) < 10 ** -v.decimals / 2;
    if (near(prices.lastprice, v.lastPrice) && near(prices.t1, v.target1) && near(prices.t2, v.target2)) {
      return { type, view: v };
    }
  }
  return null;
}

/** 1-core §3 "Dione result": the top-level levels are the long term's when found, else the short term's. */
export function dioneResultDto(row: DioneHistoryRow, tracked: { short: boolean; long: boolean }): DioneResultDto {
  const long = row.longView;
  const short = row.shortView;
  const primary = long.found ? long : short;
  const p = primary.found ? primary : null;
  const num = (s: string | undefined) => (s === undefined ? 0 : Number(s));
  return {
    id: row.id,
    ticker: row.ticker,
    company_name: row.companyName,
    rating: p?.rating ?? 0,
    found: long.found,
    found_short: short.found,
    long_analysis: analysisDto(long),
    short_analysis: analysisDto(short),
    short_term_history_data: historyData(row, short, 'SHORT'),
    long_term_history_data: historyData(row, long, 'LONG'),
    tracked: tracked.short || tracked.long,
    tracked_short: tracked.short,
    tracked_long: tracked.long,
    alert_price: Number(row.lastPrice),
    buy_range_one: num(p?.buyLow),
    buy_range_two: num(p?.buyHigh),
    target_range_one: num(p?.target1),
    target_range_two: num(p?.target2),
    stop_loss: num(p?.stopLoss),
    risk_vs_reward: p ? `1 : ${p.riskReward}` : '-',
    dione_type: long.found ? 'LONG' : 'SHORT',
    date_queried: row.queriedAt.toISOString(),
  };
}

/** 1-core §3 "Dione tracker" with its progress from `livePrice` (undefined when the market has none). */
export function dioneTrackerDto(row: DioneTrackerRow, livePrice: number | undefined): DioneTrackerDto {
  const alertPrice = Number(row.alertPrice);
  const targetTwo = Number(row.targetRangeTwo);
  return {
    id: row.id,
    history_id: row.historyId,
    ticker: row.ticker,
    dione_type: row.dioneType,
    alert_price: alertPrice,
    target_range_one: Number(row.targetRangeOne),
    target_range_two: targetTwo,
    alert_date: row.createdAt.toISOString(),
    last_price: livePrice ?? null,
    progress: trackerProgress({
      alertPrice,
      targetRangeHigh: targetTwo,
      price: livePrice ?? null,
      completedStatus: 'ONGOING',
    }),
  };
}
