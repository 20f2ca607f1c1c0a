import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { portInFile } from './embedded';

const dirs: string[] = [];
const servers: net.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const fileIn = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-port-'));
  dirs.push(dir);
  return path.join(dir, 'pg-port');
};
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) } as never;

describe('the embedded PostgreSQL keeps its port in DATA_DIR', () => {
  it('takes a free port the first time and keeps it in the file', async () => {
    const file = fileIn();
    const port = await portInFile(file, log);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(port));
  });

  it('gives the same port at the next start, so other processes’ DATABASE_URL still finds it', async () => {
    const file = fileIn();
    const first = await portInFile(file, log);
    expect(await portInFile(file, log)).toBe(first);
  });

  it('takes another port, and keeps that one, when something else holds the kept one', async () => {
    const file = fileIn();
    const first = await portInFile(file, log);
    const squatter = net.createServer();
    servers.push(squatter);
    await new Promise<void>((r) => squatter.listen(first, '127.0.0.1', () => r()));
    const second = await portInFile(file, log);
    expect(second).not.toBe(first);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(second));
    expect(warnings.length).toBeGreaterThan(0);
  });
});
