/**
 * Money-management bots (3-bots-admin-public §2.1, §2.2): the owner's bots page and the super users'
 * page of every user's bots, each fetched when first opened.
 */
import { lazyPage } from '../../lib/lazyPage';

export const BotsPage = lazyPage(async () => (await import('./BotsPage')).BotsPage);
export const AllBotsPage = lazyPage(async () => (await import('./AllBotsPage')).AllBotsPage);
