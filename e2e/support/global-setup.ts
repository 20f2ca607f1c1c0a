import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/server/src/db/embedded';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeBrokerage } from '../../apps/server/test/tradier-brokerage-fake';
import { ALPACA_CLIENT_ID, ALPACA_CLIENT_SECRET, startAlpacaFake } from '../../apps/server/test/alpaca-fake';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    databaseUrl: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

async function waitForHealth(url: string, server: ChildProcess, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server at ${url} was not ready within ${ms} ms`);
}

/**
 * Starts the product as a person would run it: a real PostgreSQL, the built web app and the server
 * process, with demo data. Tests reach the database too, to create their own users.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@drat/web'], { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-e2e-'));
  const log = pino({ level: 'warn' });
  const db: EmbeddedDatabase = await startEmbeddedPostgres(dataDir, log);
  // Tradier as a broker, played by a local server speaking its API: its authorize page approves
  // whoever comes and sends them back to Broker Settings, as the real one does after a sign-in.
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const tradier = await startFakeBrokerage({ approveAnyone: true, callbackUrl: `${baseURL}/trade/settings` });
  // Alpaca likewise: a key pair whose secret is `secret-<key id>` opens a paper account of its own.
  const alpaca = await startAlpacaFake({ openAccountsForKeys: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      DEMO_SEED: '1',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // The journeys' browsers come through the loopback as if through a proxy naming each one's
      // own address (support/browser.ts clientAddress).
      TRUST_PROXY: '127.0.0.1',
      TRADIER_CLIENT_ID: FAKE_CLIENT_ID,
      TRADIER_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      TRADIER_BASE_URL: tradier.baseUrl,
      TRADIER_AUTHORIZE_URL: tradier.authorizeUrl,
      ALPACA_CLIENT_ID,
      ALPACA_CLIENT_SECRET,
      ALPACA_BASE_URL: alpaca.baseUrl,
      ALPACA_AUTHORIZE_URL: alpaca.authorizeUrl,
      ALPACA_TOKEN_URL: alpaca.tokenUrl,
      BROKER_TOKEN_KEY: randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseURL, server);
  project.provide('baseURL', baseURL);
  project.provide('databaseUrl', db.url);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await db.stop();
    await tradier.close();
    await alpaca.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
