import { z } from 'zod';
import { MSG } from './messages';
import {
  OTP_LENGTH,
  PASSWORD_CONFIRMATION_REQUIRED,
  PASSWORD_MIN_LENGTH,
  THEMES,
  CONFIRM_PASSWORD_REASONS,
  type ConfirmPasswordReason,
} from './constants';
import { messageSchema, operation } from './operation';
import { profileSchema, sessionDataSchema } from './session';

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const emailField = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { error: MSG.emailRequired })
  .max(254)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((e) => e.toLowerCase());

/**
 * The web app sends the e-mail as `username` (1-core §7); `email` is accepted too. The e-mail is
 * checked even when the password is missing, so a failed sign-in lists every field's message (1-core §8).
 */
export const loginBody = z
  .object({
    username: z.string().optional(),
    email: z.string().optional(),
    password: requiredText(MSG.passwordRequired),
  })
  .check(
    z.superRefine(
      (body: { username?: string | undefined; email?: string | undefined }, ctx) => {
        const parsed = emailField.safeParse(body.username ?? body.email ?? '');
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['username'],
            message: parsed.error.issues[0]?.message ?? MSG.emailRequired,
          });
        }
      },
      {
        when: ({ value, issues }) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          !issues.some((i) => i.path?.[0] === 'username' || i.path?.[0] === 'email'),
      },
    ),
  )
  .transform(({ username, email, password }) => ({ email: emailField.parse(username ?? email), password }));

export const otpVerifyBody = z.object({
  email: emailField,
  otp: z
    .string({ error: MSG.otpRequired })
    .trim()
    .min(1, { error: MSG.otpRequired })
    .max(OTP_LENGTH * 2),
});

export const otpResendBody = z.object({ email: emailField });

export const enableOtpBody = z.object({ enable_otp: z.boolean() });

/** New password rule: at least 8 characters and one digit (3-bots §9, 1-core §5). */
export const newPassword = z
  .string({ error: MSG.fieldRequired })
  .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort })
  .max(128)
  .regex(/\d/, { error: MSG.passwordNeedsDigit });

export const passwordChangeBody = z
  .object({ new_password1: newPassword, new_password2: z.string({ error: MSG.fieldRequired }) })
  .refine((b) => b.new_password1 === b.new_password2, {
    path: ['new_password2'],
    error: MSG.passwordsDoNotMatch,
  });

export const passwordResetBody = z.object({ email: emailField });
export const resetCodeBody = z.object({ code: requiredText(MSG.fieldRequired).pipe(z.string().max(200)) });
/**
 * The e-mailed token with the activation code of the link it came with: the steps go in order (the
 * link, then the token), so a token alone is refused.
 */
export const resetTokenConfirmBody = resetCodeBody.extend({
  activation: requiredText(MSG.resetLinkInvalid).pipe(z.string().max(200, { error: MSG.resetLinkInvalid })),
});
export const setNewPasswordBody = z
  .object({ p1: newPassword, p2: z.string({ error: MSG.fieldRequired }), resetkey: requiredText(MSG.resetLinkInvalid) })
  .refine((b) => b.p1 === b.p2, { path: ['p2'], error: MSG.passwordsDoNotMatch });

/** The password typed again, for one of CONFIRM_PASSWORD_REASONS (constants.ts). */
export const confirmPasswordBody = z.object({
  password: requiredText(MSG.passwordRequired),
  reason: z.enum(CONFIRM_PASSWORD_REASONS),
});

export const profileChangeBody = z
  .object({
    email: emailField.optional(),
    phone_number: z
      .string()
      .trim()
      .refine((p) => p === '' || /^\+[1-9]\d{7,14}$/.test(p), { error: MSG.phoneInvalid })
      .optional(),
  })
  .refine((b) => b.email !== undefined || b.phone_number !== undefined, {
    error: 'Provide an email or a phone number to change.',
  });

export const setThemeBody = z.object({ theme: z.enum(THEMES, { error: MSG.themeInvalid }) });

export const exemptAlertsBody = z
  .array(z.object({ id: z.number().int().positive(), name: z.string().optional(), exempted: z.boolean() }))
  .max(500);

