import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** An answer that is not what its operation declares: a bug of the route or of its contract. */
export class AnswerMismatchError extends Error {
  constructor(url: string, reason: string) {
    super(`The answer of ${url} does not match its schema in packages/contracts: ${reason}`);
    this.name = 'AnswerMismatchError';
  }
}

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

/**
 * Fastify's serializer of answers. Answers are sent as the route built them (JSON.stringify),
 * never reshaped by their schema. With `check` on (development and tests), each JSON answer is
 * also checked against its schema, and must be exactly what it describes (no key it does not
 * name): a route and its contract cannot drift apart unnoticed.
 */
export function answerSerializer(check: boolean) {
  return ({ schema, url }: { schema: unknown; url: string }) =>
    (data: unknown): string => {
      if (check && schema instanceof z.ZodType) {
        const result = schema.safeParse(data);
        if (!result.success) throw new AnswerMismatchError(url, z.prettifyError(result.error));
        if (!isDeepStrictEqual(plain(result.data), plain(data))) {
          throw new AnswerMismatchError(url, 'it holds keys or values its schema does not describe');
        }
      }
      return JSON.stringify(data);
    };
}
