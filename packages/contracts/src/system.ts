import { z } from 'zod';
import { operation } from './operation';

export const SYSTEM_MSG = {
  databaseUnreachable: 'The database is unreachable.',
} as const;

/** GET /api/health/live: the process answers (no dependency is asked). */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/** GET /api/health: the process and what it needs to serve requests (the database). */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  /** How long the database took to answer `select 1`. */
  database_ms: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The 503 of GET /api/health: `{ detail, status: 'unavailable', database: 'unreachable' }`. */
export interface HealthUnavailable {
  detail: string;
  status: 'unavailable';
  database: 'unreachable';
}

/** GET /api/contact: where people write for help or to renew (null: none published). */
export const contactResponseSchema = z.object({ support_email: z.string().nullable() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** The server's own calls, outside the product's areas. */
export const SYSTEM_API = {
  health: operation({
    method: 'GET',
    path: '/health',
    operationId: 'getHealth',
    summary: 'Whether the server can serve requests: it answers and its database does',
    description:
      'For load balancers and monitors: 200 when the database answered within 2 seconds, 503 ' +
      "(`status: 'unavailable'`, `database: 'unreachable'`) when it did not.",
    tag: 'health',
    response: healthResponseSchema,
    errors: [405, 503],
    public: true,
  }),
  contact: operation({
    method: 'GET',
    path: '/contact',
    operationId: 'getContact',
    summary: 'Where to write for help or to renew a subscription',
    tag: 'health',
    response: contactResponseSchema,
    errors: [405],
    public: true,
  }),
  live: operation({
    method: 'GET',
    path: '/health/live',
    operationId: 'getLiveness',
    summary: 'Whether the process answers at all (asks nothing else: a cheap liveness check)',
    tag: 'health',
    response: livenessResponseSchema,
    errors: [405],
    public: true,
  }),
} as const;
