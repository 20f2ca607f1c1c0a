import { z } from 'zod';
import { ALERT_CATEGORIES, type AlertCategory } from './constants';

/** Alert list sorts (1-core §2, §9) and their query values. */
export const ALERT_SORTS = ['Most Recent', 'Alert Rating', 'Min Risk', 'Min Reward'] as const;
export type AlertSort = (typeof ALERT_SORTS)[number];
export const COMPLETED_SORTS = ['Most Recent', 'Target 2', 'Target 1', 'Stop Loss'] as const;
export type CompletedSort = (typeof COMPLETED_SORTS)[number];
export const TRIGGER_SORTS = ['Buy Range', 'Most Recent', 'Profit', 'Target', 'Target 1', 'Target 2', 'Loss', 'Stop Loss'] as const;
export type TriggerSort = (typeof TRIGGER_SORTS)[number];

export const ALERT_PAGE_SIZE = 15;
export const ALERT_TABLE_PAGE_SIZE = 100;
export const TRIGGER_PAGE_SIZE = 100;

/** Lifecycle result of an alert (1-core §3 completed_status). */
export const COMPLETED_STATUSES = ['ONGOING', 'TARGET 1', 'TARGET 2', 'STOP', 'EXPIRED'] as const;
export type CompletedStatus = (typeof COMPLETED_STATUSES)[number];

export const TRIGGER_KINDS = ['BUY_RANGE', 'TARGET_1', 'TARGET_2', 'STOP', 'EXPIRED'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

export interface EmbedFieldDto {
  id: number;
  label: string;
  value: string;
}

/** An alert as the API returns it (1-core §3 "Alert"). Prices are numbers; OTC prices are not rounded. */
export interface AlertDto {
  id: number;
  ticker: string;
  company_name: string;
  rating: number;
  category: AlertCategory;
  alert_type: string;
  alert_type_id: number;
  latest_price: number | null;
  alert_price: number;
  buy_range_low: number;
  buy_range_high: number;
  buy_range_one: number;
  buy_range_two: number;
  target_range_low: number;
  target_range_high: number;
  target_range_one: number;
  target_range_two: number;
  stop_loss: number;
  /** e.g. '1 : 2.50' (risk : reward). */
  risk_vs_reward: string;
  risk_percent: number;
  reward_percent: number;
  embeds: { fields: EmbedFieldDto[] }[];
  modal: { label: string; value: string }[];
  notes: string;
  created: string;
  date_queried: string;
  dione_type: null;
  tracked: boolean;
  completed: boolean;
  half_completed: boolean;
  completed_status: CompletedStatus;
  exit_price: number | null;
  half_exit_price: number | null;
  p_l_dollar: number | null;
  p_l_percent: number | null;
  last_trigger_date: string | null;
  strategy: string | null;
  legOneExpiration: string | null;
  legOneStrike: number | null;
  legOneType: string | null;
  legTwoStrike: number | null;
  legTwoType: string | null;
  singleExpiration: string | null;
  singleStrike: number | null;
}

/** 1-core §3 "Alert trigger". */
export interface TriggerDto {
  id: number;
  alert_id: number;
  ticker: string;
  kind: TriggerKind;
  last_price: number;
  buy_range_low: number;
  buy_range_high: number;
  target_range_low: number;
  target_range_high: number;
  stop_loss: number;
  alert_price: number | null;
  trigger_note: string;
  created: string;
  has_alert: boolean;
  rating: number;
  /** Name of the alert's type. */
  alert_type: string;
  /** 1-core §4 keyword classification of trigger_note (the card's colour and icon). */
  note_class: TriggerNoteClass | null;
}

/** 1-core §3 "Tracker (alert)". */
export interface TrackerDto {
  id: number;
  alert_id: number;
  alert_date: string;
  ticker: string;
  updated_date: string;
  trigger_note: string;
  last_price: number | null;
  target_range_low: number;
  target_range_high: number;
  /** 0..100 towards the top target. */
  progress: number;
  has_alert: boolean;
  alert_type: string;
  category: AlertCategory;
  alert_price: number;
  stop_loss: number;
  completed_status: CompletedStatus;
}

export interface NotificationDto {
  id: number;
  title: string;
  content: string;
  timestamp: string;
  seen: boolean;
  kind: string;
}

/** Texts of 1-core §5 and §8 for the alert screens. */
export const ALERT_MSG = {
  noPermissionAlerts: (type: string) => `You do not have permission to view ${type} alerts`,
  noPermissionTriggers: (type: string) => `You do not have permission to view ${type} triggers`,
  fetchAlertsFailed: 'Failed to fetch alerts',
  fetchTriggersFailed: 'Failed to fetch triggers',
  endOfAlerts: 'You reached the conclusion of the currently available alerts.',
  noMoreResults: 'No more results',
  deleteFailed: 'Error on deleting alerts!',
  deleted: 'The alerts selected have been deleted successfully!',
  invalidParameters: 'Invalid parameters',
  noResults: 'No results.',
  cannotSortMinRisk: 'Alert category cannot be sorted by minimum risk.',
  cannotSortMinReward: 'Alert category cannot be sorted by minimum reward.',
  cannotSortCompleted: 'Cannot sort alert category',
  plAlertFailed: 'There was an error fetching the alert associated with this PL. Try again later.',
  alertCompleted: 'ALERT COMPLETED',
} as const;
