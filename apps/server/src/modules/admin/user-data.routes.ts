import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USER_DATA_API as API, USER_DATA_FILE_MAX_BYTES, USER_DATA_MSG } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { principalOf, requireRight } from '../../http/auth';
import { multipartFailure, nulError, nulField } from '../../http/input';
import { routeOf } from '../../http/operation';
import type { Admin } from './audit.service';
import { sheetRows } from './user-data.read';
import type { UserDataService } from './user-data.service';
import { withMultipart } from '../../http/multipart';

/**
 * User data (USER_DATA_API, 3-bots-admin-public §2.10, §6, §7 "User data"): super users; of them,
 * only the staff account named by USER_DATA_STAFF_EMAIL uploads, exports the whole search, deletes
 * more than one row and decides pending changes. Everyone else is told 'You have view-only access
 * to this system.' (403), and exports the rows they select.
 */
export const userDataRoutes: FastifyPluginAsyncZod<{ userData: UserDataService; staffEmail: string | null }> = async (
  app,
  { userData, staffEmail },
) => {
  const superOnly = requireRight('is_super');
  const isStaff = (req: FastifyRequest) =>
    staffEmail !== null && principalOf(req).user.email.toLowerCase() === staffEmail;
  // After the request is read and checked (preHandler): bad input is told as such to everyone.
  const staffOnly: preHandlerAsyncHookHandler = async (req) => {
    if (!isStaff(req)) throw new DomainError('FORBIDDEN', USER_DATA_MSG.viewOnly);
  };
  const admin = (req: FastifyRequest): Admin => {
    const { user } = principalOf(req);
    return { userId: user.id, email: user.email };
  };

  app.route({ ...routeOf(API.list), onRequest: superOnly, handler: (req) => userData.list(req.query, isStaff(req)) });
  app.route({
    ...routeOf(API.download),
    onRequest: superOnly,
    handler: async (req, reply) => {
      if (!req.query.ids && !isStaff(req)) throw new DomainError('FORBIDDEN', USER_DATA_MSG.viewOnly);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="user-data-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(userData.export(req.query));
    },
  });
  app.route({
    ...routeOf(API.remove),
    onRequest: superOnly,
    handler: async (req, reply) => {
      // One row at a time is anyone's (the row's delete button); more is the staff account's.
      if (req.body.user_ids.length > 1 && !isStaff(req)) throw new DomainError('FORBIDDEN', USER_DATA_MSG.viewOnly);
      await userData.remove(admin(req), req.body.user_ids);
      return reply.code(204).send();
    },
  });
  await withMultipart(app, (scope) => {
    scope.route({
      ...routeOf(API.upload),
      onRequest: superOnly,
      preHandler: staffOnly,
      handler: async (req) => {
        if (!req.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', USER_DATA_MSG.notMultipart);
        const parts = req.parts({
          limits: { files: 1, fileSize: USER_DATA_FILE_MAX_BYTES, fields: 10, fieldSize: 1024 },
        });
        const it = parts[Symbol.asyncIterator]();
        /** The next part of the form (a NUL in a name is refused), or undefined at its end. */
        const next = async () => {
          const r = await it.next();
          if (r.done) return undefined;
          if (nulField(r.value.fieldname) !== null) throw nulError('');
          if (r.value.type === 'file' && nulField(r.value.filename) !== null) throw nulError(r.value.fieldname);
          return r.value;
        };
        try {
          let part = await next();
          while (part && part.type !== 'file') part = await next();
          if (!part || part.type !== 'file') throw DomainError.field('file', USER_DATA_MSG.fileRequired);
          const file = part;
          // The rest of the form is read before the upload's transaction commits: a second file
          // refuses the whole upload, and nothing of the first is kept.
          const rest = async () => {
            file.file.resume();
            for (let p = await next(); p; p = await next())
              if (p.type === 'file') throw DomainError.field('file', USER_DATA_MSG.oneFile);
          };
          return await userData.upload(admin(req), sheetRows(file.file, file.filename), file.filename, rest);
        } catch (err) {
          if (err !== null && typeof err === 'object' && 'code' in err) {
            if (err.code === 'FST_FILES_LIMIT') throw DomainError.field('file', USER_DATA_MSG.oneFile);
            if (err.code === 'FST_REQ_FILE_TOO_LARGE')
              throw new DomainError('PAYLOAD_TOO_LARGE', USER_DATA_MSG.fileTooLarge);
          }
          throw multipartFailure(err);
        }
      },
    });
  });
  app.route({ ...routeOf(API.pending), onRequest: superOnly, handler: (req) => userData.pending(isStaff(req)) });
  app.route({
    ...routeOf(API.accept),
    onRequest: superOnly,
    preHandler: staffOnly,
    handler: (req) => userData.decide(admin(req), [req.params.id], 'accept'),
  });
  app.route({
    ...routeOf(API.reject),
    onRequest: superOnly,
    preHandler: staffOnly,
    handler: (req) => userData.decide(admin(req), [req.params.id], 'reject'),
  });
  app.route({
    ...routeOf(API.bulk),
    onRequest: superOnly,
    preHandler: staffOnly,
    handler: (req) => userData.decide(admin(req), req.body.ids, req.body.action),
  });
};
