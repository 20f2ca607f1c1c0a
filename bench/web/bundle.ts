/**
 * `npm run bench:web -w @drat/bench` (part of `npm run bench`): what each route of the web app
 * downloads, gzipped, against the targets of issues 12 and 29 (sign-in page: at most 200 KB gzipped;
 * each signed-in screen at most 350 KB, with what all of them share, the first download and the
 * shell, printed apart).
 *
 * Builds apps/web in memory with its own vite.config.ts (Vite's JS API, `write: false`; the
 * sources as they are now, apps/web/dist is not touched) and reads the chunk graph from the Rollup
 * output: each chunk's modules, static imports, dynamic imports and imported CSS. A route loads
 * the entry chunk and its static imports, then for each module it renders that the entry does not
 * hold (the routes after sign-in with the signed-in layout, the page's feature, fetched with
 * `import()`), that module's chunk and its static imports. Sizes are gzip level 9 (what the server sends, from the
 * files precompressed at build time) and brotli, per file, summed. Dynamic imports a route's code
 * makes later (on a click: the Excel export, a dialog) are listed as "on demand", not counted.
 * It prints figures; it never fails on size.
 *
 * BENCH_WEB_DIR measures another copy of apps/web instead (a checkout of an older commit, for a
 * before/after); it must sit two folders below the repository, like apps/web, to find its packages.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build, type Rollup } from 'vite';
import { PUBLIC_SALES_PATHS, PUBLIC_SALES_PREFIXES } from '../../packages/contracts/src/public-paths';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = process.env.BENCH_WEB_DIR ? path.resolve(process.env.BENCH_WEB_DIR) : path.join(ROOT, 'apps/web');
const KB = 1024;
const LOGIN_TARGET_KB = 200;
/** Issue 29: each signed-in screen at most 350 KB gzipped, the shell's share measured apart. */
const SIGNED_IN_TARGET_KB = 350;
/** Issue 28: each public sales page under 150 KB of JavaScript gzipped, no sign-in code. */
const PUBLIC_TARGET_KB = 150;

/**
 * What every signed-in page below renders in: the routes other than sign-in's (app/otherRoutes.tsx,
 * which holds the signed-in layout), and what app/loadScreen.ts fetches with them before they
 * render: React Query's client and antd's message, notification and modal holders.
 */
const SHELL = [
  'src/app/otherRoutes.tsx',
  'src/app/layout/AppLayout.tsx',
  'src/app/queryClient.tsx',
  'src/app/AntAppHolders.tsx',
];
const page = (feature: string, component: string) => ({
  renders: [...SHELL, `src/features/${feature}/index.ts`, `src/features/${feature}/${component}.tsx`],
  targetKb: SIGNED_IN_TARGET_KB,
});

/**
 * The routes, with the modules each renders on its first screen: the layout, the feature's index
 * that app/pages.tsx imports and the page's own component (which the index may fetch in turn). A
 * module the entry already holds adds nothing; one in another chunk must be what an `import()` loads.
 */
export const ROUTES: { route: string; renders: string[]; targetKb?: number }[] = [
  {
    route: '/login',
    renders: ['src/features/auth/index.ts', 'src/features/auth/LoginPage.tsx'],
    targetKb: LOGIN_TARGET_KB,
  },
  { route: '/dashboard', ...page('dashboard', 'DashboardPage') },
  { route: '/alerts', ...page('alerts', 'AlertsPage') },
  { route: '/completed-alerts', ...page('alerts', 'completed/CompletedAlertsPage') },
  { route: '/triggers', ...page('triggers', 'TriggersPage') },
  { route: '/trackers', ...page('trackers', 'TrackersPage') },
  { route: '/tools', ...page('tools', 'ToolsPage') },
  { route: '/resources', ...page('resources', 'ResourcesPage') },
  { route: '/settings', ...page('settings', 'SettingsPage') },
  { route: '/manage-resources', ...page('resources', 'ManageResourcesPage') },
];

