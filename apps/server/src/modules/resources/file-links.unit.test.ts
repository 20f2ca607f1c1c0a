import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { fileLinks, linkSecret } from './file-links';

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-links-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const KEY = 'resources/abc-guide.pdf';
const queryOf = (link: string) => Object.fromEntries(new URL(link, 'http://drat.test').searchParams);

describe('links to resource files', () => {
  const links = fileLinks('a secret of the server, long enough');

  it('name the file, the user and the expiry, and read back only as signed', () => {
    const link = links.sign(KEY, 42, 1_800_000_000);
    expect(link).toMatch(/^\/media\/resources\/abc-guide\.pdf\?u=42&exp=1800000000&sig=[\w-]{43}$/);
    expect(links.read(KEY, queryOf(link))).toEqual({ userId: 42, expires: 1_800_000_000 });
  });

  it.each<[string, (q: Record<string, string>) => [string, Record<string, unknown>]]>([
    ['another file', (q) => ['resources/other.pdf', q]],
    ['another user', (q) => [KEY, { ...q, u: '43' }]],
    ['a later expiry', (q) => [KEY, { ...q, exp: '1800000300' }]],
    ['a changed signature', (q) => [KEY, { ...q, sig: `x${q.sig!.slice(1)}` }]],
    ['no signature', (q) => [KEY, { u: q.u, exp: q.exp }]],
    ['a list for the user', (q) => [KEY, { ...q, u: ['42', '42'] }]],
    ['a user that is not a number', (q) => [KEY, { ...q, u: '4e1' }]],
  ])('%s: not ours', (_label, change) => {
    const [key, query] = change(queryOf(links.sign(KEY, 42, 1_800_000_000)));
    expect(links.read(key, query)).toBeNull();
  });

  it("another server's secret does not verify them", () => {
    const link = links.sign(KEY, 42, 1_800_000_000);
    expect(fileLinks('another secret, just as long as ours').read(KEY, queryOf(link))).toBeNull();
  });
});

describe('the secret that signs them', () => {
  it('is made once in DATA_DIR, readable by the server alone, and read again at the next start', () => {
    const dir = dataDir();
    const first = linkSecret(undefined, dir);
    const file = path.join(dir, 'media-link.secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A restart: links given out before still verify.
    const link = fileLinks(first).sign(KEY, 7, 1_800_000_000);
    expect(fileLinks(linkSecret(undefined, dir)).read(KEY, queryOf(link))).not.toBeNull();
    expect(fs.readdirSync(dir)).toEqual(['media-link.secret']);
  });

  it('MEDIA_LINK_SECRET wins, and must be long', () => {
    const dir = dataDir();
    expect(linkSecret('configured-secret-configured-secret', dir)).toBe('configured-secret-configured-secret');
    expect(fs.existsSync(path.join(dir, 'media-link.secret'))).toBe(false);
    expect(loadConfig({ MEDIA_LINK_SECRET: 'x'.repeat(40) }).mediaLinkSecret).toBe('x'.repeat(40));
    expect(loadConfig({}).mediaLinkSecret).toBeUndefined();
    expect(() => loadConfig({ MEDIA_LINK_SECRET: 'short' })).toThrow(
      /MEDIA_LINK_SECRET: give at least 32 random characters/,
    );
  });

  it('a file that holds no usable secret stops the start, saying what to do', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'media-link.secret'), '\n');
    expect(() => linkSecret(undefined, dir)).toThrow(/holds no usable secret: remove it/);
  });
});
