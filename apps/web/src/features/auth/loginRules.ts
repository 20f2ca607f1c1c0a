import { loginBody } from '@drat/contracts';
import { zodFieldRule } from '../../lib/zodRule';

/** The password's rule, from the schema the server checks the sign-in with (fetched with zod on the first check). */
export const PASSWORD_RULE = zodFieldRule(loginBody, 'password');
