import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERT_PUBLISH_MSG,
  createAlertBody,
  createPublisherBody,
  publishAlertBody,
  publisherIdParams,
} from '@drat/contracts';
import { principalOf, requireRight } from '../../../http/auth';
import { DomainError } from '../../../core/errors';
import type { Publisher, PublishersService } from './publishers.service';
import type { PublishService } from './publish.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The publisher whose API key came with POST /alerts/publish. */
    publisher?: Publisher;
  }
}

/** `Authorization: Bearer <key>` or `X-Api-Key: <key>`. */
function apiKeyOf(req: FastifyRequest): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (bearer) return bearer[1]!;
  const header = req.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key?.trim() || null;
}

export const alertsPublishRoutes: FastifyPluginAsyncZod<{
  publish: PublishService;
  publishers: PublishersService;
}> = async (app, { publish, publishers }) => {
  const tags = ['alerts publishing'];
  const superOnly = requireRight('is_super');

  // Public for the session hook: the API key is checked here, before the body is looked at.
  app.post(
    '/alerts/publish',
    {
      config: { public: true },
      schema: {
        tags,
        body: publishAlertBody,
        description:
          'Publish an alert as an analyst tool. Authenticate with `Authorization: Bearer <api key>` or `X-Api-Key`. ' +
          'Publishing the same `id` again returns the stored alert with `created: false`.',
      },
      onRequest: async (req) => {
        const key = apiKeyOf(req);
        if (!key) throw new DomainError('NOT_AUTHENTICATED', ALERT_PUBLISH_MSG.keyMissing);
        const publisher = await publishers.authenticate(key);
        if (!publisher) throw new DomainError('INVALID_TOKEN', ALERT_PUBLISH_MSG.keyInvalid);
        req.publisher = publisher;
      },
    },
    async (req) => {
      const { id, ...body } = req.body;
      return publish.publish(body, { publisherId: req.publisher!.id, externalId: id });
    },
  );

  app.post('/alerts/create/', { onRequest: superOnly, schema: { tags, body: createAlertBody } }, async (req) =>
    publish.publish(req.body, { publisherId: null, externalId: null, createdBy: principalOf(req).user.id }),
  );

  app.post('/alerts/publishers', { onRequest: superOnly, schema: { tags, body: createPublisherBody } }, async (req) =>
    publishers.create(req.body.name, principalOf(req).user.id),
  );
  app.get('/alerts/publishers', { onRequest: superOnly, schema: { tags } }, async () => ({
    data: await publishers.list(),
  }));
  app.delete(
    '/alerts/publishers/:id',
    { onRequest: superOnly, schema: { tags, params: publisherIdParams } },
    async (req) => publishers.revoke(req.params.id),
  );
};
