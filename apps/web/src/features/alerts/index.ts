/**
 * The alerts area (1-core §2): the alert list and the completed alerts pages, and what the
 * triggers and trackers screens reuse (category tabs, the search modal, an alert's card).
 */
export { AlertsPage } from './AlertsPage';
export { CompletedAlertsPage } from './completed/CompletedAlertsPage';
export { StandaloneAlertCard } from './AlertModals';
export { CategoryTabs, useCategoryType } from './categories';
export { FilterModal } from './FilterModal';
