import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { PAYMENTS_API as API } from '@drat/contracts';
import { routeOf } from '../../http/operation';
import { clientOf as client } from '../auth';
import type { PaymentsService } from './payments.service';

/** Stripe's events are small; a body past this is not one. */
const WEBHOOK_BODY_MAX = 256 * 1024;

const signedIn = (req: FastifyRequest) => req.principal?.user.id ?? null;

/**
 * The public side of payments: every call is open to visitors (3-bots-admin-public §6: "checkout"),
 * limited per address in the service; a signed-in caller's checkout and renewal go to their account.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.route({ ...routeOf(API.catalogue), handler: (req) => payments.catalogue(req.query.challenge) });
  app.route({
    ...routeOf(API.checkout),
    handler: (req) => payments.checkout(req.body, signedIn(req), client(req)),
  });
  app.route({
    ...routeOf(API.checkoutStatus),
    handler: (req) => payments.status(req.params.id, req.body.claim, client(req)),
  });
  app.route({ ...routeOf(API.renewal), handler: (req) => payments.renewal(signedIn(req), req.query.r) });
  app.route({ ...routeOf(API.localCheckout), handler: (req) => payments.localCheckout(req.params.id) });
  app.route({
    ...routeOf(API.localPay),
    handler: (req) => payments.localPay(req.params.id, req.body, client(req)),
  });
  app.route({ ...routeOf(API.freeTrial), handler: (req) => payments.freeTrial(req.body, client(req)) });

  await app.register(async (plugin) => {
    const hook = plugin.withTypeProvider<ZodTypeProvider>();
    // The signature covers the body as sent: keep its bytes.
    hook.removeContentTypeParser(['application/json']);
    hook.addContentTypeParser(['application/json'], { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hook.route({
      ...routeOf(API.webhook),
      bodyLimit: WEBHOOK_BODY_MAX,
      handler: (req) => payments.webhook(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.headers),
    });
  });
};
