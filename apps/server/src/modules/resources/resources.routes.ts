import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RESOURCES_API as API } from '@drat/contracts';
import { principalOf, requireRight } from '../../http/auth';
import { routeOf } from '../../http/operation';
import { readResourceForm } from './resources.form';
import type { ResourcesService } from './resources.service';
import { withMultipart } from '../../http/multipart';

/** The resources library (RESOURCES_API in packages/contracts; 1-core §7, 3-bots-admin-public §7). */
export const resourcesRoutes: FastifyPluginAsyncZod<{ resources: ResourcesService }> = async (app, { resources }) => {
  const superOnly = requireRight('is_super');
  app.route({
    ...routeOf(API.library),
    handler: async (req) => resources.library(principalOf(req), await req.rights()),
  });
  app.route({
    ...routeOf(API.forAlertType),
    handler: async (req) => resources.forAlertType(principalOf(req), await req.rights(), req.params.id),
  });
  app.route({
    ...routeOf(API.open),
    handler: async (req) => resources.open(principalOf(req), await req.rights(), req.params.id),
  });
  app.route({ ...routeOf(API.remove), onRequest: superOnly, handler: (req) => resources.remove(req.params.id) });
  // The multipart form is read by the route itself (resources.form.ts), not by a body schema: its
  // files stream to temporary files, which the service removes once it is done with them.
  await withMultipart(app, (scope) => {
    scope.route({
      ...routeOf(API.create),
      onRequest: superOnly,
      handler: async (req) => resources.create(principalOf(req), await readResourceForm(req, resources.incomingDir)),
    });
  });
};