export type LoginBody = z.input<typeof loginBody>;
export type PasswordChangeBody = z.input<typeof passwordChangeBody>;
export type SetNewPasswordBody = z.input<typeof setNewPasswordBody>;
export type ProfileChangeBody = z.input<typeof profileChangeBody>;
export type ExemptAlertsBody = z.input<typeof exemptAlertsBody>;

/** The `code` in POST /otp/verify/ answers (1-core §7): 200 verified, 204 a wrong code, 205 none waiting or expired. */
export const OTP_CODE = { verified: 200, wrong: 204, expired: 205 } as const;
export type OtpFailureCode = typeof OTP_CODE.wrong | typeof OTP_CODE.expired;

/** Besides its messages, the 403 of a user whose subscriptions all ended: the flag and where to renew. */
export interface ExpiredReply {
  expired: true;
  renewal_url?: string;
}

/** The 403 of a sensitive change whose password was not confirmed recently enough. */
export interface PasswordConfirmationRequired {
  detail: string;
  code: typeof PASSWORD_CONFIRMATION_REQUIRED;
  reason: ConfirmPasswordReason;
}

/** POST /profile/confirm-email/: the token of the link sent to the new address. */
export const confirmEmailChangeBody = z.object({
  token: requiredText(MSG.emailChangeLinkInvalid).pipe(z.string().max(200)),
});

/* ---- Answers ---------------------------------------------------------------------------------- */

/** POST /login: the session, or only the e-mail when a one-time code was sent to it first. */
export const loginReplySchema = z.union([
  z.object({ user_data: sessionDataSchema }),
  z.object({ email: z.string().meta({ description: 'The account to verify the e-mailed code for.' }) }),
]);
export type LoginReply = z.infer<typeof loginReplySchema>;

/** POST /otp/verify/ */
export const otpVerifyReplySchema = z.object({ code: z.literal(200), user_data: sessionDataSchema });
export type OtpVerifyReply = z.infer<typeof otpVerifyReplySchema>;

/** `{ detail }`: the answer of sign-out and of a password change. */
export const detailReplySchema = z.object({ detail: z.string() });
export type DetailReply = z.infer<typeof detailReplySchema>;

/** POST /password-reset-token-activate/: whether the e-mailed link is still good. */
export const resetLinkReplySchema = z.object({ valid: z.boolean() });
export type ResetLinkReply = z.infer<typeof resetLinkReplySchema>;

/** POST /password-reset-token-confirm/: the key that sets the new password (once). */
export const resetTokenReplySchema = z.object({ valid: z.literal(true), resetkey: z.string() });
export type ResetTokenReply = z.infer<typeof resetTokenReplySchema>;

/** POST /confirm-password/: the password was right; `reason` is the one asked with. */
export const confirmPasswordReplySchema = messageSchema.extend({ reason: z.enum(CONFIRM_PASSWORD_REASONS) });
export type ConfirmPasswordReply = z.infer<typeof confirmPasswordReplySchema>;

/** POST /profile/profile_image_change/ */
export const pictureReplySchema = messageSchema.extend({ new_image_url: z.string() });
export type PictureReply = z.infer<typeof pictureReplySchema>;

/** POST /profile/set-theme/ */
export const themeReplySchema = messageSchema.extend({ theme: z.enum(THEMES) });
export type ThemeReply = z.infer<typeof themeReplySchema>;

/** POST /profile/otp/ */
export const otpSettingReplySchema = messageSchema.extend({ otp_enabled: z.boolean() });
export type OtpSettingReply = z.infer<typeof otpSettingReplySchema>;

/** POST /profile/not-first-login/ */
export const notFirstLoginReplySchema = z.object({ first_login: z.literal(false) });
export type NotFirstLoginReply = z.infer<typeof notFirstLoginReplySchema>;

