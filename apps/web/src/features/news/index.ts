/** The news area (2-trading §2.8): the /news page (app/pages.tsx fetches it when first opened). */
export { NewsPage } from './NewsPage';
export { newsKeys } from './queries';
