/** Signing in (with the OTP step) and the password-reset screens (1-core §2). */
import { lazyPage } from '../../lib/lazyPage';

export { LoginPage } from './LoginPage';
// Opened from an e-mail or a link of the login screen: fetched when shown.
export const ConfirmEmailPage = lazyPage(async () => (await import('./ConfirmEmailPage')).ConfirmEmailPage);
export const ResetRequestPage = lazyPage(async () => (await import('./ResetPages')).ResetRequestPage);
export const ResetConfirmPage = lazyPage(async () => (await import('./ResetPages')).ResetConfirmPage);
export const ResetEmailSentPage = lazyPage(async () => (await import('./ResetPages')).ResetEmailSentPage);
