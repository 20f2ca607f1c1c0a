import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SessionData } from '@drat/contracts';
import type { Db } from '../src/db/client';
import { hashPassword } from '../src/modules/auth/secrets';
import { usersRepo } from '../src/modules/users/users.repo';
import { nextAddress } from './harness';

export interface MakeUserOptions {
  email?: string;
  password?: string;
  /** Plan codes of the catalogue (db/seed/catalogue-data.ts); `['elite-monthly']` by default. */
  plans?: string[];
  /** Every subscription ended yesterday. */
  expired?: boolean;
  isSuper?: boolean;
  isActive?: boolean;
  isLiveTrader?: boolean;
  otpEnabled?: boolean;
  firstLogin?: boolean;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  dioneCredits?: number;
  tradeIdeasCredits?: number;
  /** The moment subscriptions are measured from; the real time by default (the test clock starts there too). */
  now?: Date;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

const DAY = 86_400_000;
let counter = 0;

/** A unique e-mail, readable in failures. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}-${randomBytes(3).toString('hex')}@test.drat`;
}

/** A real user in the real tables, with real subscriptions and an argon2id password. */
export async function makeUser(db: Db, options: MakeUserOptions = {}): Promise<TestUser> {
  const users = usersRepo(db);
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const password = options.password ?? `Pw-${randomBytes(6).toString('hex')}-9`;
  const id = await users.create({
    email,
    passwordHash: await hashPassword(password),
    isSuper: options.isSuper,
    isActive: options.isActive,
    isLiveTrader: options.isLiveTrader,
    otpEnabled: options.otpEnabled,
    firstLogin: options.firstLogin,
    firstName: options.firstName,
    lastName: options.lastName,
    phoneNumber: options.phoneNumber,
    dioneCredits: options.dioneCredits,
    tradeIdeasCredits: options.tradeIdeasCredits,
  });
  const now = (options.now ?? new Date()).getTime();
  for (const plan of options.plans ?? ['elite-monthly']) {
    const start = new Date(now - (options.expired ? 60 : 30) * DAY);
    const end = new Date(options.expired ? now - DAY : now + 365 * DAY);
    await users.subscribe(id, plan, start, end);
  }
  return { id, email, password };
}

/** Signs in through POST /api/login and returns the whole session data. */
export async function signInData(
  app: FastifyInstance,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<SessionData> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: nextAddress(),
    payload: { username: user.email, password: user.password },
  });
  const body = res.json<{ user_data?: SessionData }>();
  if (res.statusCode !== 200 || !body.user_data) {
    throw new Error(`signIn(${user.email}) answered ${res.statusCode}: ${res.body}`);
  }
  return body.user_data;
}

/** Signs in through POST /api/login and returns the token. */
export async function signIn(app: FastifyInstance, user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  return (await signInData(app, user)).token;
}
