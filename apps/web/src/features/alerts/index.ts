/**
 * The alerts area (1-core §2): the alert list and the completed alerts pages, and what the
 * triggers and trackers screens reuse (category tabs, the search modal, an alert's card).
 */
import { lazyPage, lazyPart } from '../../lib/lazyPage';

// The pages are fetched when opened, so the triggers and trackers screens, which reuse the parts
// below, do not download them.
export const AlertsPage = lazyPage(async () => (await import('./AlertsPage')).AlertsPage);
export const CompletedAlertsPage = lazyPage(
  async () => (await import('./completed/CompletedAlertsPage')).CompletedAlertsPage,
);
export { StandaloneAlertCard } from './AlertModals';
export { CategoryTabs, useCategoryType } from './categories';
export { FilterModal } from './filterDialog';
// The sanitized HTML of an alert type's note, shown also by the alert-types screen's preview:
// fetched when first shown, with DOMPurify, which no other screen needs (issue 29: it was in every
// signed-in screen's download through this index).
export const SafeHtml = lazyPart(async () => (await import('./TypeInfoModals')).SafeHtml);
