/**
 * Payments (3-bots-admin-public §2.11-§2.13, §7): the plan catalogue of the public pages, checkouts
 * through the payments provider (providers/payments), its events, renewal links and the free trial.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { transactions } from '../../db/transaction';
import type { Jobs } from '../../jobs/queue';
import type { PaymentsProvider } from '../../providers/payments/interface';
import type { AuthService } from '../auth';
import { createRateLimiter, rateLimitRepo } from '../auth';
import type { UsersRepo } from '../users';
import type { MailMessage } from '../../providers/mail/interface';
import { paymentsRepo } from './payments.repo';
import { paymentsRoutes } from './payments.routes';
import { createPayments, type PaymentsService } from './payments.service';

export type { PaymentsService } from './payments.service';

export function createPaymentsArea(deps: {
  db: Db;
  provider: PaymentsProvider;
  users: UsersRepo;
  auth: Pick<AuthService, 'sendWelcome' | 'openSessionFor'>;
  outbox: { sendEmail(message: MailMessage): Promise<unknown> };
  now: () => Date;
  publicUrl: string;
  staffEmail: string | null;
  log: Logger;
}): PaymentsService {
  return createPayments({
    ...deps,
    repo: paymentsRepo(deps.db),
    limiter: createRateLimiter(rateLimitRepo(deps.db), deps.now),
    withTransaction: transactions(deps.db),
  });
}

export async function registerPaymentsRoutes(api: FastifyInstance, payments: PaymentsService): Promise<void> {
  await api.register(paymentsRoutes, { payments });
}

/** Every minute: checkouts past their end given up (their places back), local payments not yet acted on. */
export async function startPaymentsJobs(jobs: Jobs, payments: PaymentsService): Promise<void> {
  await jobs.work('payments.sweep', async () => void (await payments.sweep()));
  await jobs.schedule('payments.sweep', '* * * * *');
}
