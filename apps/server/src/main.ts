import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config';
import { connect, runMigrations } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { seedCatalogue } from './db/seed/catalogue';
import { ensureAdmin, seedDemoUsers } from './db/seed/users';
import { buildApp } from './http/app';
import { startJobs } from './jobs/queue';
import { startWorkers } from './jobs/workers';
import { buildModules } from './modules/index';
import { createMailProvider } from './providers/mail/index';
import { diskStorage } from './providers/storage/index';

/** boot: config → database → migrations → app → workers → listen */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, base: { service: 'drat' } });
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(path.join(config.dataDir), log);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const database = connect(databaseUrl, 20);
  await runMigrations(database.db);
  await seedCatalogue(database.db);
  if (config.admin) await ensureAdmin(database.db, config.admin, log);
  if (config.demoSeed) await seedDemoUsers(database.db, log);

  const jobs = await startJobs(databaseUrl, log);
  const deps = {
    config,
    db: database.db,
    queue: jobs,
    mail: createMailProvider(config, log),
    storage: diskStorage(path.join(config.dataDir, 'uploads')),
    log,
  };
  const app = await buildApp(deps);
  if (config.workers) await startWorkers(jobs, buildModules(deps));
  await app.listen({ port: config.port, host: config.host });
  log.info(`DRAT is ready at ${config.publicUrl}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await app.close();
      await jobs.stop();
      await database.close();
      await embedded?.stop();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof Error && err.stack && process.env.LOG_LEVEL === 'debug') console.error(err.stack);
  process.exit(1);
});
