import type { AlertCategory, Theme } from './constants';

/** Feature rights a plan can grant (1-core §6). */
export const PLAN_FEATURES = ['AA', 'DA', 'ADA', 'TIA', 'LIVE_TRADER', 'SMART_TRADER', 'TRADE_CHALLENGE'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface AlertTypeRight {
  id: number;
  name: string;
  category: AlertCategory;
  raw_note: string;
}

/** What a signed-in user may do, computed on the server from active plans and flags. */
export interface Rights {
  is_super: boolean;
  AA: boolean;
  DA: boolean;
  ADA: boolean;
  TIA: boolean;
  is_live_trader: boolean;
  is_demo_trader: boolean;
  can_use_live_trader: boolean;
  is_trade_challenge_user: boolean;
  is_smart_trader_user: boolean;
  alert_categories: AlertCategory[];
  alert_types: AlertTypeRight[];
  dione_credits: number;
  trade_ideas_credits: number;
  /** True when no subscription is active (and the user is not a super user). */
  expired: boolean;
}

/** Session data of 1-core §3, returned as `user_data` by login and OTP verify. */
export interface SessionData extends Rights {
  token: string;
  theme: Theme;
  first_login: boolean;
  image: string | null;
  username: string;
  email: string;
}

export interface CurrentPlan {
  id: number;
  name: string;
  amount: number;
  expires: string;
}

export interface Profile {
  user: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  profile_pic: string | null;
  receive_sms: boolean;
  receive_emails: boolean;
  get_trackers_notification: boolean;
  get_alerts_notification: boolean;
  otp_enabled: boolean;
  theme: Theme;
  current_plans: CurrentPlan[];
}

export interface AlertTypeStatus {
  id: number;
  name: string;
  category: AlertCategory;
  exempted: boolean;
}