/** POST /profile/handle-receive-<switch>/: the message and the switch's new value. */
export const receiveEmailsReplySchema = messageSchema.extend({ receive_emails: z.boolean() });
export type ReceiveEmailsReply = z.infer<typeof receiveEmailsReplySchema>;
export const receiveSmsReplySchema = messageSchema.extend({ receive_sms: z.boolean() });
export type ReceiveSmsReply = z.infer<typeof receiveSmsReplySchema>;
export const receiveAlertsReplySchema = messageSchema.extend({ get_alerts_notification: z.boolean() });
export type ReceiveAlertsReply = z.infer<typeof receiveAlertsReplySchema>;
export const receiveTrackersReplySchema = messageSchema.extend({ get_trackers_notification: z.boolean() });
export type ReceiveTrackersReply = z.infer<typeof receiveTrackersReplySchema>;

/* ---- Operations ------------------------------------------------------------------------------- */

/**
 * Sign-in, one-time codes, password reset and password change (1-core §7). Sign-in, the codes
 * and the reset are public; each counts attempts (429 past the limit).
 */
export const AUTH_API = {
  login: operation({
    method: 'POST',
    path: '/login',
    operationId: 'signIn',
    summary: 'Sign in with e-mail and password; answers the session or asks for the e-mailed code',
    tag: 'auth',
    body: loginBody,
    response: loginReplySchema,
    errors: [400, 403, 429],
    public: true,
  }),
  logout: operation({
    method: 'POST',
    path: '/logout/',
    operationId: 'signOut',
    summary: 'Sign out: end this session',
    tag: 'auth',
    response: detailReplySchema,
    errors: [401],
  }),
  verifyOtp: operation({
    method: 'POST',
    path: '/otp/verify/',
    operationId: 'verifyLoginOtp',
    summary: 'Finish signing in with the e-mailed one-time code',
    tag: 'auth',
    body: otpVerifyBody,
    response: otpVerifyReplySchema,
    errors: [400, 403, 429],
    public: true,
  }),
  resendOtp: operation({
    method: 'POST',
    path: '/otp/resend/',
    operationId: 'resendLoginOtp',
    summary: 'E-mail a new one-time code for the waiting sign-in (once)',
    tag: 'auth',
    body: otpResendBody,
    response: messageSchema,
    errors: [400, 429],
    public: true,
  }),
  requestReset: operation({
    method: 'POST',
    path: '/password-reset/',
    operationId: 'requestPasswordReset',
    summary: 'E-mail a password reset token and link',
    tag: 'auth',
    body: passwordResetBody,
    response: messageSchema,
    errors: [400, 429],
    public: true,
  }),
  activateReset: operation({
    method: 'POST',
    path: '/password-reset-token-activate/',
    operationId: 'checkPasswordResetLink',
    summary: 'Check that a password reset link is still valid',
    tag: 'auth',
    body: resetCodeBody,
    response: resetLinkReplySchema,
    errors: [400, 429],
    public: true,
  }),
  confirmResetToken: operation({
    method: 'POST',
    path: '/password-reset-token-confirm/',
    operationId: 'confirmPasswordResetToken',
    summary: 'Trade the e-mailed reset token for the key that sets the new password',
    tag: 'auth',
    body: resetTokenConfirmBody,
    response: resetTokenReplySchema,
    errors: [400, 429],
    public: true,
  }),
  setNewPassword: operation({
    method: 'POST',
    path: '/set-new-password/',
    operationId: 'setNewPassword',
    summary: 'Set a new password with the reset key; ends every session of the account',
    tag: 'auth',
    body: setNewPasswordBody,
    response: messageSchema,
    errors: [400],
    public: true,
  }),
  changePassword: operation({
    method: 'POST',
    path: '/rest-auth/password/change/',
    operationId: 'changePassword',
    summary: "Change one's password; ends the account's other sessions",
    tag: 'auth',
    body: passwordChangeBody,
    response: detailReplySchema,
    errors: [400, 401, 403],
  }),
  confirmPassword: operation({
    method: 'POST',
    path: '/confirm-password/',
    operationId: 'confirmPassword',
    summary: "Check the signed-in user's password before a sensitive step",
    tag: 'auth',
    body: confirmPasswordBody,
    response: confirmPasswordReplySchema,
    errors: [400, 401, 429],
  }),
} as const;

