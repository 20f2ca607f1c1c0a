import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config';
import { connect, runMigrations, type Database } from './db/client';
import { handleShutdownSignalsOurselves, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { seedCatalogue } from './db/seed/catalogue';
import { seedDemoResources } from './db/seed/resources';
import { ensureAdmin, refuseExposedDemoAccounts, seedDemoUsers } from './db/seed/users';
import { buildApp } from './http/app';
import { jobFailuresRepo } from './jobs/job-failures.repo';
import { startJobs, type Jobs } from './jobs/queue';
import { startAlertJobs, startTradingJobs, startWorkers } from './jobs/workers';
import { composeModules, type Modules } from './compose';
import { createMailProvider } from './providers/mail/index';
import { createMarketProvider } from './providers/market/index';
import { createFilingsProvider } from './providers/filings/index';
import { createNewsProvider } from './providers/news/index';
import { createPaymentsProvider } from './providers/payments/index';
import { createSmsProvider } from './providers/sms/index';
import { createStorage } from './providers/storage/index';
import { onUnhandledRejection } from './db/connection-loss';

/** boot: config → database → migrations → seeds → providers → the module graph (once) → HTTP app and workers → listen */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, base: { service: 'drat' } });
  const running: {
    app?: FastifyInstance;
    jobs?: Jobs;
    modules?: Modules;
    /** Ends the trade watchers' loops (they would otherwise hold the queue's stop for a minute). */
    stopTrading?: () => void;
    database?: Database;
    embedded?: EmbeddedDatabase;
  } = {};

  // A lost database connection that a library lets escape unhandled must not end the process.
  process.on(
    'unhandledRejection',
    onUnhandledRejection(log, (code) => process.exit(code)),
  );

  // Signals are handled from the first moment: a stop asked during boot waits for boot to end,
  // then everything that was started is stopped in order, the database last.
  let booted: Promise<void> = Promise.resolve();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took more than 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    await booted.catch(() => undefined);
    let clean = true;
    const step = async (what: string, fn: () => Promise<unknown> | undefined) => {
      try {
        await fn();
      } catch (err) {
        clean = false;
        log.error({ err }, `shutdown: ${what} failed`);
      }
    };
    await step('closing HTTP', () => running.app?.close());
    running.stopTrading?.();
    await step('stopping workers', () => running.jobs?.stop());
    await step("closing the LISTEN connection and the brokers' streams", () => running.modules?.close());
    await step('closing the database pool', () => running.database?.close());
    await step('stopping the embedded database', () => running.embedded?.stop());
    log.info(clean ? 'stopped cleanly' : 'stopped, with errors');
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  handleShutdownSignalsOurselves();

  booted = (async () => {
    if (!config.databaseUrl) running.embedded = await startEmbeddedPostgres(path.join(config.dataDir), log);
    const databaseUrl = config.databaseUrl ?? running.embedded!.url;
    // Migrations run on a connection of their own, without the statement time limit.
    const migrator = connect(databaseUrl, 1, undefined, { ...config.databaseTimeouts, statementMs: 0 });
    try {
      await runMigrations(migrator.db);
    } finally {
      await migrator.close();
    }
    const database = (running.database = connect(
      databaseUrl,
      config.databasePoolSize,
      (err) => {
        if (!stopping) log.warn({ err }, 'the database ended a connection');
      },
      config.databaseTimeouts,
    ));
    await seedCatalogue(database.db);
    if (config.admin) await ensureAdmin(database.db, config.admin, log);
    const storage = createStorage(config);
    if (config.demoSeed) await seedDemoUsers(database.db, log);
    // Never serve other machines while an account signs in with the README's published password.
    await refuseExposedDemoAccounts(database.db, config.host);
    if (config.demoSeed) await seedDemoResources(database.db, storage, log);
    if (stopping) return;

    const jobs = (running.jobs = await startJobs(databaseUrl, log, {
      failures: jobFailuresRepo(database.db),
      // A process without workers only sends jobs: the worker processes keep the queue.
      keeper: config.workers,
    }));
    const market = createMarketProvider(config.market, log);
    const deps = {
      config,
      db: database.db,
      queue: jobs,
      mail: createMailProvider(config, log),
      sms: createSmsProvider(config.sms, log),
      storage,
      market,
      filings: createFilingsProvider(config.filings, { now: () => market.now() }),
      news: createNewsProvider(config.news, { market, log }),
      payments: createPaymentsProvider(config.payments, { db: database.db, publicUrl: config.publicUrl }),
      log,
    };
    // One module graph for the API and the workers.
    const modules = (running.modules = composeModules(deps));
    await modules.start();
    const app = (running.app = await buildApp(modules, deps));
    if (config.workers) {
      await startWorkers(jobs, modules);
      await startAlertJobs(jobs, modules.alerts);
      running.stopTrading = await startTradingJobs(jobs, modules.trading.runner, () => new Date());
    }
    if (stopping) return;
    await app.listen({ port: config.port, host: config.host });
    log.info(`DRAT is ready at ${config.publicUrl}`);
  })();
  try {
    await booted;
  } catch (err) {
    if (!stopping) throw err; // a failure caused by a stop asked during boot is the shutdown's to report
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof Error && err.stack && process.env.LOG_LEVEL === 'debug') console.error(err.stack);
  process.exit(1);
});
