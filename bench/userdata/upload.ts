/**
 * `npm run bench:userdata -w @drat/bench`: issue 27's figure, "a 100,000-row upload under 30 s with
 * memory bounded by streaming", beside a baseline of the same run.
 *
 * 1. Baseline: csv-parse alone reading the same file from disk (no cleaning, no database).
 * 2. The upload as the route runs it (user-data.read.ts → user-data.service.ts, on an embedded
 *    PostgreSQL of its own), from a file stream: a CSV of BENCH_ROWS new people, in one
 *    transaction. Then the same file again (everyone known, nothing changed), then a file where
 *    every tenth person has a new last name (pending changes), then the first file as XLSX.
 * 3. Memory: the process's heap in use is sampled every 50 ms during each upload (its peak above
 *    the start, garbage included), and every 2 s right after a full collection: what the upload
 *    holds. Streamed, that is one key per person (for duplicates within the file), not the rows:
 *    run with BENCH_ROWS=400000 to see it grow by that key only.
 *
 * Prints figures; never fails on time (exit 1 only when something is broken).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { connect, runMigrations, type Database } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/server/src/db/embedded';
import { transactions } from '../../apps/server/src/db/transaction';
import { auditRepo } from '../../apps/server/src/modules/admin/audit.repo';
import { createAudit } from '../../apps/server/src/modules/admin/audit.service';
import { sheetRows } from '../../apps/server/src/modules/admin/user-data.read';
import { userDataRepo } from '../../apps/server/src/modules/admin/user-data.repo';
import { createUserData } from '../../apps/server/src/modules/admin/user-data.service';
import { machineLine } from '../api/server';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TARGET_S = 30;
const log = pino({ level: 'silent' });
const MB = 1024 * 1024;
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Person i of the file; `changed`: every tenth one has a new last name. */
const person = (i: number, changed = false) => [
  `First${i}`,
  changed && i % 10 === 0 ? `Renamed${i}` : `Last${i}`,
  `person${i}@bench.drat`,
  i % 3 === 0 ? `tw_${i}` : '',
  i % 4 === 0 ? `ig.${i}` : '',
  i % 2 === 0 ? `+1415${String(i).padStart(7, '0')}` : '',
  i % 5 === 0 ? 'lead;bench' : '',
];
const HEADER = ['first_name', 'last_name', 'email', 'twitter_handle', 'instagram_handle', 'phone_number', 'tags'];

function writeCsv(file: string, changed = false): number {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, `${HEADER.join(',')}\r\n`);
  let chunk = '';
  for (let i = 1; i <= ROWS; i++) {
    chunk += `${person(i, changed).join(',')}\r\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  }
  fs.writeSync(fd, chunk);
  fs.closeSync(fd);
  return fs.statSync(file).size;
}

async function writeXlsx(file: string): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('People');
  sheet.addRow(HEADER).commit();
  for (let i = 1; i <= ROWS; i++) sheet.addRow(person(i)).commit();
  sheet.commit();
  await workbook.commit();
  return fs.statSync(file).size;
}

/**
 * Runs `fn`, sampling the heap in use; answers its time, the peak heap above the start (garbage
 * included), and the peak of what the upload holds: the heap right after a full collection, taken
 * every 2 s (with --expose-gc; the pauses cost the time figure a few per cent).
 */
async function measured<T>(fn: () => Promise<T>): Promise<{ ms: number; peakMb: number; heldMb: number; value: T }> {
  global.gc?.();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  let held = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 50);
  const collect = setInterval(() => {
    if (!global.gc) return;
    global.gc();
    held = Math.max(held, process.memoryUsage().heapUsed);
  }, 2000);
  const t0 = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { ms: performance.now() - t0, peakMb: (peak - start) / MB, heldMb: (held - start) / MB, value };
  } finally {
    clearInterval(timer);
    clearInterval(collect);
  }
}

async function main(): Promise<void> {
  console.log(`bench/userdata: a ${ROWS.toLocaleString('en-US')}-row upload\n${machineLine()}\n`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-bench-userdata-'));
  let embedded: EmbeddedDatabase | undefined;
  let database: Database | undefined;
  try {
    const csv = path.join(dir, 'people.csv');
    const changedCsv = path.join(dir, 'people-changed.csv');
    const xlsx = path.join(dir, 'people.xlsx');
    const csvBytes = writeCsv(csv);
    writeCsv(changedCsv, true);
    const xlsxBytes = await writeXlsx(xlsx);
    console.log(`files: CSV ${(csvBytes / MB).toFixed(1)} MB, XLSX ${(xlsxBytes / MB).toFixed(1)} MB`);

    // 1. Baseline: csv-parse alone.
    const base = await measured(async () => {
      let n = 0;
      for await (const _ of fs.createReadStream(csv).pipe(parse({ bom: true, relax_column_count: true }))) n += 1;
      return n;
    });
    console.log(`baseline, csv-parse alone: ${fmt(base.ms)} for ${base.value.toLocaleString('en-US')} records`);

    // 2. The upload.
    embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), log);
    database = connect(embedded.url, 10);
    await runMigrations(database.db);
    const now = () => new Date();
    const service = createUserData({
      repo: userDataRepo(database.db),
      audit: createAudit(auditRepo(database.db), now),
      withTransaction: transactions(database.db),
      now,
    });
    const admin = { userId: 1, email: 'bench@drat.local' };
    const run = async (label: string, file: string, bytes: number) => {
      const r = await measured(() =>
        service.upload(admin, sheetRows(fs.createReadStream(file), path.basename(file)), path.basename(file)),
      );
      const d = r.value.data;
      const ratio = r.ms / base.ms;
      console.log(
        `${label}: ${fmt(r.ms)} (${ratio.toFixed(1)} × the baseline; goal < ${TARGET_S} s: ${r.ms < TARGET_S * 1000 ? 'met' : 'NOT met'}), ` +
          `${Math.round((ROWS / r.ms) * 1000).toLocaleString('en-US')} rows/s; added ${d.added}, pending ${d.pending}, unchanged ${d.unchanged}, skipped ${d.skipped}; ` +
          `peak heap +${r.peakMb.toFixed(0)} MB, held after GC +${r.heldMb.toFixed(0)} MB (${((r.heldMb * MB) / ROWS).toFixed(0)} bytes a row) for a ${(bytes / MB).toFixed(1)} MB file`,
      );
      return d;
    };
    const first = await run('upload of new people (CSV)', csv, csvBytes);
    if (first.added !== ROWS) throw new Error(`expected ${ROWS} added, got ${first.added}`);
    const again = await run('the same file again (all known, unchanged)', csv, csvBytes);
    if (again.unchanged !== ROWS) throw new Error(`expected ${ROWS} unchanged, got ${again.unchanged}`);
    const changed = await run('every tenth person renamed (pending changes)', changedCsv, csvBytes);
    if (changed.pending !== ROWS / 10) throw new Error(`expected ${ROWS / 10} pending, got ${changed.pending}`);
    await database.pool.query('truncate contacts cascade');
    const fromXlsx = await run('upload of new people (XLSX)', xlsx, xlsxBytes);
    if (fromXlsx.added !== ROWS) throw new Error(`expected ${ROWS} added from XLSX, got ${fromXlsx.added}`);
  } finally {
    await database?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`bench/userdata: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
