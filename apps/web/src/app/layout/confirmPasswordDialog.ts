import { lazyDialog } from '../../lib/lazyPage';

/**
 * The password prompt (ConfirmPasswordModal), fetched the first time it opens: its form checks the
 * password with the contracts' schema, which would otherwise bring zod into every signed-in
 * screen's first download.
 */
export const ConfirmPasswordDialog = lazyDialog(
  () => import('./ConfirmPasswordModal').then((m) => m.ConfirmPasswordModal),
  (props) => props.open,
);
