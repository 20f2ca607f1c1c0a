import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SessionData } from '@drat/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import {
  alertCategories,
  alerts,
  alertTrackers,
  alertTriggers,
  alertTypes,
  planAlertTypes,
  trades,
} from '../src/db/schema/index';
import type { EngineTrade } from '@drat/engine';
import { hashPassword } from '../src/core/secrets';
import { usersRepo } from '../src/modules/users';
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

export interface MakeAlertOptions {
  /** Alert type name of the catalogue (db/seed/catalogue-data.ts); 'SWING-ALERTS' by default. */
  type?: string;
  ticker?: string;
  companyName?: string;
  rating?: number;
  /** Prices; buy range around `alertPrice`, targets 10 % and 20 % above, stop 10 % below by default. */
  alertPrice?: number;
  buyRangeLow?: number;
  buyRangeHigh?: number;
  targetRangeLow?: number;
  targetRangeHigh?: number;
  stopLoss?: number;
  notes?: string;
  embeds?: (typeof alerts.$inferInsert)['embeds'];
  strategy?: string;
  singleStrike?: number;
  singleExpiration?: string;
  createdAt?: Date;
  deleted?: boolean;
  /** Percents behind Min Risk / Min Reward; computed from the prices unless given. */
  riskPercent?: number;
  rewardPercent?: number;
  // Lifecycle state (as the lifecycle engine would have written it).
  latestPrice?: number;
  halfCompleted?: boolean;
  completed?: boolean;
  completedStatus?: string;
  exitPrice?: number;
  halfExitPrice?: number;
  plDollar?: number;
  plPercent?: number;
  completedAt?: Date;
  halfCompletedAt?: Date;
  lastTriggerDate?: Date;
  /** Left untold, as a crash between its commit and its announcement would (the announce sweep's). */
  unannounced?: boolean;
}

export interface TestAlert {
  id: number;
  alertTypeId: number;
  ticker: string;
}

const price = (n: number) => n.toFixed(4);

/** The id of an alert type of the catalogue, by name. */
export async function alertTypeId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: alertTypes.id }).from(alertTypes).where(eq(alertTypes.name, name));
  if (!row) throw new Error(`Unknown alert type ${name}`);
  return row.id;
}

/** An alert row as publishing writes it (no hooks run: call the services' hooks yourself). */
export async function makeAlert(db: Db, options: MakeAlertOptions = {}): Promise<TestAlert> {
  const typeId = await alertTypeId(db, options.type ?? 'SWING-ALERTS');
  const [row] = await db.insert(alerts).values(alertValues(typeId, options)).returning({ id: alerts.id });
  return { id: row!.id, alertTypeId: typeId, ticker: options.ticker ?? 'AAPL' };
}

/** `count` alerts in one insert; `options(i)` describes the i-th (0-based). Returned in that order. */
export async function makeAlerts(
  db: Db,
  count: number,
  options: (i: number) => MakeAlertOptions = () => ({}),
): Promise<TestAlert[]> {
  const typeIds = new Map<string, number>();
  const values = [];
  for (let i = 0; i < count; i += 1) {
    const o = options(i);
    const name = o.type ?? 'SWING-ALERTS';
    if (!typeIds.has(name)) typeIds.set(name, await alertTypeId(db, name));
    values.push(alertValues(typeIds.get(name)!, o));
  }
  if (values.length === 0) return [];
  const rows = await db
    .insert(alerts)
    .values(values)
    .returning({ id: alerts.id, alertTypeId: alerts.alertTypeId, ticker: alerts.ticker });
  return rows;
}

function alertValues(typeId: number, options: MakeAlertOptions): typeof alerts.$inferInsert {
  const p = options.alertPrice ?? 50;
  const buyLow = options.buyRangeLow ?? p * 0.98;
  const buyHigh = options.buyRangeHigh ?? p * 1.01;
  const t1 = options.targetRangeLow ?? p * 1.1;
  const t2 = options.targetRangeHigh ?? p * 1.2;
  const stop = options.stopLoss ?? p * 0.9;
  const ticker = options.ticker ?? 'AAPL';
  const opt = (n: number | undefined) => (n === undefined ? null : price(n));
  return {
    alertTypeId: typeId,
    ticker,
    companyName: options.companyName ?? `${ticker} Inc.`,
    rating: options.rating ?? 3,
    alertPrice: price(p),
    buyRangeLow: price(buyLow),
    buyRangeHigh: price(buyHigh),
    targetRangeLow: price(t1),
    targetRangeHigh: price(t2),
    stopLoss: price(stop),
    riskPercent: price(options.riskPercent ?? ((buyHigh - stop) / buyHigh) * 100),
    rewardPercent: price(options.rewardPercent ?? ((t2 - buyHigh) / buyHigh) * 100),
    embeds: options.embeds ?? [],
    notes: options.notes ?? '',
    strategy: options.strategy ?? null,
    singleStrike: options.singleStrike === undefined ? null : price(options.singleStrike),
    singleExpiration: options.singleExpiration ?? null,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    ...(options.deleted ? { deletedAt: new Date() } : {}),
    latestPrice: opt(options.latestPrice),
    halfCompleted: options.halfCompleted ?? false,
    completed: options.completed ?? false,
    completedStatus: options.completedStatus ?? 'ONGOING',
    exitPrice: opt(options.exitPrice),
    halfExitPrice: opt(options.halfExitPrice),
    plDollar: opt(options.plDollar),
    plPercent: opt(options.plPercent),
    completedAt: options.completedAt ?? null,
    halfCompletedAt: options.halfCompletedAt ?? null,
    lastTriggerDate: options.lastTriggerDate ?? null,
    announcedAt: options.unannounced ? null : new Date(),
  };
}

