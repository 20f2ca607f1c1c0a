/**
 * Manage users (3-bots-admin-public §2.3, §2.6, §4 "User", §5, §7 "Users", §8): a super user
 * creates users on a plan (they set their own password from a welcome e-mail), reads everyone with
 * their plans and last sign-ins, changes a profile, activates or deactivates (a deactivated user's
 * sessions end at once), grants or revokes live trading, sets a password (their own password
 * confirmed first) and sets a user's plans as a set. Each action is written to the audit log with
 * the fields it changed, before and after.
 */
import {
  ADMIN_MSG,
  type AdminProfile,
  type ConfirmPasswordReason,
  type CreateUserBody,
  type UpdateProfileBody,
} from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { WithTransaction } from '../../db/transaction';
import { hashPassword, randomToken } from '../../core/secrets';
import type { AuthService, Principal } from '../auth';
import { isUniqueViolation, splitName, type UsersRepo } from '../users';
import type { AdminUsersRepo, AdminUserRow, RunningPlan } from './admin-users.repo';
import type { Admin, AuditService } from './audit.service';

export interface AdminUsersDeps {
  repo: AdminUsersRepo;
  users: Pick<UsersRepo, 'byId' | 'byEmail' | 'create' | 'updateUser' | 'updateProfile' | 'plans'>;
  auth: Pick<AuthService, 'sendWelcome' | 'endSessionsOf' | 'setPasswordBySupport'> & {
    assertFreshPassword(principal: Principal, action: ConfirmPasswordReason): Promise<void>;
  };
  audit: Pick<AuditService, 'record'>;
  /** Each action and its audit entry are kept together, or neither is. */
  withTransaction: WithTransaction;
  /**
   * The user-data staff account's e-mail (USER_DATA_STAFF_EMAIL): the staff rights go with it, so
   * no account is created with it or changed to it here (a super user renaming themselves to it
   * would take them).
   */
  staffEmail: string | null;
  now: () => Date;
}

const EMAIL_KEY = 'users_email_lower_idx';

/** The fields of a row an action may change, as the audit log keeps them. */
const auditFields = (u: AdminUserRow) => ({
  email: u.email,
  phone_number: u.phoneNumber,
  receive_emails: u.receiveEmails,
  receive_sms: u.receiveSms,
  dione_credits: u.dioneCredits,
  is_active: u.isActive,
  is_live_trader: u.isLiveTrader,
});

