/** Business constants shared by server and web (1-core §9, 2-trading §9, 3-bots-admin-public §9). */

export const IDLE_LOGOUT_MINUTES = 120;
export const IDLE_LOGOUT_DEBOUNCE_MS = 500;
export const OTP_SUCCESS_DELAY_MS = 1500;
export const FIRST_LOGIN_TOAST_SECONDS = 5;
export const UNKNOWN_PAGE_REDIRECT_SECONDS = 10;

export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_RESENDS = 1;
export const RESET_TOKEN_TTL_MINUTES = 30;
/** How long the set-password link of a welcome e-mail (an account made by a super user) works. */
export const WELCOME_LINK_DAYS = 7;
/** A sensitive change needs the password typed within this long, in the same session (step-up). */
export const STEP_UP_MINUTES = 10;
/** How long the link that confirms a new e-mail address works. */
export const EMAIL_CHANGE_TTL_MINUTES = 24 * 60;

export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Fixed tab order of alert categories (1-core §2, §9). */
export const ALERT_CATEGORIES = ['OPTIONS', 'STOCKS', 'TRADE CHALLENGE', 'OTC', 'SMART TRADES'] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];

/** Alert types the money-management bot form leaves out (3-bots-admin-public §2.1). */
export const BOT_EXCLUDED_ALERT_TYPES = ['SQUEEZE-ALERTS', 'OTC-1-ALERTS', 'OTC-2-ALERT'] as const;

export const NAV_SIZES = { LARGE: 256, SMALL: 100 } as const;
export type NavSize = keyof typeof NAV_SIZES;
export const HAMBURGER_BREAKPOINT_PX = 500;

export const DEMO_ACCOUNT_START_VALUE = 100000;

/**
 * Where expired users renew: a public page saying how (apps/web features/renewal), until the
 * pricing page (/pay) and its checkout are built; then this becomes '/pay'.
 */
export const RENEWAL_PATH = '/renew';

/** The code of the 403 answering a sensitive change whose password was not confirmed recently (auth.ts). */
export const PASSWORD_CONFIRMATION_REQUIRED = 'PASSWORD_CONFIRMATION_REQUIRED';

/** Where the buyer lands after paying; the checkout's id follows as `?checkout=`. */
export const CHECKOUT_COMPLETE_PATH = '/checkout/complete';

/** Letters and digits starting with a letter, with an optional class suffix (BRK.B, BF-B, BRK/A). */
export const TICKER_PATTERN = /^[A-Z][A-Z0-9]{0,9}(?:[./-][A-Z0-9]{1,4})?$/;

/** Close code when the first message is not a valid `auth`. */
export const WS_CLOSE_UNAUTHORIZED = 4401;

/** Most tickers one WebSocket connection may follow at once. */
export const WS_MAX_TICKERS = 50;

/** The inbox shows at most this many unread notifications, newest first; `unread` counts them all. */
export const INBOX_LIMIT = 100;

/** User events over the WebSocket: a new notification, and notifications read (in another tab). */
export const NOTIFICATION_EVENT = 'notification';
export const NOTIFICATIONS_READ_EVENT = 'notifications.read';

/**
 * Why the password is asked again: the spec's trading reasons, and the sensitive changes of the
 * account (a change is accepted only with a confirmation of its own reason, in the same session, within
 * STEP_UP_MINUTES, or a sign-in that recent).
 */
export const CONFIRM_PASSWORD_REASONS = [
  'DEAUTHORIZATION',
  'AUTHORIZATION',
  'LIVE_TRADING',
  'PASSWORD_CHANGE',
  'EMAIL_CHANGE',
  'OTP_DISABLE',
  'SIGNAL_WEBHOOK',
  'ADMIN_PASSWORD_RESET',
] as const;
export type ConfirmPasswordReason = (typeof CONFIRM_PASSWORD_REASONS)[number];
