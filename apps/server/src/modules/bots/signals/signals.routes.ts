import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { BOT_MSG, SIGNAL_BODY_MAX, SIGNAL_SIGNATURE_HEADER, SIGNALS_API as API } from '@drat/contracts';
import { acting, principalOf, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { SignalsService } from './signals.service';

/**
 * Signal webhooks (SIGNALS_API): the owner's calls need the bots right; the receiving address is
 * public (the key in it and the signature are its proof), and reads its body as the raw text that
 * was signed.
 */
export const signalsRoutes: FastifyPluginAsyncZod<{ signals: SignalsService }> = async (app, { signals }) => {
  const owner = requireRight('can_use_bots', BOT_MSG.botsDenied);
  app.route({ ...routeOf(API.webhook), onRequest: owner, handler: async (req) => signals.webhook(await acting(req)) });
  app.route({
    ...routeOf(API.createWebhook),
    onRequest: owner,
    handler: async (req) => signals.create(await acting(req), principalOf(req), req.body.bot_id),
  });
  app.route({
    ...routeOf(API.webhookBot),
    onRequest: owner,
    handler: async (req) => signals.setBot(await acting(req), principalOf(req), req.body.bot_id),
  });
  app.route({
    ...routeOf(API.revokeWebhook),
    onRequest: owner,
    handler: async (req) => signals.revoke(await acting(req)),
  });
  app.route({ ...routeOf(API.signals), onRequest: owner, handler: async (req) => signals.list(await acting(req)) });

  await app.register(async (plugin) => {
    const hook = plugin.withTypeProvider<ZodTypeProvider>();
    // The signature covers the body as sent: keep it as text (TradingView sends JSON as text/plain too).
    hook.removeContentTypeParser(['application/json', 'text/plain']);
    hook.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    hook.route({
      ...routeOf(API.receive),
      bodyLimit: SIGNAL_BODY_MAX,
      handler: (req) => {
        const signature = req.headers[SIGNAL_SIGNATURE_HEADER];
        return signals.receive(
          req.params.key,
          typeof req.body === 'string' ? req.body : '',
          typeof signature === 'string' ? signature : undefined,
        );
      },
    });
  });
};
