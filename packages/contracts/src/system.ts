import { z } from 'zod';
import { operation } from './operation';

/** GET /api/health: the process serves requests. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The server's own calls, outside the product's areas. */
export const SYSTEM_API = {
  health: operation({
    method: 'GET',
    path: '/health',
    operationId: 'getHealth',
    summary: 'Whether the server is up',
    tag: 'health',
    response: healthResponseSchema,
    errors: [405, 503],
    public: true,
  }),
} as const;
