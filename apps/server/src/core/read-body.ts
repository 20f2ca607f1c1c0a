import type { z } from 'zod';
import { DomainError } from './errors';

/**
 * A body read with the schema its route reads it with (packages/contracts), for a service that
 * jobs, bots and signals call too: their bodies meet the same rules, and a mistake is the same 400
 * naming the field. A body a route already read reads the same again.
 */
export function readBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const read = schema.safeParse(body);
  if (!read.success) throw DomainError.fields(read.error.issues);
  return read.data;
}
