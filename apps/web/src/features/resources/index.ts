/** The resources area: the library page, the create form and the alert-type modal for /alerts. */
import { lazyDialog, lazyPage } from '../../lib/lazyPage';

// Fetched when opened, so /alerts, which offers the modal below, does not download the pages, nor
// the modal until it opens.
export const ResourcesPage = lazyPage(async () => (await import('./ResourcesPage')).ResourcesPage);
export const ManageResourcesPage = lazyPage(async () => (await import('./ManageResourcesPage')).ManageResourcesPage);
export const AlertTypeResourcesModal = lazyDialog(
  async () => (await import('./AlertTypeResourcesModal')).AlertTypeResourcesModal,
  (p) => (p.open ?? true) && !!p.alertType,
);
export type { AlertTypeResourcesModalProps } from './AlertTypeResourcesModal';
