/**
 * The composition root: builds every area of the product once, from the database, the job queue
 * and the providers, each area getting exactly what it uses. main.ts calls it once and hands the
 * same graph to the HTTP app and to the job workers (one event bus, one set of caches per process).
 */
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/client';
import { createPgListener, listenConnectionOf } from './db/pg-listener';
import { CHANGES_CHANNEL, createChangeFeed } from './db/read-cache';
import type { JobQueue } from './jobs/queue';
import { createAdmin } from './modules/admin';
import { createAlertsArea } from './modules/alerts';
import { createAuth } from './modules/auth';
import { createBots } from './modules/bots';
import { createIdempotency } from './modules/idempotency';
import { createLive, USER_EVENTS_CHANNEL } from './modules/live';
import { createMarketService } from './modules/market';
import { createNotifications } from './modules/notifications';
import { createOutbox } from './modules/outbox';
import { createProfile } from './modules/profile';
import { createResources } from './modules/resources';
import { createRights } from './modules/rights';
import { createSystem } from './modules/system';
import { createToolsArea } from './modules/tools';
import { brokerTokens, createTrading, type SharedBots } from './modules/trading';
import { usersRepo } from './modules/users';
import type { BrokerName } from '@drat/contracts';
import path from 'node:path';
import { createSealer } from './core/sealed';
import { secretInFile } from './core/secrets';
import type { Broker, BrokerLink } from './providers/broker/interface';
import { createPaperBroker, simulatedBrokerLink } from './providers/broker/paper/paper';
import { createTradierBroker } from './providers/broker/tradier/tradier-broker';
import { createAlpacaBroker } from './providers/broker/alpaca/alpaca-broker';
import { alpacaLink, credentialsOfToken } from './providers/broker/alpaca/alpaca-link';
import type { FilingsProvider } from './providers/filings/interface';
import { createSimFilings } from './providers/filings/sim';
import type { NewsProvider } from './providers/news/interface';
import { createSimNews } from './providers/news/sim';
import { createNewsArea } from './modules/news';
import { createPaymentsArea } from './modules/payments';
import type { PaymentsProvider } from './providers/payments/interface';
import { createLocalPayments } from './providers/payments/local/local';
import type { MailProvider } from './providers/mail/interface';
import type { MarketDataProvider } from './providers/market/interface';
import type { SmsProvider } from './providers/sms/interface';
import { outboxSmsProvider } from './providers/sms/outbox';
import type { StorageProvider } from './providers/storage/interface';

/** What the product is built from: configuration, the database, the queue and every provider. */
export interface AppDeps {
  config: Pick<
    Config,
    | 'env'
    | 'publicUrl'
    | 'demoSeed'
    | 'dataDir'
    | 'trustProxy'
    | 'readCacheMs'
    | 'mediaLinkSecret'
    | 'signalKey'
    | 'supportEmail'
    | 'userDataStaffEmail'
  > & { brokerage?: Config['brokerage']; allowedHosts?: Config['allowedHosts'] };
  db: Db;
  queue: JobQueue;
  mail: MailProvider;
  /** SMS delivery (Twilio when configured); the offline outbox provider when absent. */
  sms?: SmsProvider;
  storage: StorageProvider;
  /** Market data (MARKET_DATA: the simulated market or Tradier). */
  market: MarketDataProvider;
  /** SEC filings and 10-K figures (FILINGS: SEC EDGAR); the simulated universe's filings when absent. */
  filings?: FilingsProvider;
  /** Headlines (NEWS: Alpaca's news API); the simulated market's headlines when absent. */
  news?: NewsProvider;
  /** Payments (PAYMENTS: Stripe); DRAT's own offline test checkout when absent. */
  payments?: PaymentsProvider;
  /** Brokers by name beside the paper broker (demo accounts, the simulated brokerage), which is built here. */
  brokers?: Record<string, Broker>;
  log: Logger;
  now?: () => Date;
}

