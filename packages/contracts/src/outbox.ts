/**
 * Delivery status for super users: every e-mail and SMS that failed for good, with its reason, and
 * every background job that did (issue 12: nothing stays stuck unseen).
 */
import { z } from 'zod';
import { fromDecimalText } from './amounts';
import { operation } from './operation';

export const FAILED_DELIVERIES_LIMIT_MAX = 500;

const LIMIT_WORDS = `Limit must be a whole number from 1 to ${FAILED_DELIVERIES_LIMIT_MAX}.`;

export const failedDeliveriesQuery = z.object({
  limit: fromDecimalText(
    z
      .number({ error: LIMIT_WORDS })
      .int({ error: LIMIT_WORDS })
      .min(1, { error: LIMIT_WORDS })
      .max(FAILED_DELIVERIES_LIMIT_MAX, { error: LIMIT_WORDS })
      .default(100),
  ),
});

export const failedMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['EMAIL', 'SMS']),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number(),
  /** Why it failed: the provider's last answer, or that its retries stopped. */
  last_error: z.string().nullable(),
  provider: z.string().nullable(),
  created: z.string(),
  last_attempt: z.string().nullable(),
});
export const failedJobSchema = z.object({
  queue: z.string(),
  job_id: z.string(),
  /** The domain or provider error code, or ERROR for an unexpected one. */
  code: z.string(),
  reason: z.string(),
  retryable: z.boolean(),
  attempts: z.number(),
  failed_at: z.string(),
});
export const failedDeliveriesResponseSchema = z.object({
  messages: z.array(failedMessageSchema),
  jobs: z.array(failedJobSchema),
});
export type FailedDeliveriesResponse = z.infer<typeof failedDeliveriesResponseSchema>;

export const OUTBOX_API = {
  failed: operation({
    method: 'GET',
    path: '/outbox/failed',
    operationId: 'listFailedDeliveries',
    summary: 'E-mails, SMS and background jobs that failed for good, newest first (super users)',
    tag: 'admin',
    query: failedDeliveriesQuery,
    response: failedDeliveriesResponseSchema,
    errors: [400, 401, 403],
  }),
} as const;
