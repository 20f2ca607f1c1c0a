import fs from 'node:fs/promises';
import path from 'node:path';
import type { StorageProvider } from './interface';

export const MEDIA_PREFIX = '/media/';

/**
 * Files under DATA_DIR/uploads, served back by the server at /media/ (http/media.ts): profile
 * pictures to anyone, resource files only behind the links the resources area signs.
 */
export function diskStorage(root: string): StorageProvider {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  };
  return {
    name: 'disk',
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(body)) await fs.writeFile(file, body);
      else await moveFile(body.path, file);
      return { url: `${MEDIA_PREFIX}${key}` };
    },
    signedUrl: () => null,
    keyOf: (url) => (url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : null),
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async health() {
      await fs.mkdir(root, { recursive: true });
      return true;
    },
  };
}

/** A rename when both are on one file system (the temporary folder is DATA_DIR's), else a copy. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await fs.copyFile(from, to);
  }
}