/** A trigger of `alert` as the lifecycle engine writes it (one per kind per alert). */
export async function makeTrigger(
  db: Db,
  alert: TestAlert,
  options: {
    kind?: string;
    lastPrice?: number;
    note?: string;
    occurredAt?: Date;
    createdAt?: Date;
    /** Left untold (see MakeAlertOptions.unannounced). */
    unannounced?: boolean;
  } = {},
): Promise<{ id: number }> {
  const [row] = await db
    .insert(alertTriggers)
    .values({
      alertId: alert.id,
      alertTypeId: alert.alertTypeId,
      kind: options.kind ?? 'TARGET_1',
      ticker: alert.ticker,
      lastPrice: price(options.lastPrice ?? 55),
      triggerNote: options.note ?? `${alert.ticker} reached target 1 for a profit`,
      occurredAt: options.occurredAt ?? new Date(),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      announcedAt: options.unannounced ? null : new Date(),
    })
    .returning({ id: alertTriggers.id });
  return { id: row!.id };
}

/** `user` tracks `alert` (My Trackers). */
export async function trackAlert(db: Db, userId: number, alert: Pick<TestAlert, 'id'>): Promise<void> {
  await db.insert(alertTrackers).values({ userId, alertId: alert.id }).onConflictDoNothing();
}

/**
 * A new alert type of `category`, given by every plan that gives the whole category (Elite, Stocks,
 * …; not Basic, which gives one STOCKS type): tests that count a type's alerts get a type of their own.
 */
export async function makeAlertType(
  db: Db,
  category: string,
  name = `T-${category.replace(/\s+/g, '-')}-${randomBytes(4).toString('hex')}`.toUpperCase(),
): Promise<{ id: number; name: string; category: string }> {
  const [cat] = await db
    .select({ id: alertCategories.id })
    .from(alertCategories)
    .where(eq(alertCategories.name, category));
  if (!cat) throw new Error(`Unknown alert category ${category}`);
  const plansOfCategory = await db
    .select({ planId: planAlertTypes.planId })
    .from(planAlertTypes)
    .innerJoin(alertTypes, eq(alertTypes.id, planAlertTypes.alertTypeId))
    .where(eq(alertTypes.categoryId, cat.id))
    .groupBy(planAlertTypes.planId)
    .having(sql`count(*) = (select count(*) from ${alertTypes} where ${alertTypes.categoryId} = ${cat.id})`);
  const [type] = await db.insert(alertTypes).values({ name, categoryId: cat.id }).returning({ id: alertTypes.id });
  if (plansOfCategory.length > 0) {
    await db.insert(planAlertTypes).values(plansOfCategory.map((p) => ({ planId: p.planId, alertTypeId: type!.id })));
  }
  return { id: type!.id, name, category };
}

/**
 * A trade row holding the engine's `state` (a DRAFT from `newTrade`, or further on), on `broker`'s
 * account: the runner's tests start from here; the trading service's create calls build the same.
 */
export async function makeTrade(
  db: Db,
  userId: number,
  state: EngineTrade,
  options: { broker?: string; accountId?: string; mode?: 'DEMO' | 'LIVE' } = {},
): Promise<number> {
  const [row] = await db
    .insert(trades)
    .values({
      userId,
      mode: options.mode ?? 'DEMO',
      broker: options.broker ?? 'paper',
      accountId: options.accountId ?? `DEMO-${userId}`,
      ticker: state.ticker,
      tradeType: 'CUSTOM',
      stockType: 'STOCKS',
      status: state.status,
      input: {},
      state,
    })
    .returning({ id: trades.id });
  // The engine names orders after the trade's id: the state carries the row's.
  await db
    .update(trades)
    .set({ state: { ...state, id: String(row!.id) } })
    .where(eq(trades.id, row!.id));
  return row!.id;
}

/** A new user, signed in: their id and session token. */
export async function makeSignedIn(
  t: { db: Db; app: FastifyInstance },
  options: MakeUserOptions = {},
): Promise<{ id: number; token: string }> {
  const user = await makeUser(t.db, options);
  return { id: user.id, token: await signIn(t.app, user) };
}

/** A number rounded to cents, as a price field takes it. */
export const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * A custom trade's body on `ticker` around `price`: buys 10% and 5% under it (they rest at the
 * broker), targets 10% and 20% over, the stop 20% under; `patch` overrides any field.
 */
export function restingTradeBody(ticker: string, price: number, patch: Record<string, unknown> = {}) {
  return {
    ticker,
    trade_type: 'CUSTOM',
    buy_range_low: cents(price * 0.9),
    buy_range_high: cents(price * 0.95),
    target_range_low: cents(price * 1.1),
    target_range_high: cents(price * 1.2),
    stop_loss: cents(price * 0.8),
    amount_buy_range_low: 5,
    amount_buy_range_high: 5,
    ...patch,
  };
}
