import fs from 'node:fs';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { seedCatalogue } from '../src/db/seed/catalogue';
import { startJobs } from '../src/jobs/queue';
import { databaseUrl, TEMPLATE_DATABASE } from './provided';
import { createRunDir, sweepAbandonedRuns } from './stale-runs';

/**
 * One embedded PostgreSQL for the whole `api` run, with a template database that each test file
 * copies (`CREATE DATABASE … TEMPLATE drat_template`, see harness.ts). Set TEST_LOG_LEVEL=debug to
 * see PostgreSQL's and pg-boss's logs.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const swept = await sweepAbandonedRuns();
  if (swept.length > 0) log.info({ swept }, 'removed folders of interrupted test runs');
  const dir = createRunDir();
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  try {
    embedded = await startEmbeddedPostgres(dir, log);
    await createTemplate(embedded.url, log);
  } catch (err) {
    await embedded?.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  project.provide('adminDatabaseUrl', embedded.url);
  project.provide('testRunDir', dir);

  const running = embedded;
  return async () => {
    try {
      await running.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

async function createTemplate(adminUrl: string, log: pino.Logger): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    const url = databaseUrl(adminUrl, TEMPLATE_DATABASE);

    const database = connect(url, 2);
    try {
      await runMigrations(database.db);
      await seedCatalogue(database.db);
    } finally {
      await database.close();
    }
    // pg-boss creates its schema and the product's queues on start; stop closes its pool.
    const jobs = await startJobs(url, log);
    await jobs.stop();

    // Copies need a template nobody is connected to; refuse connections from now on.
    await admin.query(`alter database ${TEMPLATE_DATABASE} with is_template true allow_connections false`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [TEMPLATE_DATABASE],
    );
  } finally {
    await admin.end();
  }
}
