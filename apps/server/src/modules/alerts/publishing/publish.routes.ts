import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALERT_PUBLISH_MSG, ALERT_PUBLISHING_API as API } from '@drat/contracts';
import { principalOf, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
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

/** The publishing API, the 'New alert' form and the publisher keys (ALERT_PUBLISHING_API in packages/contracts). */
export const alertsPublishRoutes: FastifyPluginAsyncZod<{
  publish: PublishService;
  publishers: PublishersService;
}> = async (app, { publish, publishers }) => {
  const superOnly = requireRight('is_super');

  // Public for the session hook: the API key is checked here, before the body is looked at.
  app.route({
    ...routeOf(API.publish),
    onRequest: async (req) => {
      const key = apiKeyOf(req);
      if (!key) throw new DomainError('NOT_AUTHENTICATED', ALERT_PUBLISH_MSG.keyMissing);
      const publisher = await publishers.authenticate(key);
      if (!publisher) throw new DomainError('INVALID_TOKEN', ALERT_PUBLISH_MSG.keyInvalid);
      req.publisher = publisher;
    },
    handler: async (req) => {
      const { id, ...body } = req.body;
      return publish.publish(body, { publisherId: req.publisher!.id, externalId: id });
    },
  });

  app.route({
    ...routeOf(API.create),
    onRequest: superOnly,
    handler: async (req) =>
      publish.publish(req.body, { publisherId: null, externalId: null, createdBy: principalOf(req).user.id }),
  });

  app.route({
    ...routeOf(API.createPublisher),
    onRequest: superOnly,
    handler: async (req) => publishers.create(req.body.name, principalOf(req).user.id),
  });
  app.route({
    ...routeOf(API.publishers),
    onRequest: superOnly,
    handler: async () => ({ data: await publishers.list() }),
  });
  app.route({
    ...routeOf(API.revokePublisher),
    onRequest: superOnly,
    handler: async (req) => publishers.revoke(req.params.id),
  });
};
