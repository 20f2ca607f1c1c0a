import type {
  EmailChangeReply,
  ProfileChangeReply,
  AlertTypeStatus,
  DetailReply,
  ExemptAlertsBody,
  ExemptAlertsReply,
  MessageReply,
  NotFirstLoginReply,
  OtpSettingReply,
  PasswordChangeBody,
  PictureReply,
  Profile,
  ProfileChangeBody,
  ReceiveAlertsReply,
  ReceiveEmailsReply,
  ReceiveSmsReply,
  ReceiveTrackersReply,
  Theme,
  ThemeReply,
} from '@drat/contracts';
import { api } from './client';

/**
 * Profile, settings and preference calls (1-core §7 "Authentication and profile", PROFILE_API in
 * packages/contracts).
 * One typed function per endpoint; the screens reach them through TanStack Query hooks.
 */

/** Body of POST /profile/profile_change/. */
export type ProfileChange = ProfileChangeBody;

/** The four no-body switches: each call flips the setting and answers its new value. */
export const NOTIFICATION_SETTINGS = {
  emails: 'receive_emails',
  sms: 'receive_sms',
  trackers: 'get_trackers_notification',
  alerts: 'get_alerts_notification',
} as const satisfies Record<string, keyof Profile>;
export type NotificationSetting = keyof typeof NOTIFICATION_SETTINGS;
export type NotificationField = (typeof NOTIFICATION_SETTINGS)[NotificationSetting];

/** The answer of each switch (the message and the new value of its field), by switch. */
interface NotificationToggleReplies {
  emails: ReceiveEmailsReply;
  sms: ReceiveSmsReply;
  trackers: ReceiveTrackersReply;
  alerts: ReceiveAlertsReply;
}
/** What the four answers have in common: the message, and the value of the one field they name. */
export type NotificationToggleReply = MessageReply & Partial<Record<NotificationField, boolean>>;

/** One item of the body of POST /alerts/exempt-alerts/. */
export type ExemptAlertItem = ExemptAlertsBody[number];

/** Body of POST /rest-auth/password/change/. */
export type PasswordChange = PasswordChangeBody;

export const fetchProfile = () => api.get<Profile>('/profile/userProfile');

export const changeProfile = (change: ProfileChange) =>
  api.post<ProfileChangeReply>('/profile/profile_change/', change);

/** Follows the link sent to a new sign-in e-mail (no session needed). */
export const confirmEmailChange = (token: string) => api.post<EmailChangeReply>('/profile/confirm-email/', { token });

/** Multipart field `new_image`; the server checks the type by content and the size limit. */
export function uploadProfilePicture(file: File) {
  const form = new FormData();
  form.append('new_image', file);
  return api.upload<PictureReply>('/profile/profile_image_change/', form);
}

export const setTheme = (theme: Theme) => api.post<ThemeReply>('/profile/set-theme/', { theme });

const toggle =
  <W extends NotificationSetting>(which: W) =>
  () =>
    api.post<NotificationToggleReplies[W]>(`/profile/handle-receive-${which}/`);
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

export const exemptAlerts = (list: ExemptAlertItem[]) => api.post<ExemptAlertsReply>('/alerts/exempt-alerts/', list);

export const changePassword = (body: PasswordChange) => api.post<DetailReply>('/rest-auth/password/change/', body);

export const setOtp = (enable: boolean) => api.post<OtpSettingReply>('/profile/otp/', { enable_otp: enable });

export const markNotFirstLogin = () => api.post<NotFirstLoginReply>('/profile/not-first-login/');
