import { z } from 'zod';
import { ALERT_CATEGORIES, THEMES } from './constants';

/** Feature rights a plan can grant (1-core §6). */
export const PLAN_FEATURES = ['AA', 'DA', 'ADA', 'TIA', 'LIVE_TRADER', 'SMART_TRADER', 'TRADE_CHALLENGE'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** An alert type a user may see, with its category and its 'Important Notes'. */
export const alertTypeRightSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(ALERT_CATEGORIES),
  raw_note: z.string(),
});
export type AlertTypeRight = z.infer<typeof alertTypeRightSchema>;

/** What a signed-in user may do, computed on the server from active plans and flags. */
export const rightsSchema = z.object({
  is_super: z.boolean(),
  AA: z.boolean(),
  DA: z.boolean(),
  ADA: z.boolean(),
  TIA: z.boolean(),
  is_live_trader: z.boolean(),
  is_demo_trader: z.boolean(),
  can_use_live_trader: z.boolean(),
  is_trade_challenge_user: z.boolean(),
  is_smart_trader_user: z.boolean(),
  /**
   * Money-management bots (2-trading §2.11): the smart trader, and live trading allowed by a plan or
   * a trade challenge.
   */
  can_use_bots: z.boolean(),
  alert_categories: z.array(z.enum(ALERT_CATEGORIES)),
  alert_types: z.array(alertTypeRightSchema),
  dione_credits: z.number(),
  trade_ideas_credits: z.number(),
  /** True when no subscription is active (and the user is not a super user). */
  expired: z.boolean(),
});
export type Rights = z.infer<typeof rightsSchema>;

/** Session data of 1-core §3, returned as `user_data` by login and OTP verify. */
export const sessionDataSchema = rightsSchema.extend({
  token: z.string(),
  theme: z.enum(THEMES),
  first_login: z.boolean(),
  /** The profile picture's address, or null when there is none. */
  image: z.string().nullable(),
  username: z.string(),
  email: z.string(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

/** A running plan as the profile lists it; `expires` is YYYY-MM-DD, or '-' for a plan without an end. */
export const currentPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  amount: z.number(),
  expires: z.string(),
});
export type CurrentPlan = z.infer<typeof currentPlanSchema>;

/** GET /profile/userProfile */
export const profileSchema = z.object({
  user: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  /** The profile picture's address, or null when there is none. */
  profile_pic: z.string().nullable(),
  receive_sms: z.boolean(),
  receive_emails: z.boolean(),
  get_trackers_notification: z.boolean(),
  get_alerts_notification: z.boolean(),
  otp_enabled: z.boolean(),
  theme: z.enum(THEMES),
  current_plans: z.array(currentPlanSchema),
});
export type Profile = z.infer<typeof profileSchema>;
