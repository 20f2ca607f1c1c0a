import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepStaleUploads } from './resources.form';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('temporary files of interrupted uploads', () => {
  it('are removed at start-up once old; an upload still arriving is left alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-uploads-'));
    dirs.push(dir);
    const now = new Date();
    const old = path.join(dir, 'left-by-a-crash');
    const fresh = path.join(dir, 'arriving-now');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'y');
    const sevenHoursAgo = new Date(now.getTime() - 7 * 3600_000);
    fs.utimesSync(old, sevenHoursAgo, sevenHoursAgo);

    expect(sweepStaleUploads(dir, 6 * 3600_000, now)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(['arriving-now']);
  });

  it('a folder that does not exist yet is nothing to sweep', () => {
    expect(sweepStaleUploads(path.join(os.tmpdir(), `drat-none-${process.pid}-${Date.now()}`), 1, new Date())).toBe(0);
  });
});
