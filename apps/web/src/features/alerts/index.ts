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
// One alert's card inside another screen's modal (a tracker's, a trade's alert): fetched when
// shown, with antd's Modal of its Notes and More info, which the alert list's first screen leaves out.
export const StandaloneAlertCard = lazyPart(async () => (await import('./AlertModals')).StandaloneAlertCard);
export { CategoryTabs, useCategoryType } from './categories';
export { FilterModal } from './filterDialog';
// The sanitized HTML of an alert type's note, shown also by the alert-types screen's preview:
// fetched when first shown, with DOMPurify, which no other screen needs (issue 29: it was in every
// signed-in screen's download through this index).
export const SafeHtml = lazyPart(async () => (await import('./TypeInfoModals')).SafeHtml);