/** Builds every area once. Call `start()` before serving and `close()` after. */
export function composeModules(deps: AppDeps) {
  const { db, queue, mail, storage, market, log, config } = deps;
  const now = deps.now ?? (() => new Date());
  const sms = deps.sms ?? outboxSmsProvider(log);
  const filings = deps.filings ?? createSimFilings({ now: () => market.now() });
  const newsProvider = deps.news ?? createSimNews({ market });
  const paymentsProvider = deps.payments ?? createLocalPayments({ db, publicUrl: config.publicUrl, now });
  // The paper broker always exists: it keeps the demo accounts (and, with no real broker, the
  // simulated brokerage accounts); tests may add brokers of their own beside it.
  const paper = createPaperBroker({ db, market, now, log });
  const brokers: Record<string, Broker> = { paper, ...deps.brokers };
  // Brokers traders connect themselves: the simulated brokerage always, Tradier and Alpaca when
  // configured (their tokens sealed with BROKER_TOKEN_KEY, opened per account as the adapter needs them).
  const sealer = config.brokerage?.tokenKey ? createSealer(config.brokerage.tokenKey) : null;
  const links: Partial<Record<BrokerName, BrokerLink>> = { paper: simulatedBrokerLink(paper) };
  const tokens = brokerTokens(db, sealer, now);
  const tradierConfig = config.brokerage?.tradier;
  if (tradierConfig) {
    const tradier = createTradierBroker({
      ...tradierConfig,
      tokenOf: tokens('tradier'),
      log,
    });
    brokers.tradier = tradier;
    links.tradier = tradier.link;
  }
  const alpacaConfig = config.brokerage?.alpaca;
  if (alpacaConfig) {
    const tokenOf = tokens('alpaca');
    const alpaca = createAlpacaBroker({
      ...alpacaConfig,
      credentialsOf: async (account) => credentialsOfToken(await tokenOf(account)),
      log,
    });
    brokers.alpaca = alpaca;
    links.alpaca = alpacaLink(alpaca);
  }

  // Every write to a user forgets that user's cached sign-ins (auth is built below, so bind late).
  const userChanged: { forget: (userId: number) => void } = { forget: () => {} };
  const users = usersRepo(db, (id) => userChanged.forget(id));
  // The process's LISTEN connection: user events for the WebSockets, and the change feed that
  // keeps the read caches (READ_CACHE_MS) true across processes.
  const listener = createPgListener({
    connection: listenConnectionOf(db),
    channels: [USER_EVENTS_CHANNEL, CHANGES_CHANNEL],
    log,
  });
  const caches = { feed: createChangeFeed(listener, config.readCacheMs > 0), ttlMs: config.readCacheMs, now };
  const rights = createRights(db, now, caches);
  const outbox = createOutbox(db, queue, mail, sms, now);
  // Live updates: `live.publishUserEvent` tells a user's open tabs that something happened.
  const live = createLive({ db, market, log, now, listener });
  // Inbox, e-mail and SMS notifications of new alerts and triggers.
  const notifications = createNotifications({ db, queue, outbox, live, now, publicUrl: config.publicUrl, log });
  const alerts = createAlertsArea({ db, market, rights, log, now, caches, demoSeed: config.demoSeed });
  // New alerts and triggers notify their users: each hook queues a durable fan-out job (keyed, so a
  // hook run twice or by two processes notifies once). Late triggers (a catch-up) go to the inbox only.
  alerts.events.onAlertPublished(({ alert }) => notifications.notifyAlertPublished(alert.id));
  alerts.events.onTriggerCreated(({ trigger, late }) => notifications.notifyTrigger(trigger.id, { late }));
  // A session that ends (sign-out, password change or reset, idle) closes its live sockets at once.
  const auth = createAuth({
    db,
    queue,
    users,
    rights,
    outbox,
    now,
    publicUrl: config.publicUrl,
    sessionsEnded: live.endSessions,
    // Payments is built below: bound late.
    renewalLink: (userId) => payments.renewalLink(userId),
  });
  userChanged.forget = auth.forgetUser;
  const payments = createPaymentsArea({
    db,
    provider: paymentsProvider,
    users,
    auth,
    outbox,
    now,
    publicUrl: config.publicUrl,
    staffEmail: config.userDataStaffEmail,
    log,
  });

  const marketService = createMarketService({ provider: market });
  // Trading's sharing names the bots a user shares; the bots area (built after trading, which it
  // uses) answers, bound below.
  const sharedBots: SharedBots = { owned: async () => null, byIds: async () => new Map() };
  const admin = createAdmin({
    db,
    users,
    auth,
    notifications,
    storage,
    userDataStaffEmail: config.userDataStaffEmail,
    now,
  });
  const trading = createTrading({
    auditOnBehalf: (by, entry) => admin.audit.record(by, entry),
    db,
    users,
    rights,
    market,
    technicals: marketService,
    queue,
    live,
    inbox: notifications,
    brokers,
    paper,
    links,
    sealer,
    publicUrl: config.publicUrl,
    assertFreshPassword: auth.assertFreshPassword,
    alerts: alerts.feed,
    bots: { owned: (userId, botId) => sharedBots.owned(userId, botId), byIds: (ids) => sharedBots.byIds(ids) },
    now,
    log,
  });
  // Money-management bots: every new alert is their turn (a keyed job, like the notifications).
  const bots = createBots({
    db,
    users,
    rights,
    queue,
    trading,
    alerts: alerts.feed,
    market,
    signalSealer: createSealer(
      config.signalKey ?? secretInFile(path.join(config.dataDir, 'signal-secret.key')),
      'SIGNAL_SECRET_KEY',
    ),
    publicUrl: config.publicUrl,
    assertFreshPassword: auth.assertFreshPassword,
    now,
    log,
    caches,
  });
  alerts.events.onAlertPublished(({ alert }) => bots.alertPublished(alert.id));
  Object.assign(sharedBots, bots.shared);
  return {
    rights,
    outbox,
    auth,
    profile: createProfile({
      db,
      users,
      rights,
      storage,
      outbox,
      assertFreshPassword: auth.assertFreshPassword,
      publicUrl: config.publicUrl,
      now,
    }),
    trading,
    bots,
    /** Administration: manage users, the audit log. */
    admin,
    market: marketService,
    resources: createResources({ db, storage, users, rights, config, now, log }),
    live,
    notifications,
    alerts,
    tools: createToolsArea({ db, market, filings, now }),
    news: createNewsArea({ provider: newsProvider, market }),
    /** The plan catalogue, checkouts, the payments provider's events, renewal links and the free trial. */
    payments,
    /** Health and liveness. */
    system: createSystem(db, config),
    /** Idempotency-Key of the calls that honour it (http/idempotency.ts). */
    idempotency: createIdempotency(db, now),
    /** Opens the LISTEN connection (user events, change feed). */
    start: () => listener.start(),
    /** Closes the brokers' streams the runner opened and the LISTEN connection. */
    close: () => {
      trading.runner.close();
      return listener.close();
    },
  };
}
export type Modules = ReturnType<typeof composeModules>;
