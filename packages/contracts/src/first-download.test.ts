import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The contracts the web app's sign-in page takes from '@drat/contracts' in its first download
 * (bench/web/bundle.ts lists them under /login). A zod schema made at module level in any of them
 * brings all of zod into that download (about 26 KB gzipped: issue 29 found it through
 * idempotency.ts), so these modules hold constants and messages only.
 */
const FIRST_DOWNLOAD = ['constants.ts', 'messages.ts', 'routes.ts', 'idempotency.ts'];

/**
 * What the app shell and the parts every signed-in screen shares take from '@drat/contracts': the
 * same, plus their texts (screens.ts, the library's resource-texts.ts, the trading screens'
 * trading-texts.ts, smart-trades.ts, the smart-trade area's constants and TRADE_MSG, which the
 * dashboard shows, the schemas' pieces being in smart-trades-fields.ts; and the tools' tools-texts.ts). Forms that check input with
 * a schema are fetched when they open (the password prompt: app/layout/confirmPasswordDialog.ts).
 */
const TEXTS = ['screens.ts', 'resource-texts.ts', 'trading-texts.ts', 'smart-trades.ts', 'tools-texts.ts'];
const SHELL = [...FIRST_DOWNLOAD, ...TEXTS];

/** `file` imports no zod, and of this package only modules in `allowed` (which are checked too). */
function expectZodFree(file: string, allowed: readonly string[]): void {
  const source = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
  const imports = [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
  expect(imports.filter((from) => from === 'zod' || from.startsWith('zod/'))).toEqual([]);
  const local = imports.filter((from) => from.startsWith('./')).map((from) => `${from.slice(2)}.ts`);
  expect(local.filter((f) => !allowed.includes(f))).toEqual([]);
}

describe("the sign-in page's contracts", () => {
  // What they import from each other stays within the list.
  it.each(FIRST_DOWNLOAD)('%s imports neither zod nor a module that does', (file) =>
    expectZodFree(file, FIRST_DOWNLOAD),
  );
});

describe("the signed-in shell's contracts", () => {
  it.each(TEXTS)('%s imports neither zod nor a module that does', (file) => expectZodFree(file, SHELL));
});
