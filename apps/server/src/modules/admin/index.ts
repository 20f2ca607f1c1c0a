/**
 * Administration (3-bots-admin-public §2.3-§2.10): super users run the business from here.
 *
 * - admin-users.service.ts  manage users (§2.3, §2.6): create on a plan, the users table with
 *                           details, profile, activeness, live trading, password, plans
 * - admin-users.repo.ts     the admin's reads of users and the plans-as-a-set write
 * - audit.service.ts        the audit log: every admin action, before and after (audit.repo.ts)
 * - slots.service.ts        trade-challenge slots: the public list, the edit, the count-down job
 * - drafts.service.ts       notification drafts, shared by the super users
 * - admin.routes.ts         the calls, each declaring is_super
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { transactions } from '../../db/transaction';
import type { UsersRepo } from '../users';
import { adminRoutes } from './admin.routes';
import { adminUsersRepo } from './admin-users.repo';
import { createAdminUsers, type AdminUsersDeps, type AdminUsersService } from './admin-users.service';
import { auditRepo } from './audit.repo';
import { createAudit, type AuditService } from './audit.service';
import { draftsRepo } from './drafts.repo';
import { createDrafts, type DraftsService } from './drafts.service';
import { createNotify, type NotifyDeps, type NotifyService } from './notify.service';
import { slotsRepo } from './slots.repo';
import { userDataRepo } from './user-data.repo';
import { userDataRoutes } from './user-data.routes';
import { createUserData, type UserDataService } from './user-data.service';
import { createSlots, type SlotsService } from './slots.service';
import type { Jobs } from '../../jobs/queue';

export type { Admin, AuditService } from './audit.service';
export type { AdminUsersService } from './admin-users.service';

export interface AdminAreaDeps {
  db: Db;
  users: AdminUsersDeps['users'] & Pick<UsersRepo, 'byId'> & NotifyDeps['users'];
  auth: AdminUsersDeps['auth'];
  /** The notifications area: keeps a super user's notification and fans it out. */
  notifications: NotifyDeps['notifications'];
  /** Where a notification's files are kept. */
  storage: NotifyDeps['storage'];
  /** The staff account that may change user data (USER_DATA_STAFF_EMAIL), or null: nobody. */
  userDataStaffEmail: string | null;
  now: () => Date;
}

export interface AdminArea {
  users: AdminUsersService;
  audit: AuditService;
  slots: SlotsService;
  drafts: DraftsService;
  notify: NotifyService;
  userData: UserDataService;
  userDataStaffEmail: string | null;
}

export function createAdmin(deps: AdminAreaDeps): AdminArea {
  const audit = createAudit(auditRepo(deps.db), deps.now);
  const users = createAdminUsers({
    repo: adminUsersRepo(deps.db),
    users: deps.users,
    auth: deps.auth,
    audit,
    withTransaction: transactions(deps.db),
    staffEmail: deps.userDataStaffEmail,
    now: deps.now,
  });
  const withTransaction = transactions(deps.db);
  const slots = createSlots({ repo: slotsRepo(deps.db), audit, withTransaction, now: deps.now });
  const drafts = createDrafts({ repo: draftsRepo(deps.db), audit, withTransaction, now: deps.now });
  const notify = createNotify({ notifications: deps.notifications, users: deps.users, storage: deps.storage, audit });
  const userData = createUserData({ repo: userDataRepo(deps.db), audit, withTransaction, now: deps.now });
  return { users, audit, slots, drafts, notify, userData, userDataStaffEmail: deps.userDataStaffEmail };
}

export async function registerAdminRoutes(api: FastifyInstance, admin: AdminArea): Promise<void> {
  await api.register(adminRoutes, {
    users: admin.users,
    audit: admin.audit,
    slots: admin.slots,
    drafts: admin.drafts,
    notify: admin.notify,
  });
  await api.register(userDataRoutes, { userData: admin.userData, staffEmail: admin.userDataStaffEmail });
}

/** The count-downs of the trade-challenge slots: every 5 minutes, each period taken once. */
export async function startAdminJobs(jobs: Jobs, admin: AdminArea): Promise<void> {
  await jobs.work('slots.deduct', async () => void (await admin.slots.deductDue()));
  await jobs.schedule('slots.deduct', '*/5 * * * *');
}
