/**
 * User-facing texts, written once. Where the spec gives the wording, it is the spec's.
 * Server errors and web toasts both read from here so they cannot drift apart.
 */
export const MSG = {
  // Generic (1-core §8)
  somethingWrong: 'Something is wrong. Please try reloading the page',
  invalidToken: 'Invalid token.',
  authRequired: 'Authentication credentials were not provided.',
  sessionExpired: 'Session Expired',
  sessionExpiredHint: 'Your session has ended. Please sign in again.',
  signedOutIdle: (minutes: number) => `You were signed out after ${minutes} minutes without activity.`,
  noPermission: 'You do not have permission to perform this action.',
  accountInactiveOrExpired: 'Your account is inactive or your subscription has expired.',
  notFound: 'Not found.',
  fieldRequired: 'This field is required.',
  thereWasAnError: 'There was an error',
  serviceUnavailable: 'This service is unavailable right now. Try again in a moment.',
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    `${method} is not allowed here; this path takes ${allowed.join(', ')}.`,

  // Login (1-core §5, §8)
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  badCredentials: 'Unable to log in with provided credentials.',
  accountInactive: 'This account has been deactivated. Contact support to reactivate it.',
  /** Wait is in seconds; a minute or more is said in whole minutes. */
  tooManyAttempts: (seconds: number) => {
    const n = seconds < 60 ? Math.max(1, Math.ceil(seconds)) : Math.ceil(seconds / 60);
    const unit = seconds < 60 ? 'second' : 'minute';
    return `Too many attempts. Try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
  },

  // OTP (1-core §2, §4, §5, §8)
  otpTitle: 'Verify your Login OTP',
  otpSent: 'An OTP was sent to your email',
  otpPrompt: 'Please verify the OTP to proceed',
  otpRequired: 'Please input the OTP',
  otpInvalid: 'The OTP you entered is not correct.',
  otpExpired: 'This OTP has expired. Resend it or sign in again.',
  otpNoChallenge: 'There is no sign-in waiting for an OTP. Sign in again.',
  otpResendUsed: 'The OTP can only be resent once. Sign in again to get a new one.',
  otpResent: 'A new OTP was sent to your email',
  otpVerified: 'OTP Successfully verified',
  otpChangeFailed: 'An error was encountered while changing your Two-Factor Authentication Settings',
  otpEnabled: 'Two-Factor Authentication enabled',
  otpDisabled: 'Two-Factor Authentication disabled',

  // Password reset (1-core §2, §4, §8)
  resetEmailSent: 'If an account exists for this e-mail, a reset link is on its way.',
  checkYourEmail: 'Check Your Email',
  resetTokenInvalid: 'This token is not valid or has expired.',
  resetLinkInvalid: 'Invalid password reset link',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordNeedsDigit: 'Password must contain at least one digit',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordResetDone: 'Your password has been reset. You can now sign in.',
  redirectingToLogin: 'Redirecting you to login...',
  resetCheckEmailHint: (minutes: number) =>
    `The e-mail holds a link and a token. Open the link, then enter the token to choose a new password. Both expire in ${minutes} minutes.`,

  // Profile and settings (1-core §8)
  passwordChanged: 'Password changed successfully.',
  profileFetchFailed: 'Error fetching profile details.',
  profileChanged: 'Profile details successfully changed',
  profileChangeFailed: 'Error changing profile details',
  pictureUploaded: 'Profile picture successfully uploaded',
  pictureUploadFailed: 'Uploading failed',
  pictureSelected: 'Image selected successfully',
  pictureBadType: 'Upload a PNG, JPEG or GIF image.',
  pictureTooLarge: 'The picture is larger than 2 MB.',
  emailTaken: 'A user with this e-mail already exists.',
  emailInvalid: 'Enter a valid email address.',
  phoneInvalid: 'Enter a valid international phone number, for example +14155550123.',
  phoneHint: 'International format with country code, for example +14155550123.',
  themeSaveFailed: 'Your theme could not be saved. Try again.',
  alertNotificationChanged: 'Changed Alerts Notification Status Successfully',
  alertNotificationFetchFailed: 'There was an error fetching your alert notifications status',
  somethingWentWrong: 'Something went wrong.',
  dialogLoadFailed: 'This could not be opened. Check your connection and try again.',
  firstLoginHint: 'It is recommended you change your default password on the settings page.',
  themeSaved: 'Theme saved',
  themeInvalid: "Theme must be 'light' or 'dark'.",
  notificationSettingSaved: 'Notification setting saved',

  // Confirm password (2-trading §7), and the step-up before sensitive changes
  passwordConfirmed: 'Password confirmed',
  passwordConfirmationRequired: 'Confirm your password to continue.',
  emailChangeSent: (email: string) =>
    `We sent a link to ${email}. Follow it to make it your sign-in e-mail; until then your e-mail stays as it is.`,
  emailChanged: (email: string) => `Your sign-in e-mail is now ${email}.`,
  emailChangeLinkInvalid: 'This e-mail change link is not valid or has expired.',
  passwordIncorrect: 'The password is not correct.',

  // Routing (1-core §2, 2-trading §2.12)
  pageDoesNotExist: 'That page does not exist',
  noToolsAccess: 'You do not have access to use the tools',
  liveTraderDenied: 'You do not have access to use the live trader.',
  smartTraderDenied: 'You do not have access to use the smart trader. Upgrade to a higher plan to gain access.',
} as const;
