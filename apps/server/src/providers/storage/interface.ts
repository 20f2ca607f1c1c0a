/** Where uploaded files live. Keys are relative paths such as `profile/12-abc.png`. */
export interface StorageProvider {
  readonly name: 'disk' | 's3';
  /** The origin files are served from when it is not this server (the page's CSP must allow it). */
  readonly publicOrigin?: string;
  put(key: string, body: Buffer, contentType: string): Promise<{ url: string }>;
  /** The key behind a URL this storage gave out, or null for any other URL. */
  keyOf(url: string): string | null;
  remove(key: string): Promise<void>;
  health(): Promise<boolean>;
}
