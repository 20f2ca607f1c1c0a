import type { z } from 'zod';
import type {
  AdminPasswordResetBody,
  CreateUserBody,
  UpdateProfileBody,
  UserPlansBody,
  adminMessageSchema,
  adminProfileReplySchema,
  adminProfilesReplySchema,
  adminProfilesSchema,
  auditPageSchema,
  paymentPlansSchema,
  userPlansReplySchema,
} from '@drat/contracts';

import { api } from './client';

/**
 * Managing users (3-bots-admin-public §2.3, §2.6, §7 "Users", ADMIN_USERS_API) and the audit log of
 * every admin action: one function per endpoint, super users only.
 */

export type PaymentPlans = z.infer<typeof paymentPlansSchema>;
export type AdminProfiles = z.infer<typeof adminProfilesSchema>;
export type AdminProfileReply = z.infer<typeof adminProfileReplySchema>;
export type AdminProfilesReply = z.infer<typeof adminProfilesReplySchema>;
export type UserPlansReply = z.infer<typeof userPlansReplySchema>;
export type AdminMessage = z.infer<typeof adminMessageSchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;

const id = (userId: number) => encodeURIComponent(userId);

/** Every plan of the catalogue, id and name (ADMIN_USERS_API.paymentPlans). */
export const fetchPaymentPlans = () => api.get<PaymentPlans>('/management/payment-plans');

/** Every user with their plans, last sign-ins and settings, newest first (ADMIN_USERS_API.profiles). */
export const fetchAdminProfiles = () => api.get<AdminProfiles>('/profile/all-profiles/');

/** Creates a user on a plan; they get a welcome e-mail to set their password (ADMIN_USERS_API.createUser). */
export const createUser = (body: CreateUserBody) => api.post<AdminProfileReply>('/profile/create-new-user/', body);

/** Changes a user's phone, e-mail, permissions or Dione credits: only the fields sent (ADMIN_USERS_API.updateProfile). */
export const updateUserProfile = (userId: number, body: UpdateProfileBody) =>
  api.patch<AdminProfileReply>(`/profile/all-profiles/${id(userId)}/`, body);

/** Activates or deactivates a user; answers every user (ADMIN_USERS_API.activeness). */
export const setUserActive = (userId: number, isActive: boolean) =>
  api.post<AdminProfilesReply>('/profile/profile-activeness-update/', { id: userId, is_active: isActive });

/** Grants or revokes live trading (ADMIN_USERS_API.liveTrading). */
export const setLiveTrader = (userId: number, isLiveTrader: boolean) =>
  api.post<AdminProfileReply>('/profile/profile-live-trading-update/', { id: userId, is_live_trader: isLiveTrader });

/**
 * Sets a user's password and e-mails them (ADMIN_USERS_API.passwordReset): the super user's own
 * password is asked first when they signed in long ago (the API client's step-up).
 */
export const resetUserPassword = (body: AdminPasswordResetBody) =>
  api.post<AdminMessage>('/management/password-reset/', body);

/** Sets a user's plans as a set (ADMIN_USERS_API.plans). */
export const setUserPlans = (userId: number, body: UserPlansBody) =>
  api.patch<UserPlansReply>(`/profile/${id(userId)}`, body);

/** The audit log, newest first: a page of it, of one person's (actor or subject) when `userEmail` is given (ADMIN_USERS_API.audit). */
export const fetchAuditLog = (userEmail: string, page: number, pageSize: number) =>
  api.get<AuditPage>('/management/audit-log', { user_email: userEmail || undefined, page, page_size: pageSize });
