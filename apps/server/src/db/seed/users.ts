import type { Logger } from 'pino';
import type { Db } from '../client';
import { hashPassword, verifyPassword } from '../../core/secrets';
import { usersRepo } from '../../modules/users';

/** ADMIN_EMAIL / ADMIN_PASSWORD: make sure this super user exists with this password. */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }, log: Logger): Promise<void> {
  const users = usersRepo(db);
  const existing = await users.byEmail(admin.email);
  const passwordHash = await hashPassword(admin.password);
  if (existing) {
    await users.setPassword(existing.id, passwordHash);
    await users.setSuper(existing.id, true);
  } else {
    await users.create({ email: admin.email, passwordHash, isSuper: true, firstName: 'Admin', firstLogin: false });
  }
  log.info({ email: admin.email }, 'super user from ADMIN_EMAIL is ready');
}

export const DEMO_PASSWORD = 'DratDemo2026';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  plans: string[];
  isSuper?: boolean;
  isLiveTrader?: boolean;
  otpEnabled?: boolean;
  firstLogin?: boolean;
  expired?: boolean;
  dioneCredits: number;
  tradeIdeasCredits: number;
}

/** The demo accounts documented in the README. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@drat.local',
    firstName: 'Ada',
    lastName: 'Admin',
    plans: [],
    isSuper: true,
    // In live mode, on the simulated brokerage: the super users' trading (advanced trades, SMT
    // templates, sharing with any user) lives on the live Smart Trades page.
    isLiveTrader: true,
    dioneCredits: 100,
    tradeIdeasCredits: 100,
  },
  {
    email: 'live@drat.local',
    firstName: 'Liam',
    lastName: 'Live',
    plans: ['elite-monthly'],
    isLiveTrader: true,
    dioneCredits: 50,
    tradeIdeasCredits: 50,
  },
  {
    email: 'demo@drat.local',
    firstName: 'Dana',
    lastName: 'Demo',
    plans: ['stocks-monthly', 'offer25-smart-trader'],
    firstLogin: true,
    dioneCredits: 25,
    tradeIdeasCredits: 10,
  },
  {
    email: 'otp@drat.local',
    firstName: 'Olive',
    lastName: 'Otp',
    plans: ['options-monthly'],
    otpEnabled: true,
    dioneCredits: 25,
    tradeIdeasCredits: 10,
  },
  {
    email: 'expired@drat.local',
    firstName: 'Evan',
    lastName: 'Expired',
    plans: ['basic-monthly'],
    expired: true,
    dioneCredits: 0,
    tradeIdeasCredits: 0,
  },
];

/** Creates the demo accounts that are missing; existing ones are left as their users changed them. */
export async function seedDemoUsers(db: Db, log: Logger, now = new Date()): Promise<void> {
  const users = usersRepo(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const day = 86_400_000;
  for (const u of DEMO_USERS) {
    if (await users.byEmail(u.email)) continue;
    const id = await users.create({
      email: u.email,
      passwordHash,
      firstName: u.firstName,
      lastName: u.lastName,
      isSuper: u.isSuper,
      isLiveTrader: u.isLiveTrader,
      otpEnabled: u.otpEnabled,
      firstLogin: u.firstLogin ?? false,
      dioneCredits: u.dioneCredits,
      tradeIdeasCredits: u.tradeIdeasCredits,
    });
    for (const plan of u.plans) {
      const start = new Date(now.getTime() - (u.expired ? 60 : 10) * day);
      const end = new Date(u.expired ? now.getTime() - 30 * day : now.getTime() + 365 * day);
      await users.subscribe(id, plan, start, end);
    }
  }
  log.info({ accounts: DEMO_USERS.map((u) => u.email) }, `demo accounts ready (password ${DEMO_PASSWORD})`);
}

/** Whether `host` is an address of this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::ffff:127.0.0.1';
}

/** The demo accounts that exist and still sign in with the password the README publishes. */
export async function demoAccountsWithPublishedPassword(db: Db): Promise<string[]> {
  const users = usersRepo(db);
  const exposed: string[] = [];
  for (const u of DEMO_USERS) {
    const row = await users.byEmail(u.email);
    if (row && (await verifyPassword(row.passwordHash, DEMO_PASSWORD))) exposed.push(u.email);
  }
  return exposed;
}

/**
 * Refuses to serve other machines while an account signs in with the published demo password:
 * anyone who can reach the address could sign in as the demo super user. Binding this machine only
 * (the default HOST) is always allowed.
 */
export async function refuseExposedDemoAccounts(db: Db, host: string): Promise<void> {
  if (isLoopbackHost(host)) return;
  const exposed = await demoAccountsWithPublishedPassword(db);
  if (exposed.length === 0) return;
  throw new Error(
    `Refusing to listen on ${host}: the demo accounts ${exposed.join(', ')} still sign in with the password ` +
      `published in the README (${DEMO_PASSWORD}), and anyone who can reach ${host} could use them. Choose one:\n` +
      `  - keep DRAT on this machine: HOST=127.0.0.1 (the default);\n` +
      `  - run without the demo accounts: DEMO_SEED=off with a new DATA_DIR (or your own DATABASE_URL), and ` +
      `ADMIN_EMAIL and ADMIN_PASSWORD for your super user;\n` +
      `  - or give each of those accounts a password of its own (Settings, Security) and start again.`,
  );
}
