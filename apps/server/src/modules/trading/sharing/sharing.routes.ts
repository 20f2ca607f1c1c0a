import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INPUT_MSG, MSG, SMART_TRADES_API as API } from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import { acting, requireRight } from '../../../http/auth';
import { multipartFailure, nulError, nulField } from '../../../http/input';
import { routeOf } from '../../../http/operation';
import type { SharingService } from './sharing.service';
import { withMultipart } from '../../../http/multipart';

/** The longest text field of the share form: `users` lists up to SHARE_USERS_MAX e-mails. */
const SHARE_FIELD_BYTES = 256 * 1024;

/**
 * The text fields of the share form (multipart/form-data, 2-trading §7), as sent: empty ones count
 * as absent, a field sent twice keeps its last value, a part typed application/json arrives
 * parsed. The form has no files (a file is refused with 413, too many parts). NUL characters are
 * refused naming the field, as http/input.ts does for JSON bodies.
 */
async function readShareForm(req: FastifyRequest): Promise<Record<string, unknown>> {
  const form: Record<string, unknown> = {};
  const parts = req.parts({ limits: { files: 0, fields: 20, fieldSize: SHARE_FIELD_BYTES } });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        part.file.resume();
        continue;
      }
      if (nulField(part.fieldname) !== null) throw nulError('');
      if (nulField(part.value) !== null) throw nulError(part.fieldname);
      if (part.valueTruncated) {
        throw new DomainError('PAYLOAD_TOO_LARGE', INPUT_MSG.bodyTooLarge(`${SHARE_FIELD_BYTES / 1024} KB`));
      }
      if (typeof part.value === 'string' && part.value.trim() === '') continue;
      form[part.fieldname] = part.value;
    }
  } catch (err) {
    throw multipartFailure(err);
  }
  return form;
}

/**
 * Sharing (SMART_TRADES_API): the shared lists, the share form, and its choices (the users' e-mails,
 * the plan groups): live traders and super users (2-trading §6), each right declared on its route,
 * so a caller who may not share is refused before the form is read.
 */
export const sharingRoutes: FastifyPluginAsyncZod<{ sharing: SharingService }> = async (app, { sharing }) => {
  const onRequest = requireRight('is_live_trader', MSG.liveTraderDenied);
  app.route({
    ...routeOf(API.sharedReceived),
    onRequest,
    handler: async (req) => sharing.received(await acting(req), req.query.type),
  });
  app.route({
    ...routeOf(API.sharedSent),
    onRequest,
    handler: async (req) => sharing.sent(await acting(req), req.query.type),
  });
  await withMultipart(app, (scope) => {
    scope.route({
      ...routeOf(API.share),
      onRequest,
      handler: async (req) => sharing.share(await acting(req), await readShareForm(req)),
    });
  });
  app.route({
    ...routeOf(API.shareableUsers),
    onRequest: requireRight('is_super'),
    handler: () => sharing.shareableUsers(),
  });
  app.route({ ...routeOf(API.planGroups), onRequest, handler: () => sharing.planGroups() });
};
