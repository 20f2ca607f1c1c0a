import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enableOtpBody, MSG, PROFILE_PICTURE_MAX_BYTES, profileChangeBody, setThemeBody } from '@drat/contracts';
import { principalOf } from '../../http/auth';
import { DomainError } from '../../core/errors';
import { NOTIFICATION_TOGGLES, type NotificationToggle, type ProfileService } from './profile.service';

/** Profile, settings and preferences (1-core §7 "Authentication and profile"). */
export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  const tags = ['profile'];
  app.get('/profile/userProfile', { schema: { tags } }, (req) => profile.profile(principalOf(req)));
  app.post('/profile/profile_change/', { schema: { tags, body: profileChangeBody } }, (req) =>
    profile.changeProfile(principalOf(req), req.body),
  );
  app.post('/profile/set-theme/', { schema: { tags, body: setThemeBody } }, (req) =>
    profile.setTheme(principalOf(req), req.body.theme),
  );
  app.post('/profile/otp/', { schema: { tags, body: enableOtpBody } }, (req) =>
    profile.setOtp(principalOf(req), req.body.enable_otp),
  );
  app.post('/profile/not-first-login/', { schema: { tags } }, (req) => profile.notFirstLogin(principalOf(req)));

  for (const which of Object.keys(NOTIFICATION_TOGGLES) as NotificationToggle[]) {
    app.post(`/profile/handle-receive-${which}/`, { schema: { tags } }, (req) =>
      profile.toggle(principalOf(req), which),
    );
  }

  app.post('/profile/profile_image_change/', { schema: { tags, consumes: ['multipart/form-data'] } }, async (req) => {
    const principal = principalOf(req);
    const file = await req.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'new_image') throw DomainError.field('new_image', MSG.fieldRequired);
    const bytes = await file.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('PAYLOAD_TOO_LARGE', MSG.pictureTooLarge);
      throw err;
    });
    return profile.changePicture(principal, bytes);
  });
};
