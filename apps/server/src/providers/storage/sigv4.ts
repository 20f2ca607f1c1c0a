import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 for S3 requests (header-based with a signed payload, and presigned URLs), on node:crypto alone. */

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host; names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (also sent as x-amz-content-sha256). */
  payloadHash: string;
}

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20130524T000000Z` */
export const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 3986 encoding (S3's UriEncode): everything but letters, digits and `-._~`. */
const encodeComponent = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 3986 encoding of each path segment, as S3's canonical URI wants (slashes kept). */
export const encodeKeyPath = (key: string) => key.split('/').map(encodeComponent).join('/');

/** Query parameters encoded (slashes too) and sorted by name, then value: S3's canonical query string. */
function canonicalQuery(params: Iterable<[string, string]>): string {
  const pairs = [...params].map(([k, v]) => [encodeComponent(k), encodeComponent(v)] as const);
  pairs.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/** The signature of a canonical request made at `at`, with what the Authorization header or query names. */
function sign(request: SigV4Request, credentials: SigV4Credentials, at: Date) {
  const service = credentials.service ?? 's3';
  const date = amzDate(at);
  const day = date.slice(0, 8);
  const headers = new Map<string, string>([['host', request.url.host]]);
  for (const [name, value] of Object.entries(request.headers))
    headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  const names = [...headers.keys()].sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.url.pathname || '/',
    canonicalQuery(request.url.searchParams),
    names.map((n) => `${n}:${headers.get(n)}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return { signature, scope, signedHeaders };
}

/**
 * The `Authorization` header value for a request made at `at`. The request must also carry the
 * signed headers themselves (x-amz-date and x-amz-content-sha256 among them).
 */
export function signV4(request: SigV4Request, credentials: SigV4Credentials, at: Date): string {
  const { signature, scope, signedHeaders } = sign(request, credentials, at);
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
}

/** The longest life S3 gives a presigned URL (X-Amz-Expires): 7 days. */
export const PRESIGN_MAX_SECONDS = 7 * 24 * 60 * 60;

/**
 * A presigned URL (S3 API reference, "Authenticating Requests: Using Query Parameters (AWS
 * Signature Version 4)"): `url` with X-Amz-Algorithm, -Credential, -Date, -Expires, -SignedHeaders
 * (host only) and -Signature in its query; the payload is UNSIGNED-PAYLOAD. Whoever holds it may
 * make that one request from `at` until `expiresSeconds` later.
 */
export function presignV4(
  request: { method: string; url: URL },
  credentials: SigV4Credentials,
  at: Date,
  expiresSeconds: number,
): string {
  if (!Number.isInteger(expiresSeconds) || expiresSeconds < 1 || expiresSeconds > PRESIGN_MAX_SECONDS)
    throw new Error(`A presigned URL lives 1 to ${PRESIGN_MAX_SECONDS} seconds, not ${expiresSeconds}`);
  const url = new URL(request.url);
  const scope = `${amzDate(at).slice(0, 8)}/${credentials.region}/${credentials.service ?? 's3'}/aws4_request`;
  const params: [string, string][] = [
    ...url.searchParams,
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${credentials.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate(at)],
    ['X-Amz-Expires', String(expiresSeconds)],
    ['X-Amz-SignedHeaders', 'host'],
  ];
  url.search = canonicalQuery(params);
  const { signature } = sign(
    { method: request.method, url, headers: {}, payloadHash: 'UNSIGNED-PAYLOAD' },
    credentials,
    at,
  );
  url.search = `${url.search.slice(1)}&X-Amz-Signature=${signature}`;
  return url.toString();
}
