import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text the browser fetches (source maps are left out: only DevTools reads them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function compressFile(file: string): Promise<number> {
  const source = await fs.readFile(file);
  if (source.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  // A copy is kept only when it is smaller; the server falls back to the next encoding, then the file.
  if (br.length < source.length) {
    await fs.writeFile(`${file}.br`, br);
    written += 1;
  }
  if (gz.length < source.length) {
    await fs.writeFile(`${file}.gz`, gz);
    written += 1;
  }
  return written;
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible file
 * of the build, including the copied public files, so the server sends them without compressing
 * per request (apps/server/src/http/spa.ts picks one by Accept-Encoding).
 */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  let wrote = false;
  return {
    name: 'drat:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    // Only a build that writes its files (not an in-memory one, `write: false`) is compressed.
    writeBundle() {
      wrote = true;
    },
    async closeBundle() {
      if (!wrote) return;
      const files = (await filesBelow(outDir)).filter((f) => COMPRESSIBLE.test(f));
      const written = await Promise.all(files.map(compressFile));
      const count = written.reduce((a, b) => a + b, 0);
      logger?.info(`precompressed: ${count} .br and .gz files beside ${files.length} files of ${outDir}`);
    },
  };
}
