import { useMutation } from '@tanstack/react-query';
import type { MessageReply, OtpVerifyReply, ResetTokenReply, SetNewPasswordBody } from '@drat/contracts';
import { confirmResetToken, requestPasswordReset, resendOtp, setNewPassword, verifyOtp } from '../../api/auth';
import { confirmEmailChange } from '../../api/profile';
import { getSession, updateSession } from '../../app/session';
import type { MutationHandlers } from '../../lib/mutationHandlers';

/** The OTP step's, the reset screens' and the confirm-email link's writes (their reads: queries.ts). */

/** The link sent to a new sign-in e-mail; a signed-in browser's session takes the new e-mail. */
export const useConfirmEmailChange = (token: string) =>
  useMutation({
    mutationFn: () => confirmEmailChange(token),
    onSuccess: (reply) => {
      if (getSession()) updateSession({ email: reply.email });
    },
  });

/** Verifies the login OTP sent to `email`. */
export const useVerifyOtp = (email: string | null, handlers: MutationHandlers<OtpVerifyReply, string>) =>
  useMutation({ mutationFn: (code: string) => verifyOtp(email ?? '', code), ...handlers });

/** Sends the login OTP to `email` again (once per challenge). */
export const useResendOtp = (email: string | null, handlers: MutationHandlers<MessageReply>) =>
  useMutation({ mutationFn: () => resendOtp(email ?? ''), ...handlers });

/** Mails a reset token and link to the e-mail given. */
export const useRequestPasswordReset = (handlers: MutationHandlers<MessageReply, string>) =>
  useMutation({ mutationFn: (value: string) => requestPasswordReset(value), ...handlers });

/** Step 1 of the reset: the e-mailed token, with the link's activation code. */
export const useConfirmResetToken = (activation: string, handlers: MutationHandlers<ResetTokenReply, string>) =>
  useMutation({ mutationFn: (code: string) => confirmResetToken(code, activation), ...handlers });

/** Step 2 of the reset: the new password, with the key step 1 answered. */
export const useSetNewPassword = (
  resetkey: string,
  handlers: MutationHandlers<MessageReply, Omit<SetNewPasswordBody, 'resetkey'>>,
) =>
  useMutation({
    mutationFn: (values: Omit<SetNewPasswordBody, 'resetkey'>) => setNewPassword({ ...values, resetkey }),
    ...handlers,
  });
