import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { codeForStatus, ProviderError } from '../provider-error';
import type { StorageBody, StorageProvider } from './interface';
import {
  amzDate,
  encodeKeyPath,
  presignV4,
  PRESIGN_MAX_SECONDS,
  sha256Hex,
  signV4,
  type SigV4Credentials,
} from './sigv4';

export interface S3StorageConfig {
  /** e.g. https://s3.us-east-1.amazonaws.com, or a MinIO/R2/Spaces address. Path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where people fetch public objects (profile pictures): `${publicUrl}/${key}`. */
  publicUrl: string;
}

const TIMEOUT_MS = 30_000;
/** A file is sent as it is read; a 100 MB video on a slow link takes a while. */
const FILE_TIMEOUT_MS = 10 * 60_000;
/**
 * Presigned links are signed as of the start of the current 5 minutes and live that much longer:
 * the same link for the same key all that while, so a page reloaded within it gets the images
 * from the browser's cache.
 */
const SIGNING_STEP_MS = 5 * 60_000;

/** What a PUT sends: the bytes, or the file streamed with its length, and their SHA-256. */
async function payloadOf(
  body: StorageBody,
): Promise<{ hash: string; length: number; send: () => Uint8Array | ReadableStream<Uint8Array> }> {
  if (Buffer.isBuffer(body)) {
    return {
      hash: sha256Hex(body),
      length: body.length,
      send: () => new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    };
  }
  const hash = createHash('sha256');
  await pipeline(createReadStream(body.path), hash);
  const { size } = await stat(body.path);
  return {
    hash: hash.digest('hex'),
    length: size,
    send: () => Readable.toWeb(createReadStream(body.path)) as ReadableStream<Uint8Array>,
  };
}

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
 * object with AWS Signature Version 4. Public objects (profile pictures) are read by people
 * straight from `publicUrl`; private ones (resource files) through presigned GET URLs, so the
 * bucket itself stays private (no public-read policy on resources/).
 */
export function s3Storage(config: S3StorageConfig, now: () => Date = () => new Date()): StorageProvider {
  const endpoint = config.endpoint.replace(/\/+$/, '');
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const credentials: SigV4Credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
  };

  const objectUrl = (key: string | null) =>
    new URL(`${endpoint}/${encodeKeyPath(config.bucket)}${key === null ? '' : `/${encodeKeyPath(key)}`}`);

  async function send(
    method: 'PUT' | 'DELETE' | 'HEAD',
    key: string | null,
    body?: StorageBody,
    contentType?: string,
  ): Promise<Response> {
    const url = objectUrl(key);
    const at = now();
    const payload = body === undefined ? undefined : await payloadOf(body);
    const payloadHash = payload?.hash ?? sha256Hex('');
    const headers: Record<string, string> = { 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate(at) };
    if (contentType) headers['content-type'] = contentType;
    const authorization = signV4({ method, url, headers, payloadHash }, credentials, at);
    const streamed = body !== undefined && !Buffer.isBuffer(body);
    try {
      return await fetch(url, {
        method,
        headers: { ...headers, authorization, ...(payload ? { 'content-length': String(payload.length) } : {}) },
        ...(payload ? { body: payload.send(), duplex: 'half' } : {}),
        signal: AbortSignal.timeout(streamed ? FILE_TIMEOUT_MS : TIMEOUT_MS),
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
    signedOrigin: new URL(endpoint).origin,
    async put(key, body, contentType) {
      const res = await send('PUT', key, body, contentType);
      if (!res.ok) throw failure(res.status, `Storing ${key}: ${describeError(res.status, await res.text())}`);
      return { url: `${publicUrl}/${encodeKeyPath(key)}` };
    },
    signedUrl(key, expiresSeconds) {
      const at = new Date(Math.floor(now().getTime() / SIGNING_STEP_MS) * SIGNING_STEP_MS);
      const life = Math.min(Math.ceil(expiresSeconds) + SIGNING_STEP_MS / 1000, PRESIGN_MAX_SECONDS);
      return presignV4({ method: 'GET', url: objectUrl(key) }, credentials, at, life);
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
