import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { INPUT_MSG, MSG } from '@drat/contracts';
import { errorHandler } from './errors';
import { multipartFailure, nulField } from './input';
import { DomainError } from '../core/errors';

describe('nulField: where a NUL character hides', () => {
  it.each([
    [{ notes: 'a\u0000b' }, 'notes'],
    [{ embeds: [{ fields: [{ label: 'x', value: 'a\u0000' }] }] }, 'embeds'],
    [{ tickers: ['MSFT', 'A\u0000'] }, 'tickers'],
    [{ 'a\u0000': 1 }, ''],
    [{ nested: { 'k\u0000': 1 } }, 'nested'],
    [[{ id: 1, name: '\u0000' }], ''],
    ['\u0000', ''],
  ])('%j is under %j', (value, field) => {
    expect(nulField(value)).toBe(field);
  });

  it('finds none in clean input, and walks 100,000 levels deep without recursion', () => {
    expect(nulField({ a: 'b', c: [1, true, null, { d: 'e' }] })).toBeNull();
    expect(nulField(undefined)).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(nulField({ list: deep })).toBe('list');
  });
});

describe('multipartFailure', () => {
  it('turns what busboy cannot read into a 400 in words, and lets errors that say what they are pass', () => {
    const broken = multipartFailure(new Error('Unexpected end of form'));
    expect(broken).toBeInstanceOf(DomainError);
    expect(broken).toMatchObject({ code: 'BAD_REQUEST', message: INPUT_MSG.multipartBroken });
    const domain = DomainError.field('new_image', 'x');
    expect(multipartFailure(domain)).toBe(domain);
    const limit = Object.assign(new Error('reach files limit'), { code: 'FST_FILES_LIMIT', statusCode: 413 });
    expect(multipartFailure(limit)).toBe(limit);
  });
});

describe('the error handler, for what got past the edge', () => {
  async function answerTo(err: unknown) {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    app.post('/x', async () => {
      throw err;
    });
    const res = await app.inject({ method: 'POST', url: '/x' });
    await app.close();
    return { status: res.statusCode, body: res.json<unknown>() };
  }

  it.each([
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
  ])('a NUL PostgreSQL refused (SQLSTATE %s), wrapped as drizzle wraps it, is a 400, not a 500', async (code, text) => {
    const driver = Object.assign(new Error(text), { code });
    const wrapped = new Error('Failed query: insert into …', { cause: driver });
    expect(await answerTo(wrapped)).toEqual({ status: 400, body: { non_field_errors: [INPUT_MSG.nulAnywhere] } });
  });

  it('answers the framework and multipart errors in words', async () => {
    const notMultipart = Object.assign(new Error('the request is not multipart'), {
      code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
      statusCode: 406,
    });
    expect(await answerTo(notMultipart)).toEqual({ status: 415, body: { error: INPUT_MSG.sendMultipart } });
    const fields = Object.assign(new Error('reach fields limit'), { code: 'FST_FIELDS_LIMIT', statusCode: 413 });
    expect(await answerTo(fields)).toEqual({ status: 413, body: { error: INPUT_MSG.multipartTooMany } });
    const other = Object.assign(new Error('Some framework text'), { code: 'FST_ERR_SOMETHING', statusCode: 400 });
    expect(await answerTo(other)).toEqual({ status: 400, body: { non_field_errors: [INPUT_MSG.badRequest] } });
  });

  it('still answers a bug with 500 and the request id', async () => {
    const res = await answerTo(new Error('a bug'));
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ correlation_id: expect.any(String) });
  });

  it('answers a lost database with 503 and "try again in a moment", not a 500 (it was not the request’s fault)', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    expect(await answerTo(refused)).toEqual({ status: 503, body: { detail: MSG.serviceUnavailable } });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect((await answerTo(new Error('Failed query', { cause: shutdown }))).status).toBe(503);
  });
});
