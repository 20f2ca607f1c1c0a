import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { profiles, sessions, users } from '../src/db/schema/index';

/** The stored session data keys of 1-core §3, returned as `user_data` by login and OTP verify. */
export const SESSION_DATA_KEYS = [
  'token',
  'theme',
  'first_login',
  'is_live_trader',
  'is_demo_trader',
  'is_super',
  'AA',
  'DA',
  'ADA',
  'TIA',
  'can_use_live_trader',
  'alert_types',
  'alert_categories',
  'dione_credits',
  'trade_ideas_credits',
  'image',
  'username',
] as const;

/** A user's stored row and profile, to check that a failing request changed nothing. */
export async function storedUser(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return { ...row.users, ...row.profiles };
}

export async function sessionsOf(db: Db, userId: number) {
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}
