import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('gives the headers helmet sets, with the policy built from the directives', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], connectSrc: ["'self'"] } },
      crossOriginEmbedderPolicy: false,
    });
    expect(headers['content-security-policy']).toMatch(/(^|;)default-src 'self'(;|$)/);
    expect(headers['content-security-policy']).toMatch(/(^|;)connect-src 'self'(;|$)/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('refuses options helmet refuses, when the server starts rather than on a request', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } })).toThrow(
      /should be quoted/,
    );
  });
});

describe('apiSecurityHeaders', () => {
  it('gives an API answer no page policy, only what keeps it from being framed, sniffed, read across sites or stored', () => {
    const pages = securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    const api = apiSecurityHeaders(pages);
    expect(api).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'strict-transport-security': pages['strict-transport-security'],
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    });
  });
});
