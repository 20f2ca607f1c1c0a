// `npm run dev`: the server in watch mode on PORT (3000) and Vite's dev server with hot reload on
// WEB_PORT (5173), which proxies /api (with the /api/ws websocket), /media and /dev to the server (see
// apps/web/vite.config.ts). Ctrl-C stops both; when one of them ends, the other is stopped too.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, WEB_DIR } from './lib/web-build.mjs';

const port = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const api = `http://localhost:${port}`;

const children = [];
let stopping = false;
let exitCode = 0;

function run(name, command, args, options) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  children.push(child);
  child.on('error', (err) => {
    console.error(`[dev] could not start ${name}: ${err.message}`);
    stop('SIGTERM', 1);
  });
  child.on('exit', (code, signal) => {
    children.splice(children.indexOf(child), 1);
    if (!stopping) console.error(`[dev] ${name} ended (${signal ?? `exit ${code}`}); stopping the rest.`);
    stop('SIGTERM', code ?? (stopping ? 0 : 1));
    if (children.length === 0) process.exit(exitCode);
  });
  return child;
}

function stop(signal, code = 0) {
  exitCode = Math.max(exitCode, code);
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
  // Whatever still runs after 25 s (the server allows itself 20 s to drain) is killed.
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 25_000).unref();
}

process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

run('the server', process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
  cwd: ROOT,
  env: { NODE_ENV: 'development', ...process.env, PORT: port },
});

const vite = path.join(
  path.dirname(createRequire(path.join(WEB_DIR, 'package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);
run('vite', process.execPath, [vite, '--port', webPort, '--strictPort'], {
  cwd: WEB_DIR,
  env: { ...process.env, DRAT_API: process.env.DRAT_API ?? api },
});

console.log(`[dev] API on ${api}, web app with hot reload on http://localhost:${webPort}`);
