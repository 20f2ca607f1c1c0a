import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmPasswordBody,
  loginBody,
  otpResendBody,
  otpVerifyBody,
  passwordChangeBody,
  passwordResetBody,
  resetCodeBody,
  setNewPasswordBody,
} from '@drat/contracts';
import { principalOf } from '../../http/auth';
import type { AuthService } from './auth.service';

const client = (request: { ip: string; headers: Record<string, unknown> }) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});
const pub = { public: true } as const;

/** Sign-in, OTP, password reset and password change (1-core §7, 2-trading /confirm-password/). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post('/login', { config: pub, schema: { tags: ['auth'], body: loginBody } }, (req) =>
    auth.login(req.body, client(req)),
  );

  app.post('/logout/', { schema: { tags: ['auth'] } }, async (req, reply) => {
    await auth.logout(principalOf(req));
    return reply.status(200).send({ detail: 'Successfully logged out.' });
  });

  app.post('/otp/verify/', { config: pub, schema: { tags: ['auth'], body: otpVerifyBody } }, (req) =>
    auth.verifyOtp(req.body, client(req)),
  );
  app.post('/otp/resend/', { config: pub, schema: { tags: ['auth'], body: otpResendBody } }, (req) =>
    auth.resendOtp(req.body, client(req)),
  );

  app.post('/password-reset/', { config: pub, schema: { tags: ['auth'], body: passwordResetBody } }, (req) =>
    auth.requestReset(req.body.email, client(req)),
  );
  app.post('/password-reset-token-activate/', { config: pub, schema: { tags: ['auth'], body: resetCodeBody } }, (req) =>
    auth.activateReset(req.body.code, client(req)),
  );
  app.post(
    '/password-reset-token-confirm/',
    {
      config: pub,
      schema: { tags: ['auth'], body: resetCodeBody.extend({ activation: z.string().max(200).optional() }) },
    },
    (req) => auth.confirmResetToken(req.body, client(req)),
  );
  app.post('/set-new-password/', { config: pub, schema: { tags: ['auth'], body: setNewPasswordBody } }, (req) =>
    auth.setNewPassword(req.body),
  );

  app.post('/rest-auth/password/change/', { schema: { tags: ['auth'], body: passwordChangeBody } }, (req) =>
    auth.changePassword(principalOf(req), req.body.new_password1),
  );
  app.post('/confirm-password/', { schema: { tags: ['auth'], body: confirmPasswordBody } }, (req) =>
    auth.confirmPassword(principalOf(req), req.body.password, req.body.reason),
  );
};
