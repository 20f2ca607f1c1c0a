import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { connect } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/core/secrets';
import { usersRepo } from '../../apps/server/src/modules/users';

export interface E2eUser {
  email: string;
  password: string;
}

export interface CreateUserOptions {
  plans?: string[];
  otpEnabled?: boolean;
  firstLogin?: boolean;
  isSuper?: boolean;
  /** Broker access granted (live mode): their trades go to the simulated brokerage. */
  isLiveTrader?: boolean;
  /** Tool credits on the profile (profiles.dione_credits / trade_ideas_credits); none by default. */
  credits?: { dione?: number; tradeIdeas?: number };
}

/** Creates a user of its own for one journey, straight in the product's database. */
export async function createUser(options: CreateUserOptions = {}): Promise<E2eUser> {
  const database = connect(inject('databaseUrl'), 1);
  try {
    const users = usersRepo(database.db);
    const email = `e2e-${randomUUID().slice(0, 8)}@drat.local`;
    const password = 'Journey2026';
    const id = await users.create({
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Jo',
      lastName: 'Journey',
      otpEnabled: options.otpEnabled ?? false,
      firstLogin: options.firstLogin ?? false,
      isSuper: options.isSuper ?? false,
      isLiveTrader: options.isLiveTrader ?? false,
      dioneCredits: options.credits?.dione ?? 0,
      tradeIdeasCredits: options.credits?.tradeIdeas ?? 0,
    });
    const now = Date.now();
    for (const plan of options.plans ?? ['stocks-monthly']) {
      await users.subscribe(id, plan, new Date(now - 86_400_000), new Date(now + 30 * 86_400_000));
    }
    return { email, password };
  } finally {
    await database.close();
  }
}

/**
 * Makes a user's sessions look signed in `minutes` ago, as if the person had stayed on the page: a
 * sensitive change then asks for the password again (the step-up window is 10 minutes).
 */
export async function ageSessions(email: string, minutes: number): Promise<void> {
  const database = connect(inject('databaseUrl'), 1);
  try {
    await database.pool.query(
      `update sessions set created_at = now() - make_interval(mins => $2)
        where user_id = (select id from users where lower(email) = lower($1))`,
      [email, minutes],
    );
  } finally {
    await database.close();
  }
  // The server trusts a signed-in session it has read for up to 3 s (auth's principal cache).
  await new Promise((resolve) => setTimeout(resolve, 3_500));
}
