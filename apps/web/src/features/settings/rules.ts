import { passwordChangeBody, profileChangeBody } from '@drat/contracts';
import { zodFieldRule } from '../../lib/zodRule';

/**
 * The settings forms' field rules, from the schemas the server checks the changes with. Fetched
 * by the first check (lib/lazyRule.ts), so the settings screen's first download leaves zod out.
 */
export const EMAIL_RULE = zodFieldRule(profileChangeBody, 'email');
export const PHONE_RULE = zodFieldRule(profileChangeBody, 'phone_number');
/** Empty is left to the Save button, which waits for both fields. */
export const NEW_PASSWORD_RULE = zodFieldRule(passwordChangeBody, 'new_password1', { skipEmpty: true });
