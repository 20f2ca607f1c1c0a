import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, PROFILE_API as API, PROFILE_PICTURE_MAX_BYTES } from '@drat/contracts';
import { principalOf } from '../../http/auth';
import { routeOf } from '../../http/operation';
import { multipartFailure } from '../../http/input';
import { DomainError } from '../../core/errors';
import type { ProfileService } from './profile.service';
import { withMultipart } from '../../http/multipart';

/** Profile, settings and preferences (PROFILE_API in packages/contracts). Signed-in only. */
export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.route({ ...routeOf(API.profile), handler: (req) => profile.profile(principalOf(req)) });
  app.route({ ...routeOf(API.changeProfile), handler: (req) => profile.changeProfile(principalOf(req), req.body) });
  app.route({ ...routeOf(API.confirmEmailChange), handler: (req) => profile.confirmEmailChange(req.body.token) });
  app.route({ ...routeOf(API.setTheme), handler: (req) => profile.setTheme(principalOf(req), req.body.theme) });
  app.route({ ...routeOf(API.setOtp), handler: (req) => profile.setOtp(principalOf(req), req.body.enable_otp) });
  app.route({ ...routeOf(API.notFirstLogin), handler: (req) => profile.notFirstLogin(principalOf(req)) });

  // The four notification switches carry no body: each call flips its setting.
  app.route({ ...routeOf(API.toggleReceiveEmails), handler: (req) => profile.toggle(principalOf(req), 'emails') });
  app.route({ ...routeOf(API.toggleReceiveSms), handler: (req) => profile.toggle(principalOf(req), 'sms') });
  app.route({ ...routeOf(API.toggleReceiveAlerts), handler: (req) => profile.toggle(principalOf(req), 'alerts') });
  app.route({
    ...routeOf(API.toggleReceiveTrackers),
    handler: (req) => profile.toggle(principalOf(req), 'trackers'),
  });

  // Multipart (the edge refuses other media types, http/input.ts): the route reads the one file
  // itself (field `new_image`); a body busboy cannot read is a 400 (multipartFailure).
  await withMultipart(app, (scope) => {
    scope.route({
      ...routeOf(API.changePicture),
      handler: async (req) => {
        const principal = principalOf(req);
        const file = await req
          .file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } })
          .catch((err: unknown) => {
            throw multipartFailure(err);
          });
        if (!file || file.fieldname !== 'new_image') throw DomainError.field('new_image', MSG.fieldRequired);
        const bytes = await file.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('PAYLOAD_TOO_LARGE', MSG.pictureTooLarge);
          throw multipartFailure(err);
        });
        return profile.changePicture(principal, bytes);
      },
    });
  });
};
