import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 for S3 requests (header-based, signed payload), on node:crypto alone. */

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

/** RFC 3986 encoding of each path segment, as S3's canonical URI wants (slashes kept). */
export const encodeKeyPath = (key: string) =>
  key
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams].map(([k, v]) => [encodeKeyPath(k), encodeKeyPath(v)] as const);
  pairs.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/**
 * The `Authorization` header value for a request made at `at`. The request must also carry the
 * signed headers themselves (x-amz-date and x-amz-content-sha256 among them).
 */
export function signV4(request: SigV4Request, credentials: SigV4Credentials, at: Date): string {
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
    canonicalQuery(request.url),
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
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
}
