import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_KEY_ID as KEY_ID, S3_SECRET as SECRET, startFakeS3, type FakeS3 } from '../../../test/s3-fake';
import { loadConfig } from '../../config';
import { createStorage } from './index';
import { s3Storage } from './s3';
import { presignV4, sha256Hex, signV4 } from './sigv4';

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

describe('presignV4', () => {
  it("matches AWS's documented example (S3 API reference, 'Authenticating Requests: Using Query Parameters', GET test.txt for 86400 s)", () => {
    const url = presignV4(
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt') },
      { accessKeyId: KEY_ID, secretAccessKey: SECRET, region: 'us-east-1' },
      new Date('2013-05-24T00:00:00Z'),
      86400,
    );
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt' +
        '?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('refuses a life S3 would not accept (1 s to 7 days)', () => {
    const sign = (seconds: number) =>
      presignV4(
        { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt') },
        { accessKeyId: KEY_ID, secretAccessKey: SECRET, region: 'us-east-1' },
        new Date(),
        seconds,
      );
    expect(() => sign(0)).toThrow(/1 to 604800 seconds/);
    expect(() => sign(604801)).toThrow(/1 to 604800 seconds/);
    expect(sign(604800)).toContain('X-Amz-Expires=604800');
  });
});

let fake: FakeS3;
let endpoint: string;
/** The fake's clock: the real time, unless a test moves it. */
let fakeNow: Date | null = null;
beforeAll(async () => {
  fake = await startFakeS3({ now: () => fakeNow ?? new Date() });
  endpoint = fake.endpoint;
});
afterAll(async () => {
  await fake.close();
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

describe('private objects through presigned GET URLs', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-s3-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const at = (iso: string) =>
    s3Storage(
      {
        endpoint,
        bucket: 'drat-media',
        region: 'us-east-1',
        accessKeyId: KEY_ID,
        secretAccessKey: SECRET,
        publicUrl: 'https://cdn.drat.test/media/',
      },
      () => new Date(iso),
    );

  it('a file streamed from disk is stored whole, with its length and hash, and read back through its link', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 7)]);
    const file = path.join(tmp, 'guide.pdf');
    fs.writeFileSync(file, bytes);
    await storage().put('resources/t0k-guide.pdf', { path: file }, 'application/pdf');
    const put = fake.received.at(-1)!;
    expect(put.headers['content-length']).toBe(String(bytes.length));
    expect(put.headers['x-amz-content-sha256']).toBe(sha256Hex(bytes));
    expect(fake.objects.get('/drat-media/resources/t0k-guide.pdf')?.body.equals(bytes)).toBe(true);

    const link = storage().signedUrl('resources/t0k-guide.pdf', 900)!;
    expect(link.startsWith(`${endpoint}/drat-media/resources/t0k-guide.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&`)).toBe(
      true,
    );
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('the bucket stays private: no link, a changed link or an expired one is refused', async () => {
    await storage().put('resources/private.csv', Buffer.from('a,b\n1,2\n'), 'text/csv');
    const link = new URL(storage().signedUrl('resources/private.csv', 900)!);
    const status = async (url: URL | string) => {
      const res = await fetch(url);
      return `${res.status} ${/<Code>([^<]*)<\/Code>/.exec(await res.text())?.[1] ?? ''}`.trim();
    };
    expect(await status(`${endpoint}/drat-media/resources/private.csv`)).toBe('403 AccessDenied');
    const tampered = new URL(link);
    tampered.searchParams.set('X-Amz-Expires', '604800');
    expect(await status(tampered)).toBe('403 SignatureDoesNotMatch');
    const otherKey = new URL(link);
    otherKey.pathname = '/drat-media/resources/t0k-guide.pdf';
    expect(await status(otherKey)).toBe('403 SignatureDoesNotMatch');
    expect(await status(link)).toBe('200');
    fakeNow = new Date(Date.now() + (900 + 300 + 1) * 1000);
    try {
      expect(await status(link)).toBe('403 AccessDenied');
    } finally {
      fakeNow = null;
    }
  });

  it('signs as of the start of the current 5 minutes, for at least the life asked: one link all that while', () => {
    const first = new URL(at('2026-03-02T12:00:00Z').signedUrl('resources/a.pdf', 900)!);
    const last = new URL(at('2026-03-02T12:04:59Z').signedUrl('resources/a.pdf', 900)!);
    expect(last.toString()).toBe(first.toString());
    expect(first.searchParams.get('X-Amz-Date')).toBe('20260302T120000Z');
    expect(first.searchParams.get('X-Amz-Expires')).toBe('1200');
    const next = new URL(at('2026-03-02T12:05:00Z').signedUrl('resources/a.pdf', 900)!);
    expect(next.searchParams.get('X-Amz-Date')).toBe('20260302T120500Z');
    // Never past S3's 7 days.
    expect(
      new URL(at('2026-03-02T12:00:00Z').signedUrl('resources/a.pdf', 604800)!).searchParams.get('X-Amz-Expires'),
    ).toBe('604800');
  });
});
