// `npm start`: build what is not built, then run the server in this very process.
//
// The server (apps/server/src/main.ts) is loaded in-process through tsx, so there is exactly one
// server process: SIGINT/SIGTERM reach its own shutdown handler (HTTP drained, workers stopped,
// embedded PostgreSQL stopped) and its exit code is the exit code of `npm start`.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWeb, hasWebSources, ROOT, webBuildReason } from './lib/web-build.mjs';

/** The oldest Node.js the product runs on (README "Run it"; package.json engines). */
const MIN_NODE = [20, 19];

async function main() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    console.error(
      `[start] DRAT needs Node.js ${MIN_NODE.join('.')} or newer (24 LTS recommended); this is ${process.version}.`,
    );
    process.exit(1);
  }
  if (!hasWebSources()) {
    console.warn('[start] apps/web has no index.html: serving the API only.');
  } else {
    const reason = webBuildReason();
    if (reason) {
      console.log(`[start] building the web app (${reason})`);
      const code = await buildWeb();
      if (code !== 0) {
        console.error(`[start] the web app build failed (exit ${code}); not starting.`);
        process.exit(code);
      }
    }
  }

  // Equivalent to `node --import tsx apps/server/src/main.ts`, without a second process.
  await import('tsx');
  await import(pathToFileURL(path.join(ROOT, 'apps/server/src/main.ts')).href);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
