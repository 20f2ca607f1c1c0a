import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadConfig, lintFromString } from '@redocly/openapi-core';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * /api/openapi.json is the contract a client can be generated from: every operation is named and
 * summarised, documents its answer and its error answers, and a standard OpenAPI linter (Redocly,
 * its recommended rules, as redocly.yaml sets them) finds nothing wrong with the document.
 */
let t: TestApp;
let doc: {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId?: string; summary?: string; responses?: Record<string, unknown> }>
  >;
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, ...op })),
  );

describe('GET /api/openapi.json', () => {
  it('names and summarises every operation, each name once', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(70);
    const unnamed = ops.filter((op) => !op.operationId || !op.summary).map((op) => op.where);
    expect(unnamed).toEqual([]);
    const ids = ops.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every answer: a 200 with its content (or a 204 with none), and the error answers', () => {
    const undocumented = operations()
      .filter((op) => {
        const ok = op.responses?.['200'] as { content?: Record<string, { schema?: unknown }> } | undefined;
        const empty = op.responses?.['204'] as { description?: string; content?: unknown } | undefined;
        const hasSchema =
          (ok?.content && Object.values(ok.content).every((c) => c.schema !== undefined)) ||
          (!ok && empty?.description && empty.content === undefined);
        const errors = Object.keys(op.responses ?? {}).filter((code) => code >= '400');
        return !hasSchema || errors.length === 0;
      })
      .map((op) => op.where);
    expect(undocumented).toEqual([]);
  });

  it('passes the Redocly linter (recommended rules, redocly.yaml) without a problem', async () => {
    const config = await loadConfig({
      configPath: fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url)),
    });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`)).toEqual(
      [],
    );
  });
});
