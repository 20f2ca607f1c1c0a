import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';
import {
  alertCategories,
  alerts,
  alertTrackers,
  alertTriggers,
  alertTypeExemptions,
  alertTypes,
  notifications,
  notificationSends,
  planAlertTypes,
  plans,
  profiles,
  subscriptions,
  users,
} from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;
export type SendRow = typeof notificationSends.$inferSelect;
export type NewSend = Omit<typeof notificationSends.$inferInsert, 'id'>;

/** Whom a super user's notification reaches: named users, the users on plans, or everyone. */
export type SendAudience = { userIds: number[] } | { planIds: number[] } | 'all';

/**
 * The people a send made at `at` reaches (active users), as a condition on `users`. Everyone means
 * everyone there when it was sent, up to the user `throughUserId` (ids only grow): the fan-out run
 * again later (a retry) reaches nobody who joined since.
 */
function reachedBy(audience: SendAudience, at: Date, throughUserId: number | null = null): SQL {
  if (audience === 'all')
    return throughUserId === null ? sql`${users.isActive}` : sql`${users.isActive} and ${users.id} <= ${throughUserId}`;
  if ('userIds' in audience) return sql`${users.isActive} and ${users.id} = any(${sql.param(audience.userIds)}::int[])`;
  return sql`${users.isActive} and ${runningSubscription(at, sql`s.plan_id = any(${sql.param(audience.planIds)}::int[])`)}`;
}

/** The audience a stored send names. */
export function audienceOf(send: Pick<SendRow, 'audience' | 'userIds' | 'planIds'>): SendAudience {
  if (send.audience === 'all') return 'all';
  if (send.audience === 'users-on-plan') return { planIds: send.planIds ?? [] };
  return { userIds: send.userIds ?? [] };
}

/** A person a notification goes to, with what their copies need. */
export interface Recipient {
  id: number;
  email: string;
  phoneNumber: string;
  receiveEmails: boolean;
  receiveSms: boolean;
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  phoneNumber: profiles.phoneNumber,
  receiveEmails: profiles.receiveEmails,
  receiveSms: profiles.receiveSms,
};

/** A subscription of the user in `users` running at `now`, with extra conditions on it and its plan. */
function runningSubscription(now: Date, extra: SQL): SQL {
  return sql`exists (
    select 1 from ${subscriptions} s join ${plans} p on p.id = s.plan_id
    where s.user_id = ${users.id} and s.starts_at <= ${now} and (s.ends_at is null or s.ends_at > ${now}) and ${extra})`;
}

/**
 * Entitled to alerts of `alertTypeId` (the rule of rights.rules): a super user, or a running plan
 * that includes the type while a running plan gives the alerts right (AA).
 */
function entitledTo(alertTypeId: number, now: Date): SQL {
  return sql`(${users.isSuper} or (
    ${runningSubscription(now, sql`exists (select 1 from ${planAlertTypes} pat where pat.plan_id = p.id and pat.alert_type_id = ${alertTypeId})`)}
    and ${runningSubscription(now, sql`'AA' = any(p.features)`)}))`;
}