/** Other screens, reached by a link rather than from a route above: not "on demand" of those. */
const OTHER_SCREENS = [
  'src/features/auth/ResetPages.tsx',
  'src/features/auth/ConfirmEmailPage.tsx',
  'src/app/NotFoundPage.tsx',
  'src/features/placeholders/PlaceholderPage.tsx',
];

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteFigures {
  route: string;
  js: Sizes;
  css: Sizes;
  files: number;
  targetKb?: number;
  /** Gzipped JS of the files this route loads that the sign-in page and the signed-in shell do not. */
  ownGzip: number;
  /** Chunks the route's code may fetch later (on a click), with the gzipped size they add. */
  onDemand: { name: string; gzip: number }[];
}

function sizesOf(content: string | Uint8Array): Sizes {
  const buffer = Buffer.from(content);
  return {
    raw: buffer.length,
    gzip: zlib.gzipSync(buffer, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buffer, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }).length,
  };
}

const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };

/**
 * Builds the web app in memory and returns its chunks and assets. `automatic`: with rolldown's own
 * chunking alone, without vite.config.ts's group for the first download.
 */
export async function buildWeb({ automatic = false } = {}): Promise<Rollup.OutputBundle[string][]> {
  const result = await build({
    root: WEB,
    configFile: path.join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      write: false,
      sourcemap: false,
      reportCompressedSize: false,
      ...(automatic ? { rolldownOptions: { output: { codeSplitting: true } } } : {}),
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((out) => ('output' in out ? out.output : []));
}

/** `start` and every chunk it imports statically, by file name (added to `into`). */
function staticClosure(
  byFile: ReadonlyMap<string, Rollup.OutputChunk>,
  start: Rollup.OutputChunk,
  into = new Set<string>(),
): Set<string> {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const file of start.imports) {
    const next = byFile.get(file);
    if (next) staticClosure(byFile, next, into);
  }
  return into;
}

/** A build's chunks by file name, and its entry chunk's static closure: what its first screen downloads. */
function firstDownload(output: Rollup.OutputBundle[string][], build = 'the build') {
  const chunks = output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error(`${build} has no entry chunk`);
  return { chunks, byFile, entry, files: staticClosure(byFile, entry) };
}

/** Gzipped JS every signed-in screen loads: the sign-in page's first download and the shell beyond it. */
export interface SharedFigures {
  first: number;
  shell: number;
}

/** Per route: the files it loads and their gzipped sizes. */
export function routeFigures(output: Rollup.OutputBundle[string][]): { routes: RouteFigures[]; shared: SharedFigures } {
  const { chunks, byFile, files: entryFiles } = firstDownload(output);
  const assets = new Map(output.filter((o) => o.type === 'asset').map((a) => [a.fileName, a]));
  const sizeCache = new Map<string, Sizes>();
  const sizeOf = (file: string): Sizes => {
    let sizes = sizeCache.get(file);
    if (!sizes) {
      const chunk = byFile.get(file);
      const asset = assets.get(file);
      sizes = sizesOf(chunk ? chunk.code : (asset?.source ?? ''));
      sizeCache.set(file, sizes);
    }
    return sizes;
  };
  const closure = (start: Rollup.OutputChunk, into: Set<string>) => staticClosure(byFile, start, into);
  const dynamicTargets = new Set(chunks.flatMap((c) => c.dynamicImports));
  const chunkOf = (rel: string): Rollup.OutputChunk => {
    const id = path.join(WEB, rel);
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`no chunk holds ${rel}: update ROUTES in bench/web/bundle.ts`);
    return chunk;
  };
  /** Other screens are reached by navigating, not "on demand" of this one. */
  const screens = new Set([...ROUTES.flatMap((r) => r.renders), ...OTHER_SCREENS].map((rel) => chunkOf(rel).fileName));

  /** The files of a route that renders `renders`. */
  const filesOf = (route: string, renders: string[]): Set<string> => {
    const files = new Set(entryFiles);
    for (const rel of renders) {
      const chunk = chunkOf(rel);
      if (files.has(chunk.fileName)) continue;
      // Loaded by import(): only a chunk that is an import() target can be fetched on its own.
      if (!dynamicTargets.has(chunk.fileName))
        throw new Error(`${rel} (${route}) is in ${chunk.fileName}, which no import() loads by itself`);
      closure(chunk, files);
    }
    return files;
  };
  /** What every signed-in screen loads: the first download and the shell. */
  const shellFiles = filesOf('the shell', SHELL);

  const gzipOf = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file).gzip, 0);
  const first = gzipOf(entryFiles);
  const shared = { first, shell: gzipOf(shellFiles) - first };

  const routes = ROUTES.map(({ route, renders, targetKb }) => {
    const files = filesOf(route, renders);
    const signedIn = SHELL.every((rel) => renders.includes(rel));
    const base = signedIn ? shellFiles : entryFiles;
    const ownGzip = gzipOf([...files].filter((file) => !base.has(file)));
    let js = ZERO;
    let css = ZERO;
    const cssFiles = new Set<string>();
    for (const file of files) {
      js = add(js, sizeOf(file));
      const chunk = byFile.get(file)!;
      for (const sheet of chunk.viteMetadata?.importedCss ?? []) cssFiles.add(sheet);
    }
    for (const sheet of cssFiles) css = add(css, sizeOf(sheet));
    // What this route's own code may fetch; the first download's (the sign-in page's OTP dialog …)
    // is listed once, for the route that is all first download.
    const own = files.size > entryFiles.size ? [...files].filter((f) => !entryFiles.has(f)) : [...files];
    const later = new Set<string>();
    for (const file of own) for (const target of byFile.get(file)!.dynamicImports) later.add(target);
    const onDemand = [...later]
      .filter((file) => !files.has(file) && !screens.has(file))
      .map((file) => {
        const extra = new Set<string>();
        closure(byFile.get(file)!, extra);
        let gzip = 0;
        for (const f of extra) if (!files.has(f)) gzip += sizeOf(f).gzip;
        return { name: byFile.get(file)!.name, gzip };
      });
    return { route, js, css, files: files.size + cssFiles.size, targetKb, ownGzip, onDemand };
  });
  return { routes, shared };
}

