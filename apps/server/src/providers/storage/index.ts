import path from 'node:path';
import { diskStorage } from './disk';
import type { StorageProvider } from './interface';
import { s3Storage, type S3StorageConfig } from './s3';

export type { StorageProvider } from './interface';
export type { S3StorageConfig } from './s3';
export { diskStorage, MEDIA_PREFIX } from './disk';
export { s3Storage } from './s3';

/** STORAGE: files under DATA_DIR/uploads (served at /media/), or an S3-compatible bucket. */
export function createStorage(config: {
  dataDir: string;
  storage: { provider: 'disk' | 's3'; s3: S3StorageConfig | undefined };
}): StorageProvider {
  if (config.storage.provider === 's3' && config.storage.s3) return s3Storage(config.storage.s3);
  return diskStorage(path.join(config.dataDir, 'uploads'));
}
