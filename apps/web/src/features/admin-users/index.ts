/**
 * Managing users (3-bots-admin-public §2.3, §2.6, super users): Manage Users with its audit log, and
 * Password Reset, each fetched when first opened.
 */
import { lazyPage } from '../../lib/lazyPage';

export const ManageUsersPage = lazyPage(async () => (await import('./ManageUsersPage')).ManageUsersPage);
export const PasswordResetPage = lazyPage(async () => (await import('./PasswordResetPage')).PasswordResetPage);