/**
 * The modules the first download holds that the sign-in page does not use: those the same build
 * with rolldown's own chunking (which follows only the imports that are used) leaves out of it.
 * vite.config.ts's group takes what the entry's imports reach, used or not (REACHED_NOT_RUN there).
 */
export function unusedInFirstDownload(
  grouped: Rollup.OutputBundle[string][],
  automatic: Rollup.OutputBundle[string][],
): { id: string; bytes: number }[] {
  const rendered = (output: Rollup.OutputBundle[string][]) => {
    const { byFile, files } = firstDownload(output);
    return new Map(
      [...files].flatMap((file) =>
        Object.entries(byFile.get(file)!.modules)
          .filter(([, m]) => m.renderedLength > 0)
          .map(([id, m]) => [id, m.renderedLength] as const),
      ),
    );
  };
  const used = rendered(automatic);
  return [...rendered(grouped)]
    .filter(([id]) => !used.has(id))
    .map(([id, bytes]) => ({ id: path.relative(ROOT, id), bytes }))
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * The first download's chunks that import themselves through others, a cycle (none expected): in
 * a cycle one chunk's code runs before what it imports from another is set.
 */
export function cyclesInFirstDownload(output: Rollup.OutputBundle[string][]): string[] {
  const { byFile, files } = firstDownload(output);
  return [...files].filter((file) => {
    const reached = new Set<string>();
    for (const next of byFile.get(file)!.imports)
      if (byFile.has(next)) staticClosure(byFile, byFile.get(next)!, reached);
    return reached.has(file);
  });
}

/** Builds the public sales pages' own entry (vite.offers.config.ts) in memory. */
export async function buildOffers(): Promise<Rollup.OutputBundle[string][]> {
  const result = await build({
    root: WEB,
    configFile: path.join(WEB, 'vite.offers.config.ts'),
    logLevel: 'warn',
    build: { write: false, sourcemap: false, reportCompressedSize: false, emptyOutDir: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((out) => ('output' in out ? out.output : []));
}

/**
 * The public sales pages: one small entry holds them all (no route loads more than its first
 * download), so each page's figure is the entry's; and none of the signed-in app's code is in it.
 */
export function offersFigures(output: Rollup.OutputBundle[string][]): { js: Sizes; css: Sizes; signInCode: string[] } {
  const { byFile, files } = firstDownload(output, 'the offers build');
  let js = ZERO;
  let css = ZERO;
  const signInCode: string[] = [];
  for (const f of files) {
    const chunk = byFile.get(f)!;
    js = add(js, sizesOf(chunk.code));
    for (const sheet of chunk.viteMetadata?.importedCss ?? []) {
      const asset = output.find((o) => o.fileName === sheet);
      if (asset && asset.type === 'asset') css = add(css, sizesOf(asset.source));
    }
    for (const id of chunk.moduleIds)
      if (/[\\/](antd|@tanstack|react-router)[\\/]|src[\\/](app|features)[\\/]/.test(id))
        signInCode.push(path.relative(ROOT, id));
  }
  return { js, css, signInCode };
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

export function printRoutes(rows: RouteFigures[], shared: SharedFigures): void {
  console.log(
    `${'route'.padEnd(19)}${'files'.padStart(6)}${'JS gz KB'.padStart(10)}${'CSS gz KB'.padStart(11)}${'total gz KB'.padStart(13)}${'total br KB'.padStart(13)}${'raw KB'.padStart(9)}${'own JS KB'.padStart(10)}  target`,
  );
  for (const r of rows) {
    const total = add(r.js, r.css);
    const target =
      r.targetKb === undefined ? '-' : `≤ ${r.targetKb} KB gz: ${total.gzip <= r.targetKb * KB ? 'meets' : 'over'}`;
    console.log(
      `${r.route.padEnd(19)}${String(r.files).padStart(6)}${kb(r.js.gzip).padStart(10)}${kb(r.css.gzip).padStart(11)}${kb(total.gzip).padStart(13)}${kb(total.brotli).padStart(13)}${kb(total.raw).padStart(9)}${kb(r.ownGzip).padStart(10)}  ${target}`,
    );
  }
  console.log(
    `\nshared by every signed-in screen, JS gz: the sign-in page's first download ${kb(shared.first)} KB + the shell ${kb(shared.shell)} KB (app/otherRoutes.tsx, the layout, React Query, antd's holders); "own JS" is the rest of a screen`,
  );
  console.log('\non demand (fetched later by a click or a dialog, not counted above), gzipped KB:');
  for (const r of rows) {
    const list = r.onDemand.map((d) => `${d.name} ${kb(d.gzip)}`).join(', ');
    console.log(`  ${r.route.padEnd(19)}${list || '-'}`);
  }
}

async function main(): Promise<void> {
  console.log(`bench/web: building ${path.relative(ROOT, WEB)} in memory (vite build, write: false)…`);
  const t0 = performance.now();
  const output = await buildWeb();
  console.log(`bench/web: built in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  const figures = routeFigures(output);
  printRoutes(figures.routes, figures.shared);
  const cycles = cyclesInFirstDownload(output);
  console.log(
    `\nfirst download's chunks in an import cycle: ${cycles.length === 0 ? 'none' : `${cycles.join(', ')} (something it runs uses REACHED_NOT_RUN of apps/web/vite.config.ts: take it out of that list)`}`,
  );
  const unused = unusedInFirstDownload(output, await buildWeb({ automatic: true }));
  console.log(
    `in the first download but not used by the sign-in page (against rolldown's own chunking): ${
      unused.length === 0
        ? 'none'
        : `${unused.length} modules, ${kb(unused.reduce((sum, m) => sum + m.bytes, 0))} KB before compression: ${unused
            .slice(0, 8)
            .map((m) => m.id)
            .join(', ')} (leave them out of the group: REACHED_NOT_RUN in apps/web/vite.config.ts)`
    }`,
  );

  const offers = offersFigures(await buildOffers());
  console.log(
    `\npublic sales pages (their own entry, apps/web/offers.html), target ≤ ${PUBLIC_TARGET_KB} KB of JavaScript gz each:`,
  );
  for (const route of [...PUBLIC_SALES_PATHS, ...PUBLIC_SALES_PREFIXES.map((p) => `${p}…`)]) {
    console.log(
      `  ${route.padEnd(48)}JS gz ${kb(offers.js.gzip).padStart(6)} KB   CSS gz ${kb(offers.css.gzip).padStart(5)} KB   ${offers.js.gzip <= PUBLIC_TARGET_KB * KB ? 'meets' : 'over'}`,
    );
  }
  console.log(
    `  sign-in code in it (antd, React Query, the router, src/app, src/features): ${offers.signInCode.length === 0 ? 'none' : offers.signInCode.slice(0, 5).join(', ')}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await main();
  } catch (err) {
    console.error(`bench/web: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
