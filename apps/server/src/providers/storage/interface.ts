/** Where uploaded files live. Keys are relative paths such as `profile/12-abc.png`. */
export interface StorageProvider {
  readonly name: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<{ url: string }>;
  remove(key: string): Promise<void>;
  health(): Promise<boolean>;
}
