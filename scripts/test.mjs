// `npm test`: every test runner of the repository, in order, then one closing line
//
//   tests: N passed, N failed
//
// totalled over all runners. Order: `npm run lint` (one failure when it fails), vitest project
// `unit`, project `api`, the web app build, then project `e2e` (in Debian's chromium, installed here
// when missing and we are root). Each vitest run reports to the console and, as JSON, to a
// temporary file that the totals are read from. Exits non-zero when a test failed, a test file could
// not run, lint or the build failed or a runner crashed. `npm test -- unit api` runs only the steps
// named (lint, unit, api, e2e).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { buildWeb, ROOT } from './lib/web-build.mjs';

const VITEST = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-test-'));

/** @type {{ name: string; passed: number; failed: number; skipped: number; note: string; seconds: number }[]} */
const results = [];
let current; // the child process running now, to pass signals on
let interrupted = false;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
  });
}

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    current = child;
    child.on('error', (err) => {
      console.error(`[test] could not run ${command}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });
}

function banner(text) {
  console.log(`\n${'='.repeat(20)} ${text} ${'='.repeat(Math.max(4, 60 - text.length))}\n`);
}

/** Runs one vitest project and records its counts from the JSON report. */
async function vitestProject(project) {
  banner(`vitest --project ${project}`);
  const started = Date.now();
  const report = path.join(reportDir, `${project}.json`);
  const flakyReport = path.join(reportDir, `${project}.flaky.json`);
  process.env.DRAT_FLAKY_REPORT = flakyReport;
  const code = await run(process.execPath, [
    VITEST,
    'run',
    '--project',
    project,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    `--reporter=${path.join(ROOT, 'scripts/flaky-reporter.mjs')}`,
  ]);
  const result = { name: project, passed: 0, failed: 0, skipped: 0, note: '', seconds: (Date.now() - started) / 1000 };
  let json;
  try {
    json = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    json = undefined;
  }
  if (json) {
    result.passed = json.numPassedTests ?? 0;
    result.failed = json.numFailedTests ?? 0;
    result.skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    // A file that failed outside any test (import error, failing hook) has no failed test of its own.
    const brokenFiles = (json.testResults ?? []).filter(
      (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
    );
    if (brokenFiles.length > 0) {
      result.failed += brokenFiles.length;
      result.note = `${brokenFiles.length} test file(s) failed outside a test: ${brokenFiles.map((f) => path.relative(ROOT, f.name)).join(', ')}`;
    }
  }
  // Passed only on a retry: counted as passed, and named, so a flaky journey is seen and mended.
  let flaky;
  try {
    flaky = JSON.parse(fs.readFileSync(flakyReport, 'utf8'));
  } catch {
    flaky = [];
  }
  if (flaky.length > 0) {
    result.note = [result.note, `${flaky.length} passed only on a retry`].filter(Boolean).join('; ');
    result.flaky = flaky;
  }
  if (code !== 0 && result.failed === 0) {
    result.failed = 1;
    result.note = json
      ? `vitest exited ${code} with no failed test (counted as 1 failed)`
      : `vitest crashed (exit ${code}, no report; counted as 1 failed)`;
  }
  results.push(result);
  return result;
}

function skip(name, why) {
  results.push({ name, passed: 0, failed: 1, skipped: 0, note: `not run: ${why} (counted as 1 failed)`, seconds: 0 });
}

function hasE2eTests(dir = path.join(ROOT, 'e2e')) {
  if (!fs.existsSync(dir)) return false;
  return fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
    if (entry.name === 'node_modules') return false;
    if (entry.isDirectory()) return hasE2eTests(path.join(dir, entry.name));
    return entry.name.endsWith('.e2e.ts');
  });
}

// `npm test -- unit api` runs only those steps (lint, unit, api, e2e; e2e always builds the web app first).
const STEPS = ['lint', 'unit', 'api', 'e2e'];
const chosen = process.argv.slice(2);
for (const name of chosen) {
  if (!STEPS.includes(name)) {
    console.error(`[test] unknown step '${name}'; steps are ${STEPS.join(', ')}`);
    process.exit(2);
  }
}
const wanted = (name) => chosen.length === 0 || chosen.includes(name);

/** `npm run lint`: types, the layering and cycle rules (docs/architecture.md), formatting. */
async function lint() {
  banner('lint (npm run lint)');
  const started = Date.now();
  const code = await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'lint']);
  results.push({
    name: 'lint',
    passed: 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    note: code === 0 ? 'clean' : `npm run lint exited ${code} (counted as 1 failed)`,
    seconds: (Date.now() - started) / 1000,
  });
}

async function main() {
  if (wanted('lint')) await lint();
  if (interrupted) return;
  if (wanted('unit')) await vitestProject('unit');
  if (interrupted) return;
  if (wanted('api')) await vitestProject('api');
  if (interrupted || !wanted('e2e')) return;

  banner('web app build (npm run build -w @drat/web)');
  const buildStarted = Date.now();
  const buildCode = await buildWeb();
  if (interrupted) return;
  if (buildCode !== 0) {
    results.push({
      name: 'web build',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `build failed (exit ${buildCode})`,
      seconds: (Date.now() - buildStarted) / 1000,
    });
    skip('e2e', 'the web app did not build');
    return;
  }
  results.push({
    name: 'web build',
    passed: 0,
    failed: 0,
    skipped: 0,
    note: 'built',
    seconds: (Date.now() - buildStarted) / 1000,
  });

  if (hasE2eTests()) {
    banner('Debian chromium for e2e');
    const problem = await ensureChromium(run);
    if (problem) {
      console.error(`[test] ${problem}`);
      skip('e2e', problem);
      return;
    }
  }
  if (interrupted) return;
  await vitestProject('e2e');
}

await main();
if (interrupted)
  results.push({ name: 'interrupted', passed: 0, failed: 1, skipped: 0, note: 'stopped by a signal', seconds: 0 });
fs.rmSync(reportDir, { recursive: true, force: true });

const total = results.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
  {
    passed: 0,
    failed: 0,
    skipped: 0,
  },
);
banner('summary');
for (const r of results) {
  const counts =
    r.name === 'web build' || r.name === 'lint'
      ? r.failed
        ? 'failed'
        : 'ok'
      : `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
  console.log(`  ${r.name.padEnd(10)} ${counts.padEnd(36)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.note}`);
  for (const name of r.flaky ?? []) console.log(`             flaky (passed on its retry): ${name}`);
}
if (total.skipped > 0) console.log(`  (${total.skipped} skipped or todo)`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
