/**
 * Administration of users (3-bots-admin-public §2.3, §2.6, §3 "User profile (admin)", §5, §7
 * "Users", §8) and the audit log of every admin action (DRAT's own: who, what, when, before and
 * after). Super users only.
 */
import { z } from 'zod';
import { bodyIdField, fromDecimalText, textIdField } from './amounts';
import { emailField } from './auth';
import { PASSWORD_MIN_LENGTH } from './constants';
import { MSG } from './messages';
import { operation } from './operation';

export const ADMIN_MSG = {
  fullNameRequired: 'Please input your full name!',
  emailRequired: 'Please input your email!',
  planRequired: 'Please select a plan!',
  userCreated: 'User created successfully!',
  userCreateFailed: 'Failed to create user',
  emailTaken: 'A user with this email already exists.',
  profileUpdated: 'Profile details successfully updated',
  profileUpdateFailed: 'Failed to update profile details',
  noFieldsToUpdate: 'No valid fields provided for update',
  resetEmailRequired: 'Please the user email address',
  resetPasswordRequired: 'Please provide the new password for user.',
  resetPasswordInput: 'Please input the new password!',
  passwordMinimum: 'Password must be a minimum of 8 characters',
  passwordResetDone: 'Password reset done and mail sent successfully',
  passwordResetFailed: 'Failed to send reset password',
  plansRequired: 'Please provide plans for the user.',
  plansUpdated: 'Plans updated successfully',
  userNotFound: 'No user has this id.',
  userEmailNotFound: 'No user has this email address.',
  unknownPlan: (id: number) => `Plan ${id} does not exist.`,
  creditsMinimum: 'Dione credits cannot be below 0.',
  activated: 'User activated successfully',
  deactivated: 'User deactivated successfully',
  notYourself: 'You cannot deactivate your own account.',
  /** Another super user's password, e-mail and activeness are not changed from Manage Users. */
  superUserPassword: "This is a super user's account: they change their password themselves, in their settings.",
  superUserEmail: "This is a super user's account: they change their e-mail themselves, in their settings.",
  staffEmail:
    "This is the user-data staff account's e-mail (USER_DATA_STAFF_EMAIL): no other account may take it here.",
  superUserActive: "This is a super user's account: it cannot be deactivated here.",
  liveGranted: 'Live trading granted',
  liveRevoked: 'Live trading revoked',
} as const;

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

/* ---- Requests ---------------------------------------------------------------------------------- */

/** POST /profile/create-new-user/ (§5 "Create user"). */
export const createUserBody = z.object({
  full_name: requiredText(ADMIN_MSG.fullNameRequired),
  email: z
    .string({ error: ADMIN_MSG.emailRequired })
    .trim()
    .min(1, { error: ADMIN_MSG.emailRequired })
    .pipe(emailField),
  plan: bodyIdField(ADMIN_MSG.planRequired),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

const phoneField = z
  .string()
  .trim()
  .refine((p) => p === '' || /^\+[1-9]\d{7,14}$/.test(p), { error: MSG.phoneInvalid });

/** PATCH /profile/all-profiles/{id}/ (§5 "Profile update"): at least one field. */
export const updateProfileBody = z
  .object({
    phone_number: phoneField.optional(),
    email: emailField.optional(),
    receive_emails: z.boolean().optional(),
    receive_sms: z.boolean().optional(),
    dione_credits: z
      .number({ error: ADMIN_MSG.creditsMinimum })
      .int({ error: ADMIN_MSG.creditsMinimum })
      .min(0, { error: ADMIN_MSG.creditsMinimum })
      .max(1_000_000)
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: ADMIN_MSG.noFieldsToUpdate });
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** POST /profile/profile-activeness-update/. */
export const activenessBody = z.object({ id: bodyIdField(ADMIN_MSG.userNotFound), is_active: z.boolean() });
/** POST /profile/profile-live-trading-update/. */
export const liveTradingBody = z.object({
  id: bodyIdField(ADMIN_MSG.userNotFound),
  is_live_trader: z.boolean(),
});

/** POST /management/password-reset/ (§5 "Admin password reset"). */
export const adminPasswordResetBody = z.object({
  user_email: z
    .string({ error: ADMIN_MSG.resetEmailRequired })
    .trim()
    .min(1, { error: ADMIN_MSG.resetEmailRequired })
    .pipe(emailField),
  password: z
    .string({ error: ADMIN_MSG.resetPasswordRequired })
    .min(1, { error: ADMIN_MSG.resetPasswordRequired })
    .min(PASSWORD_MIN_LENGTH, { error: ADMIN_MSG.passwordMinimum })
    .max(200),
});
export type AdminPasswordResetBody = z.infer<typeof adminPasswordResetBody>;

/** PATCH /profile/{id} (§5 "Change plans"): the user's plans as a set. */
export const userPlansBody = z.object({
  current_plans: z
    .array(bodyIdField(ADMIN_MSG.plansRequired), { error: ADMIN_MSG.plansRequired })
    .min(1, { error: ADMIN_MSG.plansRequired })
    .max(50),
});
export type UserPlansBody = z.infer<typeof userPlansBody>;

export const userIdParams = z.object({ id: textIdField(ADMIN_MSG.userNotFound) });

/** GET /management/audit-log: newest first, by person (actor or subject) and page. */
export const auditQuery = z.object({
  user_email: z.string().trim().max(254).optional(),
  page: fromDecimalText(z.number().int().min(1).max(100_000)).default(1),
  page_size: fromDecimalText(z.number().int().min(1).max(500)).default(50),
});

/* ---- Answers ----------------------------------------------------------------------------------- */

export const adminPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The alert types the plan gives (names). */
  accessible_alerts: z.array(z.string()),
});

