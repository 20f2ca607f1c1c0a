import { z } from 'zod';
import { MSG } from './messages';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH, THEMES } from './constants';

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
export const setNewPasswordBody = z
  .object({ p1: newPassword, p2: z.string({ error: MSG.fieldRequired }), resetkey: requiredText(MSG.resetLinkInvalid) })
  .refine((b) => b.p1 === b.p2, { path: ['p2'], error: MSG.passwordsDoNotMatch });

export const CONFIRM_PASSWORD_REASONS = ['DEAUTHORIZATION', 'AUTHORIZATION', 'LIVE_TRADING'] as const;
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
