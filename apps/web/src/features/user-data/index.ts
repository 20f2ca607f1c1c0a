/**
 * User data for super users (3-bots-admin-public §2.10): Fetch Users (/user-data), Upload Users
 * (/upload-users) and Pending User Changes (/updates), each fetched when first opened.
 */
import { lazyPage } from '../../lib/lazyPage';

export const UserDataPage = lazyPage(async () => (await import('./UserDataPage')).UserDataPage);
export const UploadUsersPage = lazyPage(async () => (await import('./UploadUsersPage')).UploadUsersPage);
export const PendingChangesPage = lazyPage(async () => (await import('./PendingChangesPage')).PendingChangesPage);
