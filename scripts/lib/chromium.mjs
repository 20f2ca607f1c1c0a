// Debian's chromium for the e2e journeys (playwright-core drives it; browser downloads are not
// possible here). CHROMIUM_PATH points elsewhere, as in e2e/support/browser.ts.
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Resolves null when chromium is there (installing it with apt-get when missing and we are root),
 * or a message saying why it is not. `run(command, args, options)` resolves with an exit code.
 */
export async function ensureChromium(run, path = CHROMIUM) {
  if (fs.existsSync(path)) {
    console.log(`[test] chromium: ${path}`);
    return null;
  }
  if (process.env.CHROMIUM_PATH) return `CHROMIUM_PATH=${path} does not exist`;
  if (process.getuid?.() !== 0) {
    return `${path} is missing: install Debian's chromium first (sudo apt-get update && sudo apt-get install -y chromium)`;
  }
  console.log(
    `[test] ${path} is missing: installing Debian's chromium (apt-get update && apt-get install -y chromium)`,
  );
  const options = {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'inherit', 'inherit'],
  };
  const updated = await run('apt-get', ['update'], options);
  if (updated !== 0) return `apt-get update failed (exit ${updated})`;
  const installed = await run('apt-get', ['install', '-y', 'chromium'], options);
  if (installed !== 0) return `apt-get install -y chromium failed (exit ${installed})`;
  if (!fs.existsSync(path)) return `apt-get installed chromium, but ${path} is still missing`;
  return null;
}