/** Of `after`, the fields that differ from `before`, and their values before. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

export function createAdminUsers({ repo, users, auth, audit, withTransaction, staffEmail, now }: AdminUsersDeps) {
  /** The profiles of these users (all when none are named), as §3 gives them, newest first. */
  async function profiles(ids?: number[]): Promise<AdminProfile[]> {
    const at = now();
    const [rows, running, types, logins] = await Promise.all([
      repo.users(ids),
      repo.runningPlans(at, ids),
      repo.alertTypesOfPlans(),
      repo.lastLogins(ids),
    ]);
    const plansOf = new Map<number, RunningPlan[]>();
    for (const p of running) plansOf.set(p.userId, [...(plansOf.get(p.userId) ?? []), p]);
    const loginsOf = new Map<number, AdminProfile['user_last_login_log']>();
    for (const l of logins) {
      const list = loginsOf.get(l.userId) ?? [];
      list.push({ ip_address: l.ipAddress, datetime_created: l.createdAt.toISOString() });
      loginsOf.set(l.userId, list);
    }
    return rows.map((u) => {
      const mine = plansOf.get(u.id) ?? [];
      const starts = mine.map((p) => p.startsAt.getTime());
      const ends = mine.map((p) => p.endsAt?.getTime() ?? null);
      return {
        id: u.id,
        name: `${u.firstName} ${u.lastName}`.trim(),
        email: u.email,
        phone_number: u.phoneNumber,
        joined_date: u.createdAt.toISOString(),
        current_plans: mine.map((p) => ({ id: p.planId, name: p.name, accessible_alerts: types.get(p.planId) ?? [] })),
        is_live_trader: u.isLiveTrader,
        is_super: u.isSuper,
        active_status: u.isActive,
        subscription_start_date: starts.length ? new Date(Math.min(...starts)).toISOString() : null,
        // The latest end of the running plans; none while any plan runs without an end.
        subscription_end_date:
          ends.length === 0 || ends.includes(null) ? null : new Date(Math.max(...(ends as number[]))).toISOString(),
        user_last_login_log: loginsOf.get(u.id) ?? [],
        receive_emails: u.receiveEmails,
        receive_sms: u.receiveSms,
        dione_credits: u.dioneCredits,
        otp_enabled: u.otpEnabled,
      };
    });
  }

  async function profileOf(id: number): Promise<AdminProfile> {
    const [p] = await profiles([id]);
    if (!p) throw new DomainError('NOT_FOUND', ADMIN_MSG.userNotFound);
    return p;
  }

  async function rowOf(id: number): Promise<AdminUserRow> {
    const [u] = await repo.users([id]);
    if (!u) throw new DomainError('NOT_FOUND', ADMIN_MSG.userNotFound);
    return u;
  }

  return {
    profiles: async () => ({ data: await profiles() }),

    /** GET /management/payment-plans: every plan, id and name. */
    async paymentPlans() {
      return { data: (await users.plans()).map((p) => ({ id: p.id, name: p.name })) };
    },

    /** POST /profile/create-new-user/: the user on the plan, and a welcome e-mail to set a password. */
    async create(admin: Admin, body: CreateUserBody) {
      if (body.email.toLowerCase() === staffEmail) throw DomainError.field('email', ADMIN_MSG.staffEmail);
      const [plan] = await repo.plansOf([body.plan]);
      if (!plan) throw DomainError.field('plan', ADMIN_MSG.unknownPlan(body.plan));
      if (await users.byEmail(body.email)) throw DomainError.field('email', ADMIN_MSG.emailTaken);
      // Nobody knows this password: the user sets theirs from the welcome e-mail.
      const passwordHash = await hashPassword(randomToken(32));
      let id: number;
      try {
        id = await withTransaction(async (tx) => {
          const created = await users.create(
            { email: body.email, passwordHash, ...splitName(body.full_name), dioneCredits: plan.dioneCredits },
            tx,
          );
          await repo.setPlans(created, [plan.id], now(), tx);
          await audit.record(
            admin,
            {
              action: 'user.create',
              subject: { id: created, email: body.email },
              summary: `Created ${body.email} on ${plan.name}`,
              after: { email: body.email, name: body.full_name, plans: [plan.name] },
            },
            tx,
          );
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err, EMAIL_KEY)) throw DomainError.field('email', ADMIN_MSG.emailTaken);
        throw err;
      }
      // Once the user is kept: the e-mail's link names them.
      await auth.sendWelcome(id, body.full_name);
      return { message: ADMIN_MSG.userCreated, data: await profileOf(id) };
    },

    /** PATCH /profile/all-profiles/{id}/: phone, e-mail, e-mail and SMS permissions, Dione credits. */
    async updateProfile(admin: Admin, id: number, body: UpdateProfileBody) {
      const before = await rowOf(id);
      const newEmail = body.email !== undefined && body.email !== before.email.toLowerCase() ? body.email : undefined;
      if (newEmail !== undefined) {
        if (before.isSuper && id !== admin.userId) throw DomainError.field('email', ADMIN_MSG.superUserEmail);
        if (newEmail.toLowerCase() === staffEmail) throw DomainError.field('email', ADMIN_MSG.staffEmail);
        const other = await users.byEmail(newEmail);
        if (other && other.id !== id) throw DomainError.field('email', ADMIN_MSG.emailTaken);
      }
      const profile = {
        ...(body.phone_number !== undefined ? { phoneNumber: body.phone_number } : {}),
        ...(body.receive_emails !== undefined ? { receiveEmails: body.receive_emails } : {}),
        ...(body.receive_sms !== undefined ? { receiveSms: body.receive_sms } : {}),
        ...(body.dione_credits !== undefined ? { dioneCredits: body.dione_credits } : {}),
      };
      const after: AdminUserRow = {
        ...before,
        ...(newEmail !== undefined ? { email: newEmail } : {}),
        ...profile,
      };
      const changed = changes(auditFields(before), auditFields(after));
      try {
        await withTransaction(async (tx) => {
          if (newEmail !== undefined) await users.updateUser(id, { email: newEmail }, tx);
          if (Object.keys(profile).length > 0) await users.updateProfile(id, profile, tx);
          if (Object.keys(changed.after).length === 0) return;
          const entry = { action: 'user.profile', subject: { id, email: after.email } };
          const summary = `Changed ${Object.keys(changed.after).join(', ')} of ${after.email}`;
          await audit.record(admin, { ...entry, summary, ...changed }, tx);
        });
      } catch (err) {
        if (isUniqueViolation(err, EMAIL_KEY)) throw DomainError.field('email', ADMIN_MSG.emailTaken);
        throw err;
      }
      return { message: ADMIN_MSG.profileUpdated, data: await profileOf(id) };
    },

    /** POST /profile/profile-activeness-update/: a deactivated user's sessions end at once. */
    async setActive(admin: Admin, id: number, active: boolean) {
      if (!active && id === admin.userId) throw DomainError.field('id', ADMIN_MSG.notYourself);
      const before = await rowOf(id);
      // Another super user is never deactivated from here (and so the last one never is).
      if (!active && before.isSuper) throw DomainError.field('id', ADMIN_MSG.superUserActive);
      if (before.isActive !== active) {
        await withTransaction(async (tx) => {
          await users.updateUser(id, { isActive: active }, tx);
          const entry = { action: active ? 'user.activate' : 'user.deactivate', subject: { id, email: before.email } };
          const summary = `${active ? 'Activated' : 'Deactivated'} ${before.email}`;
          await audit.record(
            admin,
            { ...entry, summary, before: { is_active: before.isActive }, after: { is_active: active } },
            tx,
          );
        });
        if (!active) await auth.endSessionsOf(id);
      }
      return { message: active ? ADMIN_MSG.activated : ADMIN_MSG.deactivated, data: await profiles() };
    },

    /** POST /profile/profile-live-trading-update/: live trading granted or revoked. */
    async setLiveTrader(admin: Admin, id: number, live: boolean) {
      const before = await rowOf(id);
      if (before.isLiveTrader !== live) {
        await withTransaction(async (tx) => {
          await users.updateUser(id, { isLiveTrader: live }, tx);
          const entry = { action: live ? 'user.live-grant' : 'user.live-revoke', subject: { id, email: before.email } };
          const summary = `${live ? 'Granted' : 'Revoked'} live trading of ${before.email}`;
          const values = { before: { is_live_trader: before.isLiveTrader }, after: { is_live_trader: live } };
          await audit.record(admin, { ...entry, summary, ...values }, tx);
        });
      }
      return { message: live ? ADMIN_MSG.liveGranted : ADMIN_MSG.liveRevoked, data: await profileOf(id) };
    },

    /** POST /management/password-reset/: the super user's own password confirmed first. */
    async resetPassword(admin: Admin & { principal: Principal }, email: string, password: string) {
      await auth.assertFreshPassword(admin.principal, 'ADMIN_PASSWORD_RESET');
      const user = await users.byEmail(email);
      if (!user) throw DomainError.field('user_email', ADMIN_MSG.userEmailNotFound);
      if (user.isSuper && user.id !== admin.userId) throw DomainError.field('user_email', ADMIN_MSG.superUserPassword);
      await auth.setPasswordBySupport(user.id, password);
      await audit.record(admin, {
        action: 'user.password',
        subject: { id: user.id, email: user.email },
        summary: `Set a new password for ${user.email} (signed out everywhere)`,
      });
      return { message: ADMIN_MSG.passwordResetDone };
    },

    /** PATCH /profile/{id}: the user's plans as a set. */
    async setPlans(admin: Admin, id: number, planIds: number[]) {
      const before = await profileOf(id);
      const wanted = [...new Set(planIds)];
      const known = await repo.plansOf(wanted);
      const missing = wanted.find((p) => !known.some((k) => k.id === p));
      if (missing !== undefined) throw DomainError.field('current_plans', ADMIN_MSG.unknownPlan(missing));
      const beforeNames = before.current_plans.map((x) => x.name).sort();
      const afterNames = known.map((k) => k.name).sort();
      await withTransaction(async (tx) => {
        await repo.setPlans(id, wanted, now(), tx);
        const entry = { action: 'user.plans', subject: { id, email: before.email } };
        const summary = `Set the plans of ${before.email}: ${afterNames.join(', ')}`;
        await audit.record(
          admin,
          { ...entry, summary, before: { plans: beforeNames }, after: { plans: afterNames } },
          tx,
        );
      });
      const after = await profileOf(id);
      return { message: ADMIN_MSG.plansUpdated, data: { current_plans: after.current_plans } };
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsers>;
