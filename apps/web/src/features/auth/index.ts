/** Signing in (with the OTP step) and the password-reset screens (1-core §2). */
export { ConfirmEmailPage } from './ConfirmEmailPage';
export { LoginPage } from './LoginPage';
export { ResetConfirmPage, ResetEmailSentPage, ResetRequestPage } from './ResetPages';
