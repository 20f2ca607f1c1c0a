import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorage } from './index';
import { s3Storage } from './s3';
import { sha256Hex, signV4 } from './sigv4';

const KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/;

describe('signV4', () => {
  it("matches AWS's documented example (GET Object, S3 API reference 'Signature Calculations for the Authorization Header')", () => {
    const authorization = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: {
          Range: 'bytes=0-9',
          'x-amz-content-sha256': sha256Hex(''),
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: sha256Hex(''),
      },
      { accessKeyId: KEY_ID, secretAccessKey: SECRET, region: 'us-east-1' },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local server speaking S3's PUT/DELETE/HEAD object API (path-style). It refuses a request whose
 * Authorization header is not SigV4-shaped, whose payload hash is not the body's, or whose signature
 * is not the one the received method, path and headers give with the known secret.
 */
function fakeS3(secret: string) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const received: Received[] = [];
  const xmlError = (res: http.ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      received.push({ method: req.method ?? '', path, headers: req.headers, body });
      const auth = AUTH.exec(req.headers.authorization ?? '');
      if (!auth) return xmlError(res, 403, 'AccessDenied', 'Authorization header is not AWS SigV4');
      const [, keyId, day, region, signedHeaders] = auth;
      if (keyId !== KEY_ID) return xmlError(res, 403, 'InvalidAccessKeyId', 'Unknown key');
      const date = String(req.headers['x-amz-date'] ?? '');
      if (!/^\d{8}T\d{6}Z$/.test(date) || date.slice(0, 8) !== day)
        return xmlError(res, 400, 'AuthorizationHeaderMalformed', 'Bad x-amz-date');
      if (req.headers['x-amz-content-sha256'] !== sha256Hex(body))
        return xmlError(res, 400, 'XAmzContentSHA256Mismatch', 'Payload hash differs');
      const names = signedHeaders!.split(';');
      for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) {
        if (!names.includes(required)) return xmlError(res, 403, 'AccessDenied', `${required} is not signed`);
      }
      const signedValues = Object.fromEntries(
        names.filter((n) => n !== 'host').map((n) => [n, String(req.headers[n] ?? '')]),
      );
      const at = new Date(
        `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
      );
      const expected = signV4(
        {
          method: req.method ?? '',
          url: new URL(path, `http://${req.headers.host}`),
          headers: signedValues,
          payloadHash: sha256Hex(body),
        },
        { accessKeyId: KEY_ID, secretAccessKey: secret, region: region! },
        at,
      );
      if (expected !== req.headers.authorization)
        return xmlError(res, 403, 'SignatureDoesNotMatch', 'The signature does not match');
      const key = decodeURIComponent(path);
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
        return res.end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'HEAD') {
        res.writeHead(path === '/drat-media' ? 200 : 404);
        return res.end();
      }
      return xmlError(res, 405, 'MethodNotAllowed', 'Not here');
    });
  });
  return { server, objects, received };
}

let fake: ReturnType<typeof fakeS3>;
let endpoint: string;
beforeAll(async () => {
  fake = fakeS3(SECRET);
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.server.close(resolve));
});

const storage = (secret = SECRET) =>
  s3Storage({
    endpoint,
    bucket: 'drat-media',
    region: 'us-east-1',
    accessKeyId: KEY_ID,
    secretAccessKey: secret,
    publicUrl: 'https://cdn.drat.test/media/',
  });

describe('S3 storage against a local S3-speaking server', () => {
  it('PUTs the object with a signed payload hash and answers its public URL', async () => {
    const body = Buffer.from('%PDF-1.4 a tiny document');
    const { url } = await storage().put('resources/abc-guide.pdf', body, 'application/pdf');
    expect(url).toBe('https://cdn.drat.test/media/resources/abc-guide.pdf');
    const stored = fake.objects.get('/drat-media/resources/abc-guide.pdf');
    expect(stored?.body.equals(body)).toBe(true);
    expect(stored?.contentType).toBe('application/pdf');
    const last = fake.received.at(-1)!;
    expect(last.method).toBe('PUT');
    expect(last.headers['x-amz-content-sha256']).toBe(sha256Hex(body));
    const [, , , region, signed] = AUTH.exec(String(last.headers.authorization))!;
    expect(region).toBe('us-east-1');
    expect(signed).toBe('content-type;host;x-amz-content-sha256;x-amz-date');
  });

  it('encodes keys as S3 canonical URIs, so unusual names still verify', async () => {
    const { url } = await storage().put("resources/x y(1)!'*.csv", Buffer.from('a,b\n1,2\n'), 'text/csv');
    expect(url).toBe('https://cdn.drat.test/media/resources/x%20y%281%29%21%27%2A.csv');
    expect(fake.received.at(-1)!.path).toBe('/drat-media/resources/x%20y%281%29%21%27%2A.csv');
    expect(fake.objects.has("/drat-media/resources/x y(1)!'*.csv")).toBe(true);
  });

  it('tells the key back from a URL it gave out, and nothing from other URLs', async () => {
    const { url } = await storage().put('profile/7-x y(1).png', Buffer.from('png'), 'image/png');
    expect(storage().keyOf(url)).toBe('profile/7-x y(1).png');
    expect(storage().keyOf('https://elsewhere.test/media/profile/7.png')).toBeNull();
    expect(storage().keyOf('/media/profile/7.png')).toBeNull();
  });

  it('DELETEs the object, and removing a missing one is not an error', async () => {
    await storage().put('resources/gone.png', Buffer.from('png'), 'image/png');
    await storage().remove('resources/gone.png');
    expect(fake.objects.has('/drat-media/resources/gone.png')).toBe(false);
    const last = fake.received.at(-1)!;
    expect(last.method).toBe('DELETE');
    expect(last.headers['x-amz-content-sha256']).toBe(sha256Hex(''));
    await expect(storage().remove('resources/never-there.png')).resolves.toBeUndefined();
  });

  it("reports S3's error code when the bucket refuses the request", async () => {
    await expect(storage('wrong-secret').put('resources/a.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
    expect(fake.objects.has('/drat-media/resources/a.pdf')).toBe(false);
  });

  it('checks health with a signed HEAD of the bucket and names its public origin for the CSP', async () => {
    expect(await storage().health()).toBe(true);
    expect(storage().publicOrigin).toBe('https://cdn.drat.test');
  });
});

describe('STORAGE configuration', () => {
  it('is disk by default', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/drat-x' });
    expect(c.storage).toEqual({ provider: 'disk', s3: undefined });
    expect(createStorage(c).name).toBe('disk');
  });

  it('needs the bucket and both keys for s3', () => {
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it("defaults to AWS's regional endpoint and a public URL under it", () => {
    const c = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(c.storage.s3).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'media',
      region: 'eu-west-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      publicUrl: 'https://s3.eu-west-1.amazonaws.com/media',
    });
    const s = createStorage(c);
    expect(s.name).toBe('s3');
    expect(s.publicOrigin).toBe('https://s3.eu-west-1.amazonaws.com');
  });
});