/** Profile, settings and preferences (1-core §7 "Authentication and profile"). Signed-in only. */
/** POST /profile/profile_change/: a new e-mail waits for its link (`email_pending`); a phone number changes at once. */
export const profileChangeReplySchema = messageSchema.extend({ email_pending: z.string().optional() });
export type ProfileChangeReply = z.infer<typeof profileChangeReplySchema>;
/** POST /profile/confirm-email/ */
export const emailChangeReplySchema = messageSchema.extend({ email: z.string() });
export type EmailChangeReply = z.infer<typeof emailChangeReplySchema>;

export const PROFILE_API = {
  profile: operation({
    method: 'GET',
    path: '/profile/userProfile',
    operationId: 'getProfile',
    summary: "The signed-in user's profile, settings and running plans",
    tag: 'profile',
    response: profileSchema,
    errors: [401],
  }),
  changeProfile: operation({
    method: 'POST',
    path: '/profile/profile_change/',
    operationId: 'changeProfile',
    summary: "Change one's e-mail or phone number",
    tag: 'profile',
    body: profileChangeBody,
    response: profileChangeReplySchema,
    errors: [400, 401, 403],
  }),
  confirmEmailChange: operation({
    method: 'POST',
    path: '/profile/confirm-email/',
    operationId: 'confirmEmailChange',
    summary: 'Make a new e-mail address the sign-in e-mail, with the link sent to it',
    tag: 'profile',
    body: confirmEmailChangeBody,
    response: emailChangeReplySchema,
    errors: [400],
    public: true,
  }),
  setTheme: operation({
    method: 'POST',
    path: '/profile/set-theme/',
    operationId: 'setTheme',
    summary: 'Save the light or dark theme',
    tag: 'profile',
    body: setThemeBody,
    response: themeReplySchema,
    errors: [400, 401],
  }),
  setOtp: operation({
    method: 'POST',
    path: '/profile/otp/',
    operationId: 'setLoginOtp',
    summary: 'Turn the e-mailed one-time code at sign-in on or off',
    tag: 'profile',
    body: enableOtpBody,
    response: otpSettingReplySchema,
    errors: [400, 401, 403],
  }),
  notFirstLogin: operation({
    method: 'POST',
    path: '/profile/not-first-login/',
    operationId: 'markFirstLoginDone',
    summary: 'Record that the first-login tour is done',
    tag: 'profile',
    response: notFirstLoginReplySchema,
    errors: [401],
  }),
  toggleReceiveEmails: operation({
    method: 'POST',
    path: '/profile/handle-receive-emails/',
    operationId: 'toggleReceiveEmails',
    summary: 'Turn e-mail notifications on or off (flips the setting)',
    tag: 'profile',
    response: receiveEmailsReplySchema,
    errors: [401],
  }),
  toggleReceiveSms: operation({
    method: 'POST',
    path: '/profile/handle-receive-sms/',
    operationId: 'toggleReceiveSms',
    summary: 'Turn SMS notifications on or off (flips the setting)',
    tag: 'profile',
    response: receiveSmsReplySchema,
    errors: [401],
  }),
  toggleReceiveAlerts: operation({
    method: 'POST',
    path: '/profile/handle-receive-alerts/',
    operationId: 'toggleReceiveAlerts',
    summary: 'Turn notifications of new trade alerts on or off (flips the setting)',
    tag: 'profile',
    response: receiveAlertsReplySchema,
    errors: [401],
  }),
  toggleReceiveTrackers: operation({
    method: 'POST',
    path: '/profile/handle-receive-trackers/',
    operationId: 'toggleReceiveTrackers',
    summary: "Turn notifications of one's tracked tickers on or off (flips the setting)",
    tag: 'profile',
    response: receiveTrackersReplySchema,
    errors: [401],
  }),
  changePicture: operation({
    method: 'POST',
    path: '/profile/profile_image_change/',
    operationId: 'changeProfilePicture',
    summary: 'Upload a new profile picture (multipart field new_image)',
    tag: 'profile',
    consumes: ['multipart/form-data'],
    response: pictureReplySchema,
    errors: [400, 401, 413, 415, 503],
  }),
} as const;
