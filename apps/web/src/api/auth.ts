import type {
  ConfirmPasswordReason,
  ConfirmPasswordReply,
  DetailReply,
  LoginBody,
  LoginReply,
  MessageReply,
  OtpVerifyReply,
  ResetLinkReply,
  ResetTokenReply,
  SetNewPasswordBody,
} from '@drat/contracts';
import { api } from './client';

/**
 * Sign-in, OTP and password-reset calls (1-core §7 "Authentication and profile", AUTH_API in
 * packages/contracts). One typed function per endpoint; failures arrive as ApiError with the
 * server's body.
 */

export type { ExpiredReply, OtpFailureCode } from '@drat/contracts';

/** Body of POST /set-new-password/. */
export type NewPassword = SetNewPasswordBody;

/**
 * The web app sends the e-mail as `username`. The answer is the session data, or only the e-mail
 * when an OTP must be verified first.
 */
export const login = (email: string, password: string) =>
  api.post<LoginReply>('/login', { username: email, password } satisfies LoginBody);

export const logout = () => api.post<DetailReply>('/logout/');

export const verifyOtp = (email: string, otp: string) => api.post<OtpVerifyReply>('/otp/verify/', { email, otp });

/** One resend per sign-in challenge. */
export const resendOtp = (email: string) => api.post<MessageReply>('/otp/resend/', { email });

/** Mails a token and an activation link; the answer is the same whether the account exists. */
export const requestPasswordReset = (email: string) => api.post<MessageReply>('/password-reset/', { email });

/** Checks the activation code of the e-mailed link. */
export const activateResetLink = (code: string) =>
  api.post<ResetLinkReply>('/password-reset-token-activate/', { code });

/** Trades the e-mailed token (with the link's activation code) for the key that sets the password. */
export const confirmResetToken = (code: string, activation: string) =>
  api.post<ResetTokenReply>('/password-reset-token-confirm/', { code, activation });

export const setNewPassword = (body: NewPassword) => api.post<MessageReply>('/set-new-password/', body);

/** The demo mailbox (/dev/mailbox) exists only when the server seeds demo data. */
export async function demoMailboxAvailable(): Promise<boolean> {
  try {
    const response = await fetch('/api/dev/mailbox', { method: 'HEAD', headers: { accept: 'application/json' } });
    return response.ok && (response.headers.get('content-type') ?? '').includes('application/json');
  } catch {
    return false;
  }
}

/** Confirms the signed-in user's password before a sensitive change (2-trading §7). */
export const confirmPassword = (password: string, reason: ConfirmPasswordReason) =>
  api.post<ConfirmPasswordReply>('/confirm-password/', { password, reason });
