import { resourceCreateFields } from '@drat/contracts';
import { zodFieldRule } from '../../lib/zodRule';

/**
 * The new resource form's text fields' rules, the server's (resourceCreateFields). Fetched by the
 * first check (lib/lazyRule.ts), so the screen's first download leaves zod out.
 */
export const RESOURCE_RULES = {
  name: zodFieldRule(resourceCreateFields, 'name'),
  type: zodFieldRule(resourceCreateFields, 'type'),
  access: zodFieldRule(resourceCreateFields, 'access', { with: ['access_level'] }),
  alert_types: zodFieldRule(resourceCreateFields, 'alert_types', { with: ['access_level'] }),
  video_time_duration: zodFieldRule(resourceCreateFields, 'video_time_duration', { with: ['type'] }),
  /** An empty link is no link (the form sends none). */
  link: zodFieldRule(resourceCreateFields, 'link', { skipEmpty: true }),
};
export type ResourceRuleField = keyof typeof RESOURCE_RULES;
