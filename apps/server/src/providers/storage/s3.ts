import { codeForStatus, ProviderError } from '../provider-error';
import type { StorageProvider } from './interface';
import { amzDate, encodeKeyPath, sha256Hex, signV4, type SigV4Credentials } from './sigv4';

export interface S3StorageConfig {
  /** e.g. https://s3.us-east-1.amazonaws.com, or a MinIO/R2/Spaces address. Path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where people fetch the objects: `${publicUrl}/${key}`. */
  publicUrl: string;
}

const TIMEOUT_MS = 30_000;

/** First line of S3's XML error body, for the log (`<Code>` and `<Message>`). */
function describeError(status: number, body: string): string {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  return `S3 answered ${status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`;
}

const failure = (status: number, message: string) =>
  new ProviderError('s3', codeForStatus(status), message, { status });

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces ...): PUT and DELETE
 * object with AWS Signature Version 4. Objects are read by people straight from `publicUrl`.
 */
export function s3Storage(config: S3StorageConfig, now: () => Date = () => new Date()): StorageProvider {
  const endpoint = config.endpoint.replace(/\/+$/, '');
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const credentials: SigV4Credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
  };

  async function send(
    method: 'PUT' | 'DELETE' | 'HEAD',
    key: string | null,
    body?: Buffer,
    contentType?: string,
  ): Promise<Response> {
    const url = new URL(`${endpoint}/${encodeKeyPath(config.bucket)}${key === null ? '' : `/${encodeKeyPath(key)}`}`);
    const at = now();
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = { 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate(at) };
    if (contentType) headers['content-type'] = contentType;
    const authorization = signV4({ method, url, headers, payloadHash }, credentials, at);
    try {
      return await fetch(url, {
        method,
        headers: { ...headers, authorization },
        ...(body ? { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ProviderError('s3', timedOut ? 'TIMEOUT' : 'NETWORK', `S3 ${method}: ${(err as Error).message}`, {
        path: url.pathname,
      });
    }
  }

  return {
    name: 's3',
    publicOrigin: new URL(publicUrl).origin,
    async put(key, body, contentType) {
      const res = await send('PUT', key, body, contentType);
      if (!res.ok) throw failure(res.status, `Storing ${key}: ${describeError(res.status, await res.text())}`);
      return { url: `${publicUrl}/${encodeKeyPath(key)}` };
    },
    keyOf: (url) => (url.startsWith(`${publicUrl}/`) ? decodeURIComponent(url.slice(publicUrl.length + 1)) : null),
    async remove(key) {
      const res = await send('DELETE', key);
      // S3 answers 204 for a deleted object and for one that was not there.
      if (!res.ok && res.status !== 404)
        throw failure(res.status, `Removing ${key}: ${describeError(res.status, await res.text())}`);
    },
    async health() {
      const res = await send('HEAD', null);
      return res.ok;
    },
  };
}
