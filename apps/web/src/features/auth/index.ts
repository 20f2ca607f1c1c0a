/** Signing in (with the OTP step) and the password-reset screens (1-core §2). */
import { loadScreen } from '../../app/loadScreen';
import { lazyPage } from '../../lib/lazyPage';

export { LoginPage } from './LoginPage';

// Opened from an e-mail or a link of the login screen: fetched when shown, with React Query and
// antd's toasts (app/loadScreen.ts).
export const ConfirmEmailPage = lazyPage(() =>
  loadScreen(async () => (await import('./ConfirmEmailPage')).ConfirmEmailPage),
);
export const ResetRequestPage = lazyPage(() => loadScreen(async () => (await import('./ResetPages')).ResetRequestPage));
export const ResetConfirmPage = lazyPage(() => loadScreen(async () => (await import('./ResetPages')).ResetConfirmPage));
export const ResetEmailSentPage = lazyPage(() =>
  loadScreen(async () => (await import('./ResetPages')).ResetEmailSentPage),
);
