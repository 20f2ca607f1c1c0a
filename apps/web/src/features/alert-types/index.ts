/**
 * Super users' alert types (3-bots-admin-public §2.7, /alert-types and /manage-alert-types): each
 * type's note, written in a rich-text editor, and its notification switch. Fetched when opened.
 */
import { lazyPage } from '../../lib/lazyPage';

export const AlertTypesPage = lazyPage(async () => (await import('./AlertTypesPage')).AlertTypesPage);
