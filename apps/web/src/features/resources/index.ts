/** The resources area: the library page, the create form and the alert-type modal for /alerts. */
export { ResourcesPage } from './ResourcesPage';
export { ManageResourcesPage } from './ManageResourcesPage';
export { AlertTypeResourcesModal, type AlertTypeResourcesModalProps } from './AlertTypeResourcesModal';
export { resourceKeys } from './queries';
