import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import { MSG, type AlertTypeStatus, type Profile, type Theme } from '@drat/contracts';
import {
  changePassword,
  changeProfile,
  exemptAlerts,
  fetchAlertTypeStatus,
  fetchProfile,
  markNotFirstLogin,
  NOTIFICATION_SETTINGS,
  NOTIFICATION_TOGGLES,
  setOtp,
  uploadProfilePicture,
  type ExemptAlertItem,
  type NotificationSetting,
  type PasswordChange,
  type ProfileChange,
} from '../../api/profile';
import { getSession, updateSession } from '../../app/session';
import { saveTheme } from '../../app/theme';

/** Query keys of the settings screen, one factory per area. */
export const profileKeys = {
  all: ['profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
};

export const alertTypeStatusKeys = {
  all: ['alert-type-status'] as const,
  list: () => [...alertTypeStatusKeys.all, 'list'] as const,
};

export function useProfile() {
  return useQuery({ queryKey: profileKeys.detail(), queryFn: fetchProfile });
}

export function useAlertTypeStatus(enabled: boolean) {
  return useQuery({ queryKey: alertTypeStatusKeys.list(), queryFn: fetchAlertTypeStatus, enabled, staleTime: 0 });
}

// Toasts are called in statement bodies on purpose: antd's message returns a thenable that settles
// when the toast closes, and a mutation callback that returns it would keep the mutation pending.

/** Writes a few fields into the cached profile so the screen shows the server's answer at once. */
function usePatchProfile() {
  const queryClient = useQueryClient();
  return (patch: Partial<Profile>) =>
    queryClient.setQueryData<Profile>(profileKeys.detail(), (old) => (old ? { ...old, ...patch } : old));
}

/** Email and phone change. Field errors are the caller's to show next to the fields. */
export function useChangeProfile() {
  const queryClient = useQueryClient();
  const patchProfile = usePatchProfile();
  const { message } = useApp();
  return useMutation({
    mutationFn: changeProfile,
    onSuccess: (reply, change: ProfileChange) => {
      // A new e-mail waits for the link sent to it: only the phone number changed yet.
      if (reply.email_pending) {
        if (change.phone_number !== undefined) patchProfile({ phone_number: change.phone_number });
        message.info(reply.message, 8);
        return;
      }
      patchProfile(change);
      if (change.email !== undefined && change.email !== getSession()?.email) updateSession({ email: change.email });
      message.success(MSG.profileChanged);
    },
    onError: () => {
      message.error(MSG.profileChangeFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** Picture upload; the new URL also goes into the session so the top bar avatar changes. */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  const patchProfile = usePatchProfile();
  const { message } = useApp();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: ({ new_image_url }) => {
      patchProfile({ profile_pic: new_image_url });
      updateSession({ image: new_image_url });
      message.success(MSG.pictureUploaded);
    },
    onError: () => {
      message.error(MSG.pictureUploadFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** One of the four notification switches: flips on the server, then shows the server's value. */
export function useToggleNotification() {
  const queryClient = useQueryClient();
  const patchProfile = usePatchProfile();
  const { message } = useApp();
  return useMutation({
    mutationFn: (which: NotificationSetting) => NOTIFICATION_TOGGLES[which](),
    onSuccess: (reply, which) => {
      const field = NOTIFICATION_SETTINGS[which];
      const value = reply[field];
      if (typeof value === 'boolean') patchProfile({ [field]: value });
    },
    onError: () => {
      message.error(MSG.somethingWentWrong);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** Saves the per-alert-type preference (switch on = notified = not exempted). */
export function useExemptAlerts() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: (list: ExemptAlertItem[]) => exemptAlerts(list),
    onSuccess: (reply) => {
      if (Array.isArray(reply?.data))
        queryClient.setQueryData<AlertTypeStatus[]>(alertTypeStatusKeys.list(), reply.data);
      message.success(MSG.alertNotificationChanged);
    },
    onError: () => {
      message.error(MSG.somethingWentWrong);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertTypeStatusKeys.all }),
  });
}

/** Password change; on a first login it also marks first login done (1-core §4 "First login"). */
export function useChangePassword() {
  const { message } = useApp();
  return useMutation({
    mutationFn: (body: PasswordChange) => changePassword(body),
    onSuccess: async () => {
      message.success(MSG.passwordChanged);
      if (getSession()?.first_login) {
        // The answer of not-first-login is ignored by the spec; the local flag changes either way.
        await markNotFirstLogin().catch(() => undefined);
        updateSession({ first_login: false });
      }
    },
  });
}

export function useSetOtp() {
  const queryClient = useQueryClient();
  const patchProfile = usePatchProfile();
  const { message } = useApp();
  return useMutation({
    mutationFn: setOtp,
    onSuccess: (reply, enable) => {
      patchProfile({ otp_enabled: typeof reply?.otp_enabled === 'boolean' ? reply.otp_enabled : enable });
      message.success(reply?.message ?? (enable ? MSG.otpEnabled : MSG.otpDisabled));
    },
    onError: () => {
      message.error(MSG.otpChangeFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** Theme: applied at once and saved on the server; on failure the old theme comes back. */
export function useSaveTheme() {
  const queryClient = useQueryClient();
  const patchProfile = usePatchProfile();
  const { message } = useApp();
  return useMutation({
    mutationFn: (theme: Theme) => saveTheme(theme),
    onSuccess: (_reply, theme) => patchProfile({ theme }),
    onError: () => {
      message.error(MSG.themeSaveFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
