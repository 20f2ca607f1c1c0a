import type {
  AdminCompletedAlertsResponse,
  AlertCategory,
  AlertPublisherDto,
  AlertDto,
  AlertSort,
  AlertsPage,
  AllAlertsResponse,
  CompletedAlertsResponse,
  CompletedSort,
  CreatedPublisherDto,
  PublishAlertResponse,
  TrackerDto,
  TriggerDto,
  TriggerSort,
  TriggersPage,
} from '@drat/contracts';
import { api } from './client';

/** Alerts, triggers and trackers (1-core §7 "Alerts, triggers, trackers"): one function per endpoint. */

export interface PageQuery<S extends string> {
  /** The alert type's name. */
  name: string;
  limit: number;
  offset: number;
  sort?: S;
}

/** Date range (YYYY-MM-DD, inclusive) and tickers: each is sent only when its toggle is on (1-core §5). */
export interface SearchBody {
  category: AlertCategory;
  daterange?: [string, string];
  tickers?: string[];
}

/** 1-core §3 "Dione tracker" (GET /alerts/dione-tracker-list, built with the tools). */
export interface DioneTrackerDto {
  id: number;
  ticker: string;
  alert_date: string;
  alert_price: number | null;
  target_range_one: number | null;
  target_range_two: number | null;
}

/**
 * The super user's 'New alert' form (POST /alerts/create/, validated by the contracts' createAlertBody).
 * Options: BUY CALL and BUY PUT take the single strike and expiration; STRANGLE and STRADDLE take
 * leg one (the call) and leg two (the put) strikes on leg_one_expiration.
 */
export interface NewAlertBody {
  alert_type: string;
  ticker: string;
  alert_price: number;
  buy_range_low: number;
  buy_range_high: number;
  target_range_low: number;
  target_range_high: number;
  stop_loss: number;
  rating: number;
  notes?: string;
  embeds?: { fields: { label: string; value: string }[] }[];
  strategy?: string;
  single_strike?: number;
  single_expiration?: string;
  leg_one_strike?: number;
  leg_two_strike?: number;
  leg_one_expiration?: string;
}

export const fetchAlerts = (q: PageQuery<AlertSort>) => api.get<AlertsPage>('/alerts', { ...q });

export const fetchAlertTickers = (category: AlertCategory) =>
  api.get<{ data: string[] }>('/alerts/tickers', { category });

export const trackAlert = (body: { alert_type: string; ticker: string; alert_id: number }) =>
  api.post<{ message?: string }>('/alerts/add-alert-tracker/', body);

export const searchAlerts = (body: SearchBody) => api.post<{ data: AlertDto[] }>('/alerts/search/', body);

export const deleteAlerts = (ids: readonly number[]) =>
  api.delete<{ message?: string }>('/alerts/batch-delete', { type: 'soft', alert_ids: ids.join(',') });

export const createAlert = (body: NewAlertBody) => api.post<PublishAlertResponse>('/alerts/create/', body);

/** The analysts' tools' API keys (super users): list, create (the key is shown once), revoke. */
export const fetchPublishers = () => api.get<{ data: AlertPublisherDto[] }>('/alerts/publishers');
export const createPublisher = (name: string) => api.post<CreatedPublisherDto>('/alerts/publishers', { name });
export const revokePublisher = (id: number) => api.delete<{ message: string }>(`/alerts/publishers/${id}`);

export const fetchCompletedAlerts = (name: string, sort?: CompletedSort) =>
  api.get<CompletedAlertsResponse>('/alerts/completed-alerts', { name, sort });

export const fetchAdminCompletedAlerts = (name: string, sort?: CompletedSort) =>
  api.get<AdminCompletedAlertsResponse>('/alerts/admin-completed-alerts', { name, sort });

export const fetchAllAlerts = (name: string) => api.get<AllAlertsResponse>('/alerts/all-alerts', { name });

export const fetchTriggers = (q: PageQuery<TriggerSort>) => api.get<TriggersPage>('/alerts/triggers', { ...q });

export const fetchTriggerTickers = (category: AlertCategory) =>
  api.get<{ tickers: string[] }>('/alerts/tickers/triggers', { category });

export const searchTriggers = (body: SearchBody) => api.post<{ data: TriggerDto[] }>('/alerts/search/triggers/', body);

export const fetchTrackerAlert = (id: number) => api.get<{ data: AlertDto }>('/alerts/tracker-alert', { id });

export const fetchTrackers = () => api.get<{ data: TrackerDto[] }>('/alerts/trackers');

export const removeTracker = (id: number) => api.post<{ message?: string }>('/alerts/remove-tracker/', { id });

export const resetTrackers = () => api.post<{ message?: string }>('/alerts/reset-trackers/');

export const fetchDioneTrackers = () =>
  api.get<{ data: DioneTrackerDto[]; hasTickers: boolean }>('/alerts/dione-tracker-list');

export const removeDioneTracker = (id: number) =>
  api.post<{ message?: string }>('/alerts/remove-dione-ticker/', { id });

export const resetDioneTrackers = () => api.post<{ message?: string }>('/alerts/reset-dione-trackers/');
