import fs from 'node:fs/promises';
import path from 'node:path';
import type { StorageProvider } from './interface';

export const MEDIA_PREFIX = '/media/';

/** Files under DATA_DIR/uploads, served back by the server at /media/. */
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
      await fs.writeFile(file, body);
      return { url: `${MEDIA_PREFIX}${key}` };
    },
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
