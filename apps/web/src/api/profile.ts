import type { z } from 'zod';
import type {
  AlertTypeStatus,
  exemptAlertsBody,
  passwordChangeBody,
  Profile,
  profileChangeBody,
  Theme,
} from '@drat/contracts';
import { api, type MessageReply } from './client';

/**
 * Profile, settings and preference calls (1-core §7 "Authentication and profile").
 * One typed function per endpoint; the screens reach them through TanStack Query hooks.
 */

/** Body of POST /profile/profile_change/. */
export type ProfileChange = z.infer<typeof profileChangeBody>;

/** The four no-body switches: each call flips the setting and answers its new value. */
export const NOTIFICATION_SETTINGS = {
  emails: 'receive_emails',
  sms: 'receive_sms',
  trackers: 'get_trackers_notification',
  alerts: 'get_alerts_notification',
} as const satisfies Record<string, keyof Profile>;
export type NotificationSetting = keyof typeof NOTIFICATION_SETTINGS;
export type NotificationField = (typeof NOTIFICATION_SETTINGS)[NotificationSetting];

export type NotificationToggleReply = MessageReply & Partial<Record<NotificationField, boolean>>;

/** One item of the body of POST /alerts/exempt-alerts/. */
export type ExemptAlertItem = z.infer<typeof exemptAlertsBody>[number];

/** Body of POST /rest-auth/password/change/. */
export type PasswordChange = z.infer<typeof passwordChangeBody>;

export const fetchProfile = () => api.get<Profile>('/profile/userProfile');

export const changeProfile = (change: ProfileChange) => api.post<MessageReply>('/profile/profile_change/', change);

/** Multipart field `new_image`; the server checks the type by content and the size limit. */
export function uploadProfilePicture(file: File) {
  const form = new FormData();
  form.append('new_image', file);
  return api.upload<MessageReply & { new_image_url: string }>('/profile/profile_image_change/', form);
}

export const setTheme = (theme: Theme) => api.post<MessageReply & { theme: Theme }>('/profile/set-theme/', { theme });

const toggle = (which: NotificationSetting) => () =>
  api.post<NotificationToggleReply>(`/profile/handle-receive-${which}/`);
export const toggleReceiveEmails = toggle('emails');
export const toggleReceiveSms = toggle('sms');
export const toggleReceiveTrackers = toggle('trackers');
export const toggleReceiveAlerts = toggle('alerts');

export const NOTIFICATION_TOGGLES: Record<NotificationSetting, () => Promise<NotificationToggleReply>> = {
  emails: toggleReceiveEmails,
  sms: toggleReceiveSms,
  trackers: toggleReceiveTrackers,
  alerts: toggleReceiveAlerts,
};

export const fetchAlertTypeStatus = () => api.get<AlertTypeStatus[]>('/alerts/alert-type-status');

export const exemptAlerts = (list: ExemptAlertItem[]) =>
  api.post<MessageReply & { data: AlertTypeStatus[] }>('/alerts/exempt-alerts/', list);

export const changePassword = (body: PasswordChange) =>
  api.post<{ detail: string }>('/rest-auth/password/change/', body);

export const setOtp = (enable: boolean) =>
  api.post<MessageReply & { otp_enabled: boolean }>('/profile/otp/', { enable_otp: enable });

export const markNotFirstLogin = () => api.post<{ first_login: false }>('/profile/not-first-login/');
