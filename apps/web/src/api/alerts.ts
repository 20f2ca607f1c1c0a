import type {
  AddAlertTrackerBody,
  AdminCompletedAlertsResponse,
  AlertCategory,
  AlertPublishersResponse,
  AlertReply,
  AlertSearchBody,
  AlertSearchResponse,
  AlertsPage,
  AlertsQuery,
  AlertTickersResponse,
  AlertTrackerReply,
  AlertTrackersResponse,
  AllAlertsResponse,
  CompletedAlertsResponse,
  CompletedSort,
  CreateAlertBody,
  CreatedPublisherDto,
  DeleteAlertsResponse,
  DioneTrackerListResponse,
  MessageReply,
  PublishAlertResponse,
  ResetAlertTrackersResponse,
  TriggerSearchResponse,
  TriggersPage,
  TriggersQuery,
  TriggerTickersResponse,
} from '@drat/contracts';
import { api } from './client';

/**
 * Alerts, triggers and trackers (1-core §7 "Alerts, triggers, trackers"): one function per endpoint,
 * answer and request types from packages/contracts (ALERTS_API, ALERT_PUBLISHING_API).
 */

/**
 * The super user's 'New alert' form (POST /alerts/create/, validated by the contracts' createAlertBody).
 * Options: BUY CALL and BUY PUT take the single strike and expiration; STRANGLE and STRADDLE take
 * leg one (the call) and leg two (the put) strikes on leg_one_expiration. The contracts type is the
 * parsed body, where notes and embeds have their defaults; the form may leave them out.
 */
export type NewAlertBody = Omit<CreateAlertBody, 'notes' | 'embeds'> &
  Partial<Pick<CreateAlertBody, 'notes' | 'embeds'>>;

export const fetchAlerts = (q: AlertsQuery) => api.get<AlertsPage>('/alerts', { ...q });

export const fetchAlertTickers = (category: AlertCategory) =>
  api.get<AlertTickersResponse>('/alerts/tickers', { category });

export const trackAlert = (body: AddAlertTrackerBody) =>
  api.post<AlertTrackerReply>('/alerts/add-alert-tracker/', body);

/** Date range (YYYY-MM-DD, inclusive) and tickers: each is sent only when its toggle is on (1-core §5). */
export const searchAlerts = (body: AlertSearchBody) => api.post<AlertSearchResponse>('/alerts/search/', body);

export const deleteAlerts = (ids: readonly number[]) =>
  api.delete<DeleteAlertsResponse>('/alerts/batch-delete', { type: 'soft', alert_ids: ids.join(',') });

export const createAlert = (body: NewAlertBody) => api.post<PublishAlertResponse>('/alerts/create/', body);

/** The analysts' tools' API keys (super users): list, create (the key is shown once), revoke. */
export const fetchPublishers = () => api.get<AlertPublishersResponse>('/alerts/publishers');
export const createPublisher = (name: string) => api.post<CreatedPublisherDto>('/alerts/publishers', { name });
export const revokePublisher = (id: number) => api.delete<MessageReply>(`/alerts/publishers/${id}`);

export const fetchCompletedAlerts = (name: string, sort?: CompletedSort) =>
  api.get<CompletedAlertsResponse>('/alerts/completed-alerts', { name, sort });

export const fetchAdminCompletedAlerts = (name: string, sort?: CompletedSort) =>
  api.get<AdminCompletedAlertsResponse>('/alerts/admin-completed-alerts', { name, sort });

export const fetchAllAlerts = (name: string) => api.get<AllAlertsResponse>('/alerts/all-alerts', { name });

export const fetchTriggers = (q: TriggersQuery) => api.get<TriggersPage>('/alerts/triggers', { ...q });

export const fetchTriggerTickers = (category: AlertCategory) =>
  api.get<TriggerTickersResponse>('/alerts/tickers/triggers', { category });

export const searchTriggers = (body: AlertSearchBody) =>
  api.post<TriggerSearchResponse>('/alerts/search/triggers/', body);

export const fetchTrackerAlert = (id: number) => api.get<AlertReply>('/alerts/tracker-alert', { id });

export const fetchTrackers = () => api.get<AlertTrackersResponse>('/alerts/trackers');

export const removeTracker = (id: number) => api.post<MessageReply>('/alerts/remove-tracker/', { id });

export const resetTrackers = () => api.post<ResetAlertTrackersResponse>('/alerts/reset-trackers/');

export const fetchDioneTrackers = () => api.get<DioneTrackerListResponse>('/alerts/dione-tracker-list');

export const removeDioneTracker = (id: number) => api.post<MessageReply>('/alerts/remove-dione-ticker/', { id });

export const resetDioneTrackers = () => api.post<MessageReply>('/alerts/reset-dione-trackers/');