/** §3 "User profile (admin)". */
export const adminProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  joined_date: z.string(),
  current_plans: z.array(adminPlanSchema),
  is_live_trader: z.boolean(),
  is_super: z.boolean(),
  active_status: z.boolean(),
  subscription_start_date: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
  user_last_login_log: z.array(z.object({ ip_address: z.string(), datetime_created: z.string() })),
  receive_emails: z.boolean(),
  receive_sms: z.boolean(),
  dione_credits: z.number(),
  otp_enabled: z.boolean(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const adminProfilesSchema = z.object({ data: z.array(adminProfileSchema) });
export const adminProfileReplySchema = z.object({ message: z.string(), data: adminProfileSchema });
export const adminProfilesReplySchema = z.object({ message: z.string(), data: z.array(adminProfileSchema) });
export const userPlansReplySchema = z.object({
  message: z.string(),
  data: z.object({ current_plans: z.array(adminPlanSchema) }),
});
export const paymentPlansSchema = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });
export const adminMessageSchema = z.object({ message: z.string() });

/** What an admin did: who, to whom, what, when, and the record before and after. */
export const auditEntrySchema = z.object({
  id: z.number(),
  actor_email: z.string(),
  action: z.string(),
  subject_email: z.string().nullable(),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), total: z.number() });

/* ---- Calls ------------------------------------------------------------------------------------- */

const TAG = 'Admin: users';
export const ADMIN_USERS_API = {
  createUser: operation({
    method: 'POST',
    path: '/profile/create-new-user/',
    operationId: 'adminCreateUser',
    summary: 'Create a user on a plan and e-mail them a link to set their password (super users)',
    tag: TAG,
    body: createUserBody,
    response: adminProfileReplySchema,
    errors: [400, 401, 403],
  }),
  paymentPlans: operation({
    method: 'GET',
    path: '/management/payment-plans',
    operationId: 'adminPaymentPlans',
    summary: 'Every plan of the catalogue, id and name (super users)',
    tag: TAG,
    response: paymentPlansSchema,
    errors: [401, 403],
  }),
  profiles: operation({
    method: 'GET',
    path: '/profile/all-profiles/',
    operationId: 'adminListUsers',
    summary: 'Every user with their plans, last sign-ins and settings, newest first (super users)',
    tag: TAG,
    response: adminProfilesSchema,
    errors: [401, 403],
  }),
  updateProfile: operation({
    method: 'PATCH',
    path: '/profile/all-profiles/:id/',
    operationId: 'adminUpdateUserProfile',
    summary: "Change a user's phone, e-mail, e-mail and SMS permissions or Dione credits (super users)",
    tag: TAG,
    params: userIdParams,
    body: updateProfileBody,
    response: adminProfileReplySchema,
    errors: [400, 401, 403, 404],
  }),
  activeness: operation({
    method: 'POST',
    path: '/profile/profile-activeness-update/',
    operationId: 'adminSetUserActive',
    summary: "Activate or deactivate a user; a deactivated user's sessions end at once (super users)",
    tag: TAG,
    body: activenessBody,
    response: adminProfilesReplySchema,
    errors: [400, 401, 403, 404],
  }),
  liveTrading: operation({
    method: 'POST',
    path: '/profile/profile-live-trading-update/',
    operationId: 'adminSetLiveTrader',
    summary: 'Grant or revoke live trading (super users)',
    tag: TAG,
    body: liveTradingBody,
    response: adminProfileReplySchema,
    errors: [400, 401, 403, 404],
  }),
  passwordReset: operation({
    method: 'POST',
    path: '/management/password-reset/',
    operationId: 'adminResetUserPassword',
    summary: "Set a user's password, end their sessions and e-mail them (super users, password confirmed)",
    tag: TAG,
    body: adminPasswordResetBody,
    response: adminMessageSchema,
    errors: [400, 401, 403],
  }),
  plans: operation({
    method: 'PATCH',
    path: '/profile/:id',
    operationId: 'adminSetUserPlans',
    summary: "Set a user's plans as a set: plans left out end now, new ones start now (super users)",
    tag: TAG,
    params: userIdParams,
    body: userPlansBody,
    response: userPlansReplySchema,
    errors: [400, 401, 403, 404],
  }),
  audit: operation({
    method: 'GET',
    path: '/management/audit-log',
    operationId: 'adminAuditLog',
    summary: 'Every admin action (who, to whom, what, when, before and after), newest first (super users)',
    tag: TAG,
    query: auditQuery,
    response: auditPageSchema,
    errors: [400, 401, 403],
  }),
} as const;