export function notificationsRepo(db: Db) {
  return {
    /** A live alert with its type's notification switch, or undefined when gone or deleted. */
    async alertSubject(alertId: number) {
      const [row] = await db
        .select({
          id: alerts.id,
          alertTypeId: alerts.alertTypeId,
          ticker: alerts.ticker,
          companyName: alerts.companyName,
          typeName: alertTypes.name,
          category: alertCategories.name,
          notificationsEnabled: alertTypes.isNotificationEnabled,
          buyRangeLow: alerts.buyRangeLow,
          buyRangeHigh: alerts.buyRangeHigh,
          targetRangeLow: alerts.targetRangeLow,
          targetRangeHigh: alerts.targetRangeHigh,
          stopLoss: alerts.stopLoss,
          strategy: alerts.strategy,
          singleStrike: alerts.singleStrike,
          singleExpiration: alerts.singleExpiration,
          legOneStrike: alerts.legOneStrike,
          legTwoStrike: alerts.legTwoStrike,
          legOneExpiration: alerts.legOneExpiration,
        })
        .from(alerts)
        .innerJoin(alertTypes, eq(alertTypes.id, alerts.alertTypeId))
        .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId))
        .where(and(eq(alerts.id, alertId), isNull(alerts.deletedAt)));
      return row;
    },

    /** A trigger of a live alert, with the alert type's notification switch. */
    async triggerSubject(triggerId: number) {
      const [row] = await db
        .select({
          id: alertTriggers.id,
          alertId: alertTriggers.alertId,
          alertTypeId: alerts.alertTypeId,
          kind: alertTriggers.kind,
          ticker: alertTriggers.ticker,
          lastPrice: alertTriggers.lastPrice,
          triggerNote: alertTriggers.triggerNote,
          typeName: alertTypes.name,
          notificationsEnabled: alertTypes.isNotificationEnabled,
        })
        .from(alertTriggers)
        .innerJoin(alerts, eq(alerts.id, alertTriggers.alertId))
        .innerJoin(alertTypes, eq(alertTypes.id, alerts.alertTypeId))
        .where(and(eq(alertTriggers.id, triggerId), isNull(alerts.deletedAt)));
      return row;
    },

    /**
     * Active users entitled to the type who want new-alert notifications and have not exempted
     * the type, by id after `afterId`. With `exceptTrackersOf`, leaves out those who track that
     * alert and get tracker notifications (they hear of its triggers as trackers).
     */
    alertRecipients(alertTypeId: number, now: Date, afterId: number, limit: number, exceptTrackersOf?: number) {
      return db
        .select(recipientColumns)
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(
          and(
            sql`${users.id} > ${afterId}`,
            eq(users.isActive, true),
            eq(profiles.getAlertsNotification, true),
            sql`not exists (select 1 from ${alertTypeExemptions} e where e.user_id = ${users.id} and e.alert_type_id = ${alertTypeId})`,
            entitledTo(alertTypeId, now),
            exceptTrackersOf === undefined
              ? undefined
              : sql`not (${profiles.getTrackersNotification} and exists (
                  select 1 from ${alertTrackers} t where t.user_id = ${users.id} and t.alert_id = ${exceptTrackersOf}))`,
          ),
        )
        .orderBy(users.id)
        .limit(limit);
    },

    /** Active, still entitled users tracking the alert who want tracker notifications. */
    trackerRecipients(alertId: number, alertTypeId: number, now: Date, afterId: number, limit: number) {
      return db
        .select(recipientColumns)
        .from(alertTrackers)
        .innerJoin(users, eq(users.id, alertTrackers.userId))
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(
          and(
            eq(alertTrackers.alertId, alertId),
            sql`${users.id} > ${afterId}`,
            eq(users.isActive, true),
            eq(profiles.getTrackersNotification, true),
            entitledTo(alertTypeId, now),
          ),
        )
        .orderBy(users.id)
        .limit(limit);
    },

    /** How many active users `audience` reaches at `at`. */
    async countReached(audience: SendAudience, at: Date, throughUserId: number | null = null): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(reachedBy(audience, at, throughUserId));
      return row?.n ?? 0;
    },

    /** The people a send reaches, by id after `afterId` (the plans as they were when it was sent). */
    sendRecipients: (send: SendRow, afterId: number, limit: number) =>
      db
        .select(recipientColumns)
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(and(sql`${users.id} > ${afterId}`, reachedBy(audienceOf(send), send.createdAt, send.throughUserId)))
        .orderBy(users.id)
        .limit(limit),

    /** The newest user's id (0 when there is none): everyone, as of now. */
    async lastUserId(): Promise<number> {
      const [row] = await db.select({ id: sql<number>`coalesce(max(${users.id}), 0)::int` }).from(users);
      return row?.id ?? 0;
    },
    async insertSend(send: NewSend, tx?: Tx): Promise<SendRow> {
      const [row] = await runnerOf(db, tx).insert(notificationSends).values(send).returning();
      return row!;
    },
    sendById: async (id: number): Promise<SendRow | undefined> =>
      (await db.select().from(notificationSends).where(eq(notificationSends.id, id)))[0],
    async removeSend(id: number): Promise<void> {
      await db.delete(notificationSends).where(eq(notificationSends.id, id));
    },

    /**
     * The sent table: each person's copy of the super users' notifications, newest first; with
     * `search`, of the people whose e-mail or name contains it.
     */
    async sentPage(q: { search?: string; offset: number; limit: number }) {
      const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = and(
        eq(notifications.kind, 'ADMIN'),
        like === null
          ? undefined
          : sql`(${users.email} ilike ${like} or (${profiles.firstName} || ' ' || ${profiles.lastName}) ilike ${like})`,
      );
      const base = () =>
        db
          .select({
            id: notifications.id,
            sendId: notificationSends.id,
            email: users.email,
            firstName: profiles.firstName,
            lastName: profiles.lastName,
            title: notifications.title,
            content: notifications.content,
            seen: notifications.seen,
            emailStatus: notifications.emailStatus,
            smsStatus: notifications.smsStatus,
            sentBy: notificationSends.sentByEmail,
            createdAt: notifications.createdAt,
          })
          .from(notifications)
          .innerJoin(users, eq(users.id, notifications.userId))
          .innerJoin(profiles, eq(profiles.userId, users.id))
          .innerJoin(notificationSends, sql`${notificationSends.id}::text = ${notifications.ref}`);
      const [rows, [total]] = await Promise.all([
        base()
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .offset(q.offset)
          .limit(q.limit),
        db
          .select({ n: count() })
          .from(notifications)
          .innerJoin(users, eq(users.id, notifications.userId))
          .innerJoin(profiles, eq(profiles.userId, users.id))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Writes the notifications that do not exist yet; answers only those it wrote. */
    insertNew: (rows: (typeof notifications.$inferInsert)[], tx?: Tx) =>
      runnerOf(db, tx)
        .insert(notifications)
        .values(rows)
        .onConflictDoNothing({ target: [notifications.userId, notifications.kind, notifications.ref] })
        .returning({ id: notifications.id, userId: notifications.userId, createdAt: notifications.createdAt }),

    /** Points notifications at the outbox messages of their copies, marking those PENDING. */
    async linkCopies(links: { id: number; emailOutboxId: number | null; smsOutboxId: number | null }[], tx?: Tx) {
      if (links.length === 0) return;
      const values = sql.join(
        links.map((l) => sql`(${l.id}::int, ${l.emailOutboxId}::int, ${l.smsOutboxId}::int)`),
        sql`, `,
      );
      await runnerOf(db, tx).execute(sql`
        update ${notifications} set
          email_outbox_id = v.email_id,
          email_status = case when v.email_id is null then null else 'PENDING' end,
          sms_outbox_id = v.sms_id,
          sms_status = case when v.sms_id is null then null else 'PENDING' end
        from (values ${values}) as v(id, email_id, sms_id)
        where ${notifications.id} = v.id`);
    },

    /** Records the final result of a copy on the notification that sent it. */
    async setCopyStatus(channel: 'EMAIL' | 'SMS', outboxId: number, status: 'SUCCESS' | 'FAILED') {
      if (channel === 'EMAIL') {
        await db.update(notifications).set({ emailStatus: status }).where(eq(notifications.emailOutboxId, outboxId));
      } else {
        await db.update(notifications).set({ smsStatus: status }).where(eq(notifications.smsOutboxId, outboxId));
      }
    },

    unread: (userId: number, limit: number) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.seen, false)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit),

    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.seen, false)));
      return row?.n ?? 0;
    },

    /** Marks one of the user's notifications read; false when the user has no such notification. */
    async markRead(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ seen: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async markAllRead(userId: number): Promise<number[]> {
      const rows = await db
        .update(notifications)
        .set({ seen: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.seen, false)))
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },
  };
}
export type NotificationsRepo = ReturnType<typeof notificationsRepo>;
