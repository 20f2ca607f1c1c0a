import { lazyDialog } from '../../lib/lazyPage';

/** The search dialog of the alert and trigger screens; its date picker is fetched the first time it opens. */
export const FilterModal = lazyDialog(
  async () => (await import('./FilterModal')).FilterModal,
  (p) => p.open,
);
