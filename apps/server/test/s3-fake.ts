import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { presignV4, sha256Hex, signV4 } from '../src/providers/storage/sigv4';

export const S3_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
export const S3_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
export const S3_BUCKET = 'drat-media';

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/;
const CREDENTIAL = /^([A-Z0-9]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request$/;

export interface S3Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** `20130524T000000Z` as a Date, or null. */
function dateOf(text: string): Date | null {
  const m = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(text);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}

/**
 * A local server speaking S3's object API, path-style, for one private bucket: PUT, DELETE and
 * HEAD signed with an `Authorization` header (AWS Signature Version 4, signed payload), and GET
 * object either signed the same way or through a presigned URL (X-Amz-* query parameters, as the
 * S3 API reference's "Authenticating Requests: Using Query Parameters" describes). It recomputes
 * every signature with the known secret and answers S3's XML errors: AccessDenied for an anonymous
 * GET (the bucket is private) and for an expired presigned URL, SignatureDoesNotMatch for a changed
 * one, NoSuchKey for a missing object. `now` is the fake's clock (for expiry).
 */
export async function startFakeS3(options: { secret?: string; now?: () => Date } = {}) {
  const secret = options.secret ?? S3_SECRET;
  const now = options.now ?? (() => new Date());
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const received: S3Received[] = [];
  const xmlError = (res: http.ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  };

  /** Null when the header-signed request checks out, else the refusal. */
  function checkHeaderAuth(req: http.IncomingMessage, url: URL, body: Buffer): [number, string, string] | null {
    const auth = AUTH.exec(req.headers.authorization ?? '');
    if (!auth) return [403, 'AccessDenied', 'Access Denied'];
    const [, keyId, day, region, signedHeaders] = auth;
    if (keyId !== S3_KEY_ID) return [403, 'InvalidAccessKeyId', 'Unknown key'];
    const date = String(req.headers['x-amz-date'] ?? '');
    const at = dateOf(date);
    if (!at || date.slice(0, 8) !== day) return [400, 'AuthorizationHeaderMalformed', 'Bad x-amz-date'];
    if (req.headers['x-amz-content-sha256'] !== sha256Hex(body))
      return [400, 'XAmzContentSHA256Mismatch', 'Payload hash differs'];
    const names = signedHeaders!.split(';');
    for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) {
      if (!names.includes(required)) return [403, 'AccessDenied', `${required} is not signed`];
    }
    const signedValues = Object.fromEntries(
      names.filter((n) => n !== 'host').map((n) => [n, String(req.headers[n] ?? '')]),
    );
    const expected = signV4(
      { method: req.method ?? '', url, headers: signedValues, payloadHash: sha256Hex(body) },
      { accessKeyId: S3_KEY_ID, secretAccessKey: secret, region: region! },
      at,
    );
    return expected === req.headers.authorization
      ? null
      : [403, 'SignatureDoesNotMatch', 'The signature does not match'];
  }

  /** Null when the presigned URL checks out (and has not expired), else the refusal. */
  function checkPresigned(url: URL): [number, string, string] | null {
    const q = url.searchParams;
    const credential = CREDENTIAL.exec(q.get('X-Amz-Credential') ?? '');
    const at = dateOf(q.get('X-Amz-Date') ?? '');
    const expires = Number(q.get('X-Amz-Expires'));
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !credential || !at || !Number.isInteger(expires))
      return [400, 'AuthorizationQueryParametersError', 'Bad presigned query'];
    if (credential[1] !== S3_KEY_ID) return [403, 'InvalidAccessKeyId', 'Unknown key'];
    if (q.get('X-Amz-SignedHeaders') !== 'host') return [403, 'AccessDenied', 'Only host may be signed here'];
    const unsigned = new URL(url);
    for (const name of [...unsigned.searchParams.keys()])
      if (name.startsWith('X-Amz-')) unsigned.searchParams.delete(name);
    const expected = new URL(
      presignV4(
        { method: 'GET', url: unsigned },
        { accessKeyId: S3_KEY_ID, secretAccessKey: secret, region: credential[3]! },
        at,
        expires,
      ),
    ).searchParams.get('X-Amz-Signature');
    if (expected !== q.get('X-Amz-Signature')) return [403, 'SignatureDoesNotMatch', 'The signature does not match'];
    if (now().getTime() > at.getTime() + expires * 1000) return [403, 'AccessDenied', 'Request has expired'];
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      received.push({ method: req.method ?? '', path, headers: req.headers, body });
      const url = new URL(path, `http://${req.headers.host}`);
      const presigned = req.method === 'GET' && url.searchParams.has('X-Amz-Signature');
      const refused = presigned ? checkPresigned(url) : checkHeaderAuth(req, url, body);
      if (refused) return xmlError(res, ...refused);
      const key = decodeURIComponent(url.pathname);
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
        return res.end();
      }
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        return res.end(object.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'HEAD') {
        res.writeHead(url.pathname === `/${S3_BUCKET}` ? 200 : 404);
        return res.end();
      }
      return xmlError(res, 405, 'MethodNotAllowed', 'Not here');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    objects,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
