import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  resourceCreatedSchema,
  resourceDeletedSchema,
  resourceIdParams,
  resourcesResponseSchema,
} from '@drat/contracts';
import { principalOf, requireRight } from '../../http/auth';
import { readResourceForm } from './resources.form';
import type { ResourcesService } from './resources.service';

/** The resources library (1-core §7 "Tools and resources", 3-bots-admin-public §7). */
export const resourcesRoutes: FastifyPluginAsyncZod<{ resources: ResourcesService }> = async (app, { resources }) => {
  const tags = ['resources'];
  const superOnly = requireRight('is_super');
  app.get('/resources', { schema: { tags, response: { 200: resourcesResponseSchema } } }, async (req) =>
    resources.library(await req.rights()),
  );
  app.get(
    '/resources/alert-type/:id',
    { schema: { tags, params: resourceIdParams, response: { 200: resourcesResponseSchema } } },
    async (req) => resources.forAlertType(await req.rights(), req.params.id),
  );
  app.delete(
    '/resources/:id',
    { preHandler: superOnly, schema: { tags, params: resourceIdParams, response: { 200: resourceDeletedSchema } } },
    (req) => resources.remove(req.params.id),
  );
  app.post(
    '/resources/create/',
    {
      preHandler: superOnly,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: resourceCreatedSchema } },
    },
    async (req) => resources.create(principalOf(req), await readResourceForm(req)),
  );
};
