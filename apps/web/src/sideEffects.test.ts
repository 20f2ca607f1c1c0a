import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * apps/web/package.json declares the app's modules free of side effects, so the bundler leaves out
 * a module none of whose exports a screen uses (a feature's index brings only what is asked of it).
 * A module whose top level does something when imported (a call, a listener) would then be left
 * out silently wherever its exports go unused: it must be named in that list. This test finds such
 * modules by their top-level statements. What a declaration's initialiser does (a `new LiveClient()`
 * that listens to the window) happens whenever that export is used, which is all it is for, so it
 * is not looked at.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const WEB = path.dirname(SRC);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top-level statements that run something on import, as text (declarations and imports do not). */
function topLevelEffects(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const effects: string[] = [];
  for (const statement of source.statements) {
    if (
      ts.isExpressionStatement(statement) ||
      ts.isIfStatement(statement) ||
      ts.isForStatement(statement) ||
      ts.isForOfStatement(statement) ||
      ts.isForInStatement(statement) ||
      ts.isWhileStatement(statement) ||
      ts.isDoStatement(statement) ||
      ts.isSwitchStatement(statement) ||
      ts.isThrowStatement(statement) ||
      ts.isTryStatement(statement) ||
      ts.isBlock(statement)
    )
      effects.push(statement.getText(source).split('\n')[0]!);
    else if (ts.isImportDeclaration(statement) && !statement.importClause)
      // `import './x.css'`: a bare import is there for its effect on the importer.
      effects.push(statement.getText(source));
  }
  return effects;
}

describe('the web app declares its modules with side effects (package.json: sideEffects)', () => {
  const declared: string[] = (
    JSON.parse(fs.readFileSync(path.join(WEB, 'package.json'), 'utf8')) as {
      sideEffects: string[];
    }
  ).sideEffects;

  it('names every module whose top level runs something when imported', () => {
    const undeclared = sources(SRC)
      .map((file) => ({ file: `./${path.relative(WEB, file)}`, effects: topLevelEffects(file) }))
      .filter(({ file, effects }) => effects.length > 0 && !declared.includes(file));
    expect(undeclared).toEqual([]);
  });

  it('names only modules that exist, and keeps CSS, which is imported for its effect', () => {
    expect(declared).toContain('*.css');
    for (const entry of declared.filter((e) => e.startsWith('./')))
      expect(fs.existsSync(path.join(WEB, entry))).toBe(true);
  });

  it('finds a module with a top-level call, a listener or a bare import', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-side-effects-'));
    try {
      const file = path.join(dir, 'probe.ts');
      fs.writeFileSync(
        file,
        "import './a.css';\nimport { x } from './x';\nconst y = 1;\nsetUp(y);\nwindow?.addEventListener('x', () => x);\nexport function f() { g(); }\n",
      );
      expect(topLevelEffects(file)).toEqual([
        "import './a.css';",
        'setUp(y);',
        "window?.addEventListener('x', () => x);",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
