import {
  classifyTriggerNote,
  type AlertCategory,
  type AlertDto,
  type CompletedStatus,
  type TrackerDto,
  type TriggerDto,
  type TriggerKind,
} from '@drat/contracts';
import type { AlertRecord, TriggerRecord } from './shared.repo';
import { riskVsReward, trackerProgress } from '@drat/engine';

/** An alert row with its type and category names, and whether the caller tracks it. */
export interface AlertRow {
  alert: AlertRecord;
  typeName: string;
  category: string;
  tracked?: boolean;
}

/** A numeric column as the API sends it: a JSON number, exactly as stored (rounding is the web's). */
export function num(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Like num, for NOT NULL columns. */
export function req(value: string): number {
  return Number(value);
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The API's alert (1-core §3): prices are numbers exactly as stored (OTC included; the web rounds
 * for display, 1-core §9), buy_range_one/two and target_range_one/two repeat low/high, `modal` is
 * every embed field flattened, and `tracked` is the caller's own.
 */
export function toAlertDto({ alert: a, typeName, category, tracked = false }: AlertRow): AlertDto {
  const buyLow = req(a.buyRangeLow);
  const buyHigh = req(a.buyRangeHigh);
  const targetLow = req(a.targetRangeLow);
  const targetHigh = req(a.targetRangeHigh);
  const risk = req(a.riskPercent);
  const reward = req(a.rewardPercent);
  const created = a.createdAt.toISOString();
  return {
    id: a.id,
    ticker: a.ticker,
    company_name: a.companyName,
    rating: a.rating,
    category: category as AlertCategory,
    alert_type: typeName,
    alert_type_id: a.alertTypeId,
    latest_price: num(a.latestPrice),
    alert_price: req(a.alertPrice),
    buy_range_low: buyLow,
    buy_range_high: buyHigh,
    buy_range_one: buyLow,
    buy_range_two: buyHigh,
    target_range_low: targetLow,
    target_range_high: targetHigh,
    target_range_one: targetLow,
    target_range_two: targetHigh,
    stop_loss: req(a.stopLoss),
    risk_vs_reward: riskVsReward(risk, reward),
    risk_percent: risk,
    reward_percent: reward,
    embeds: a.embeds,
    modal: a.embeds.flatMap((e) => (e.fields ?? []).map((f) => ({ label: f.label, value: f.value }))),
    notes: a.notes,
    created,
    date_queried: created,
    dione_type: null,
    tracked,
    completed: a.completed,
    half_completed: a.halfCompleted,
    completed_status: a.completedStatus as CompletedStatus,
    exit_price: num(a.exitPrice),
    half_exit_price: num(a.halfExitPrice),
    p_l_dollar: num(a.plDollar),
    p_l_percent: num(a.plPercent),
    last_trigger_date: iso(a.lastTriggerDate),
    strategy: a.strategy,
    legOneExpiration: a.legOneExpiration,
    legOneStrike: num(a.legOneStrike),
    legOneType: a.legOneType,
    legTwoStrike: num(a.legTwoStrike),
    legTwoType: a.legTwoType,
    singleExpiration: a.singleExpiration,
    singleStrike: num(a.singleStrike),
  };
}

/** A trigger row with the prices of its alert (1-core §3 "Alert trigger"). */
export interface TriggerRow {
  trigger: TriggerRecord;
  typeName: string;
  alertPrice: string;
  buyRangeLow: string;
  buyRangeHigh: string;
  targetRangeLow: string;
  targetRangeHigh: string;
  stopLoss: string;
  rating: number;
}

export function toTriggerDto(r: TriggerRow): TriggerDto {
  const t = r.trigger;
  return {
    id: t.id,
    alert_id: t.alertId,
    ticker: t.ticker,
    kind: t.kind as TriggerKind,
    last_price: req(t.lastPrice),
    buy_range_low: req(r.buyRangeLow),
    buy_range_high: req(r.buyRangeHigh),
    target_range_low: req(r.targetRangeLow),
    target_range_high: req(r.targetRangeHigh),
    stop_loss: req(r.stopLoss),
    alert_price: num(r.alertPrice),
    trigger_note: t.triggerNote,
    created: t.createdAt.toISOString(),
    has_alert: true,
    rating: r.rating,
    alert_type: r.typeName,
    note_class: classifyTriggerNote(t.triggerNote),
  };
}

/** A tracker with its alert and the alert's latest trigger. */
export interface TrackerRow extends AlertRow {
  trackerId: number;
  trackedAt: Date;
  lastNote: string | null;
  lastNoteAt: Date | null;
}

export function toTrackerDto(r: TrackerRow): TrackerDto {
  const a = r.alert;
  const alertPrice = req(a.alertPrice);
  const targetHigh = req(a.targetRangeHigh);
  const latest = num(a.latestPrice);
  const price = a.completed ? (num(a.exitPrice) ?? latest) : latest;
  return {
    id: r.trackerId,
    alert_id: a.id,
    alert_date: a.createdAt.toISOString(),
    ticker: a.ticker,
    updated_date: (r.lastNoteAt ?? r.trackedAt).toISOString(),
    trigger_note: r.lastNote ?? '',
    last_price: latest,
    target_range_low: req(a.targetRangeLow),
    target_range_high: targetHigh,
    progress: trackerProgress({ alertPrice, targetRangeHigh: targetHigh, price, completedStatus: a.completedStatus }),
    has_alert: true,
    alert_type: r.typeName,
    category: r.category as AlertCategory,
    alert_price: alertPrice,
    stop_loss: req(a.stopLoss),
    completed_status: a.completedStatus as CompletedStatus,
  };
}
