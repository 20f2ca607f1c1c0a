/**
 * What is stored: bytes in memory (a profile picture), or a file on this machine (an upload
 * streamed to a temporary file), which the storage may move away: the caller removes it afterwards
 * if it is still there.
 */
export type StorageBody = Buffer | { path: string };

/** Where uploaded files live. Keys are relative paths such as `profile/12-abc.png`. */
export interface StorageProvider {
  readonly name: 'disk' | 's3';
  /** The origin public files are served from when it is not this server (the page's CSP must allow it). */
  readonly publicOrigin?: string;
  /** The origin of `signedUrl`'s links when it is not this server (for the page's CSP too). */
  readonly signedOrigin?: string;
  /** Stores the body under `key`; answers its public URL (profile pictures are public). */
  put(key: string, body: StorageBody, contentType: string): Promise<{ url: string }>;
  /**
   * A link that lets whoever holds it GET the private object `key` for at least `expiresSeconds`,
   * made by the storage itself (an S3 presigned URL); null when the storage serves no private
   * links, and this server must serve the file behind a link of its own (disk: /media/resources/).
   */
  signedUrl(key: string, expiresSeconds: number): string | null;
  /** The key behind a URL this storage gave out, or null for any other URL. */
  keyOf(url: string): string | null;
  remove(key: string): Promise<void>;
  health(): Promise<boolean>;
}
