import { describe, expect, it } from 'vitest';
import { httpAnswer } from '../http/errors';
import { ProviderError, providerFailure } from '../providers/provider-error';
import { declaredRetryable, DomainError, ERROR_CODES, errorCodeOf, isRetryable, type ErrorCode } from './errors';

describe('domain errors', () => {
  it('every code has an HTTP answer, a client error or a server failure', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      const [status] = httpAnswer(new DomainError(code, 'x'));
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });

  it('a field error answers 400 with { field: [message] }', () => {
    expect(httpAnswer(DomainError.field('price', 'Price must be a number'))).toEqual([
      400,
      { price: ['Price must be a number'] },
    ]);
  });

  it('takes its retryable flag from its code unless told otherwise', () => {
    expect(new DomainError('NOT_FOUND', 'x').retryable).toBe(false);
    expect(new DomainError('UNAVAILABLE', 'x').retryable).toBe(true);
    expect(new DomainError('UNAVAILABLE', 'x', { retryable: false }).retryable).toBe(false);
  });

  it('jobs retry what says it may pass, and anything unexpected', () => {
    expect(isRetryable(new DomainError('VALIDATION', 'x'))).toBe(false);
    expect(isRetryable(new ProviderError('tradier', 'TIMEOUT', 'x'))).toBe(true);
    expect(isRetryable(new ProviderError('tradier', 'UNAUTHORIZED', 'x'))).toBe(false);
    expect(isRetryable(new ProviderError('twilio', 'UPSTREAM', 'x', { retryable: false }))).toBe(false);
    expect(isRetryable(new Error('connection terminated unexpectedly'))).toBe(true);
    // What an error says of itself: an unknown one says nothing (the runner's log tells them apart).
    expect(declaredRetryable(new ProviderError('tradier', 'TIMEOUT', 'x'))).toBe(true);
    expect(declaredRetryable(new DomainError('VALIDATION', 'x'))).toBe(false);
    expect(declaredRetryable(new Error('connection terminated unexpectedly'))).toBeUndefined();
    expect(errorCodeOf(new DomainError('FORBIDDEN', 'x'))).toBe('FORBIDDEN');
    expect(errorCodeOf(new TypeError('x'))).toBe('ERROR');
  });

  it('a provider failure becomes UNAVAILABLE in the service’s words, keeping retry-after', () => {
    const err = providerFailure(
      new ProviderError('tradier', 'RATE_LIMITED', 'Tradier: 429', { retryAfterSeconds: 30 }),
      'Market data is unavailable right now.',
    );
    expect(err).toMatchObject({ code: 'UNAVAILABLE', message: 'Market data is unavailable right now.' });
    expect(err.retryAfterSeconds).toBe(30);
    expect(httpAnswer(err)).toEqual([503, { detail: 'Market data is unavailable right now.' }]);
  });
});
