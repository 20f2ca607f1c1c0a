import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_API as API } from '@drat/contracts';
import { routeOf } from '../../http/operation';
import { principalOf } from '../../http/auth';
import type { AuthService } from './auth.service';

const client = (request: { ip: string; headers: Record<string, unknown> }) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** Sign-in, OTP, password reset and password change (AUTH_API in packages/contracts). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.route({ ...routeOf(API.login), handler: (req) => auth.login(req.body, client(req)) });

  app.route({
    ...routeOf(API.logout),
    handler: async (req, reply) => {
      await auth.logout(principalOf(req));
      return reply.status(200).send({ detail: 'Successfully logged out.' });
    },
  });

  app.route({ ...routeOf(API.verifyOtp), handler: (req) => auth.verifyOtp(req.body, client(req)) });
  app.route({ ...routeOf(API.resendOtp), handler: (req) => auth.resendOtp(req.body, client(req)) });

  app.route({ ...routeOf(API.requestReset), handler: (req) => auth.requestReset(req.body.email, client(req)) });
  app.route({ ...routeOf(API.activateReset), handler: (req) => auth.activateReset(req.body.code, client(req)) });
  app.route({ ...routeOf(API.confirmResetToken), handler: (req) => auth.confirmResetToken(req.body, client(req)) });
  app.route({ ...routeOf(API.setNewPassword), handler: (req) => auth.setNewPassword(req.body) });

  app.route({
    ...routeOf(API.changePassword),
    handler: (req) => auth.changePassword(principalOf(req), req.body.new_password1),
  });
  app.route({
    ...routeOf(API.confirmPassword),
    handler: (req) => auth.confirmPassword(principalOf(req), req.body.password, req.body.reason),
  });
};
