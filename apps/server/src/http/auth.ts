import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MSG, type Rights } from '@drat/contracts';
import type { AuthService, Principal } from '../modules/auth';
import type { RightsService } from '../modules/rights';
import { DomainError } from '../core/errors';
import { holds, type Acting, type RightName } from '../core/actor';

export type { RightName } from '../core/actor';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The caller's rights, computed once per request on first use. */
    rights(): Promise<Rights>;
  }
  interface FastifyContextConfig {
    /** Routes are signed-in only unless they say `public: true`. */
    public?: boolean;
  }
}

/** Reads `Authorization: Token <t>` on every /api route; routes opt out with `config.public`. */
export const authPlugin = fp<{ auth: AuthService; rights: RightsService }>(async (app, { auth, rights }) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('rights', async function rightsUnset(this: FastifyRequest): Promise<Rights> {
    throw new DomainError('NOT_AUTHENTICATED', MSG.authRequired);
  });

  // Callback-style (no promise) so that a public call without a token costs next to nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    const isPublic = request.routeOptions.config?.public === true || request.routeOptions.url === undefined;
    const match = header ? /^Token\s+(\S+)$/i.exec(header) : null;
    if (!match) {
      if (isPublic) return done();
      return done(
        new DomainError(header ? 'INVALID_TOKEN' : 'NOT_AUTHENTICATED', header ? MSG.invalidToken : MSG.authRequired),
      );
    }
    auth.authenticate(match[1]!).then(
      (principal) => {
        request.principal = principal;
        let memo: Promise<Rights> | undefined;
        request.rights = () => (memo ??= rights.rightsOf(principal.user));
        done();
      },
      // A stale token on a public route (login, reset) is simply ignored.
      (err: unknown) => done(isPublic ? undefined : (err as Error)),
    );
  });
});

/** The signed-in caller; only call on routes that are not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new DomainError('NOT_AUTHENTICATED', MSG.authRequired);
  return request.principal;
}

/**
 * The caller acting on their own account: their user id and their rights, the ones the route's
 * `requireRight` read (computed once per request). What a route hands a service that also serves
 * bots, signals and super users (core/actor.ts).
 */
export async function acting(request: FastifyRequest): Promise<Acting> {
  const { user } = principalOf(request);
  return { userId: user.id, by: { kind: 'trader', rights: await request.rights() } };
}

/** 401 'Your account is inactive or your subscription has expired.' when every plan has ended (1-core §6, §8). */
function assertSubscribed(r: Rights): void {
  if (r.expired && !r.is_super) throw new DomainError('ACCESS_LAPSED', MSG.accountInactiveOrExpired);
}

/**
 * Declares on a route open to every plan (no one right) that a subscriber whose plans have all
 * ended is told so, as every right's check tells them: `onRequest: requireSubscription`.
 */
export const requireSubscription: onRequestAsyncHookHandler = async (request) => {
  assertSubscribed(await request.rights());
};

/** A route's check of a right: its `onRequest` hook, which names the right for the API document. */
export type RightCheck = onRequestAsyncHookHandler & { readonly right: RightName };

/**
 * Declares on a route who may call it: `onRequest: requireRight('AA')`. It runs on the request
 * (onRequest), before any of its body is read, so a caller without the right gets 403 whatever
 * they send. Super users pass every check. A caller without the right gets 403 with `message` (or
 * the words `message` picks from the caller's rights),
 * unless every plan of theirs has ended (since signing in, too): then 401 'Your account is
 * inactive or your subscription has expired.' (1-core §6, §8), so access ends on the next request
 * and the app shows the renewal link.
 */
export function requireRight(
  right: RightName,
  message: string | ((rights: Rights) => string) = MSG.noPermission,
): RightCheck {
  const check: onRequestAsyncHookHandler = async (request) => {
    const r = await request.rights();
    if (holds(r, right)) return;
    if (right !== 'is_super') assertSubscribed(r);
    throw new DomainError('FORBIDDEN', typeof message === 'string' ? message : message(r));
  };
  return Object.assign(check, { right });
}

const isRightCheck = (hook: unknown): hook is RightCheck =>
  typeof hook === 'function' && typeof (hook as Partial<RightCheck>).right === 'string';

/**
 * Names each route's right in /api/openapi.json (`x-drat-right`), read from the `requireRight` on
 * its `onRequest`, so the document, a generated client and the hostile-input sweep know which calls
 * are a super user's without a second list.
 */
export function documentRights(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const check = [route.onRequest].flat().find(isRightCheck);
    if (check && route.schema) (route.schema as Record<string, unknown>)['x-drat-right'] = check.right;
  });
}

export type App = FastifyInstance;
