// Helpers shared by scripts/start.mjs and scripts/test.mjs: is the built web app older than its
// sources, and build it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIR = path.join(ROOT, 'apps/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
const BUILT_MARKER = path.join(WEB_DIST, 'index.html');

/** Everything a web build reads from this repository (dependencies aside). */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/offers.html',
  'apps/web/vite.offers.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/vite.config.js',
  'apps/web/vite.config.mts',
  'apps/web/vite', // the build's own plugins (precompress.ts: the .br and .gz copies)
  'packages/contracts/src',
];

/** Newest modification time (ms) of a file or of any file below a folder; 0 when it does not exist. */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when the web app has sources to build. */
export function hasWebSources() {
  return fs.existsSync(path.join(WEB_DIR, 'index.html'));
}

/** Why the web app needs a build, or null when apps/web/dist is newer than every source. */
export function webBuildReason() {
  if (!fs.existsSync(BUILT_MARKER)) return 'apps/web/dist is missing';
  const built = fs.statSync(BUILT_MARKER).mtimeMs;
  for (const rel of WEB_SOURCES) {
    if (newestMtime(path.join(ROOT, rel)) > built) return `${rel} changed since the last build`;
  }
  return null;
}

/**
 * Runs `npm run build -w @drat/web`, output to the console; resolves with its exit code.
 * SIGINT/SIGTERM received meanwhile are passed on to the build, so it never outlives us.
 */
export function buildWeb() {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', '@drat/web'], { cwd: ROOT, stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const done = (code) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code);
    };
    child.on('error', (err) => {
      console.error(`could not run npm: ${err.message}`);
      done(1);
    });
    child.on('exit', (code, signal) => done(code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1)));
  });
}
