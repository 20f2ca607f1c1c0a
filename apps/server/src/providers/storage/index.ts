export type { StorageProvider } from './interface';
export { diskStorage, MEDIA_PREFIX } from './disk';
