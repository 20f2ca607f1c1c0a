import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_USERS_API as API, DRAFTS_API, NOTIFY_API, SLOTS_API } from '@drat/contracts';
import { principalOf, requireRight } from '../../http/auth';
import { routeOf } from '../../http/operation';
import type { AdminUsersService } from './admin-users.service';
import type { Admin, AuditService } from './audit.service';
import type { DraftsService } from './drafts.service';
import { readNotifyForm } from './notify.form';
import type { NotifyService } from './notify.service';
import type { SlotsService } from './slots.service';
import { withMultipart } from '../../http/multipart';

/**
 * Administration (ADMIN_USERS_API and SLOTS_API, 3-bots-admin-public §7 "Users", "Slots"): super users
 * only, every call but the public list of slots.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  users: AdminUsersService;
  audit: AuditService;
  slots: SlotsService;
  drafts: DraftsService;
  notify: NotifyService;
}> = async (app, { users, audit, slots, drafts, notify }) => {
  const superOnly = requireRight('is_super');
  const admin = (req: Parameters<typeof principalOf>[0]): Admin => {
    const { user } = principalOf(req);
    return { userId: user.id, email: user.email };
  };
  app.route({ ...routeOf(API.paymentPlans), onRequest: superOnly, handler: () => users.paymentPlans() });
  app.route({ ...routeOf(API.profiles), onRequest: superOnly, handler: () => users.profiles() });
  app.route({
    ...routeOf(API.createUser),
    onRequest: superOnly,
    handler: (req) => users.create(admin(req), req.body),
  });
  app.route({
    ...routeOf(API.updateProfile),
    onRequest: superOnly,
    handler: (req) => users.updateProfile(admin(req), req.params.id, req.body),
  });
  app.route({
    ...routeOf(API.activeness),
    onRequest: superOnly,
    handler: (req) => users.setActive(admin(req), req.body.id, req.body.is_active),
  });
  app.route({
    ...routeOf(API.liveTrading),
    onRequest: superOnly,
    handler: (req) => users.setLiveTrader(admin(req), req.body.id, req.body.is_live_trader),
  });
  app.route({
    ...routeOf(API.passwordReset),
    onRequest: superOnly,
    handler: (req) =>
      users.resetPassword({ ...admin(req), principal: principalOf(req) }, req.body.user_email, req.body.password),
  });
  app.route({
    ...routeOf(API.plans),
    onRequest: superOnly,
    handler: (req) => users.setPlans(admin(req), req.params.id, req.body.current_plans),
  });
  app.route({ ...routeOf(API.audit), onRequest: superOnly, handler: (req) => audit.page(req.query) });
  // The multipart form is read by the route itself (notify.form.ts) and parsed with notifyFields.
  await withMultipart(app, (scope) => {
    scope.route({
      ...routeOf(NOTIFY_API.send),
      onRequest: superOnly,
      handler: async (req) => notify.send(admin(req), await readNotifyForm(req)),
    });
  });
  app.route({ ...routeOf(NOTIFY_API.sent), onRequest: superOnly, handler: (req) => notify.sent(req.query) });
  // The sales pages read the slots without signing in (§7: GET /payments/slots is public).
  app.route({ ...routeOf(SLOTS_API.list), handler: () => slots.list() });
  app.route({
    ...routeOf(SLOTS_API.edit),
    onRequest: superOnly,
    handler: (req) => slots.edit(admin(req), req.params.id, req.body),
  });
  app.route({ ...routeOf(DRAFTS_API.list), onRequest: superOnly, handler: () => drafts.list() });
  app.route({ ...routeOf(DRAFTS_API.add), onRequest: superOnly, handler: (req) => drafts.add(admin(req), req.body) });
  app.route({
    ...routeOf(DRAFTS_API.update),
    onRequest: superOnly,
    handler: (req) => drafts.update(admin(req), req.params.id, req.body),
  });
  app.route({
    ...routeOf(DRAFTS_API.remove),
    onRequest: superOnly,
    handler: (req) => drafts.remove(admin(req), req.params.id),
  });
};
