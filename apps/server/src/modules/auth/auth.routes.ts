import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_API as API } from '@drat/contracts';
import { routeOf } from '../../http/operation';
import { principalOf } from '../../http/auth';
import type { AuthService, SignInResult } from './auth.service';
import { clientOf as client, DEVICE_COOKIE, DEVICE_COOKIE_SECONDS } from './client';

/** A sign-in's answer, with the device cookie the browser keeps when it signed in. */
function signedIn<T>(reply: FastifyReply, request: FastifyRequest, result: SignInResult<T>): T {
  if (result.device) {
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${result.device}; Path=/api/; Max-Age=${DEVICE_COOKIE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
    );
  }
  return result.answer;
}

/** Sign-in, OTP, password reset and password change (AUTH_API in packages/contracts). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.route({
    ...routeOf(API.login),
    handler: async (req, reply) => signedIn(reply, req, await auth.login(req.body, client(req))),
  });

  app.route({
    ...routeOf(API.logout),
    handler: async (req, reply) => {
      await auth.logout(principalOf(req));
      return reply.status(200).send({ detail: 'Successfully logged out.' });
    },
  });

  app.route({
    ...routeOf(API.verifyOtp),
    handler: async (req, reply) => signedIn(reply, req, await auth.verifyOtp(req.body, client(req))),
  });
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
