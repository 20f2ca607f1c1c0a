import type { Logger } from 'pino';
import {
  INBOX_LIMIT,
  INBOX_MSG,
  NOTIFICATION_EVENT,
  NOTIFICATION_EVENT_CONTENT_MAX,
  NOTIFICATIONS_READ_EVENT,
  type NotificationDto,
  type NotificationEventPayload,
  type NotificationKind,
  type NotificationsResponse,
  type NotifyChannel,
  type NotifyAudience,
  type SentNotification,
} from '@drat/contracts';
import type { Tx, WithTransaction } from '../../db/transaction';
import { DomainError } from '../../core/errors';
import type { JobQueue, QueuePayloads } from '../../jobs/queue';
import type { Principal } from '../auth';
import type { UserEvents } from '../live';
import type { OutboxMessage, OutboxService } from '../outbox';
import {
  audienceOf,
  type NewSend,
  type NotificationRow,
  type NotificationsRepo,
  type Recipient,
  type SendAudience,
} from './notifications.repo';
import { adminTexts, newAlertTexts, triggerTexts, type NotificationTexts } from './notifications.texts';

/** Recipients read and written per transaction during a fan-out. */
export const FANOUT_BATCH = 500;

export interface NotificationsDeps {
  repo: NotificationsRepo;
  withTransaction: WithTransaction;
  queue: JobQueue;
  outbox: Pick<OutboxService, 'write' | 'enqueue' | 'onResult'>;
  publishUserEvent: UserEvents['publishUserEvent'];
  now: () => Date;
  publicUrl: string;
  log: Logger;
}

export type FanoutJob = QueuePayloads['notifications.fanout'];

/** The fan-out of a late trigger (stale news, trackers' inbox only) comes after every other one. */
export const LATE_PRIORITY = -1;

/** Which copies of a notification go out besides the inbox (each as the person allows). */
interface Copies {
  email: boolean;
  sms: boolean;
}
const both = (on: boolean): Copies => ({ email: on, sms: on });

/** A super user's notification, as the admin area hands it over. */
export interface Broadcast {
  sender: { userId: number; email: string };
  title: string;
  message: string;
  channels: NotifyChannel[];
  audience: NotifyAudience;
  /** single and multiple: the users named; users-on-plan: the plans. */
  userIds?: number[];
  planIds?: number[];
  files: { name: string; type: string; url: string }[];
}

/** What one fan-out run did: notifications written per kind (0 on a re-run), or why it sent nothing. */
export interface FanoutResult {
  created: Partial<Record<NotificationKind, number>>;
  skipped?: 'not-found' | 'notifications-off';
}

const toDto = (n: NotificationRow): NotificationDto => ({
  id: n.id,
  title: n.title,
  content: n.content,
  timestamp: n.createdAt.toISOString(),
  seen: n.seen,
  kind: n.kind,
});

/**
 * The inbox (2-trading §2.9, §7) and the delivery of alert and trigger notifications (issue 4):
 * a fan-out job finds the recipients in batches and, per batch in one transaction, writes their
 * notifications, the outbox messages of their e-mail and SMS copies and the live events; the
 * outbox delivers the copies and reports back the result, recorded as the copy's status.
 * Everything is keyed (a notification by user, kind and ref), so any step may run twice.
 */
export function createNotificationsService({
  repo,
  withTransaction,
  queue,
  outbox,
  publishUserEvent,
  now,
  publicUrl,
  log,
}: NotificationsDeps) {
  outbox.onResult(({ outboxId, channel, status }) => repo.setCopyStatus(channel, outboxId, status));

  async function inbox(userId: number): Promise<NotificationsResponse> {
    const [rows, unread] = await Promise.all([repo.unread(userId, INBOX_LIMIT), repo.unreadCount(userId)]);
    return { notifications: rows.map(toDto), empty: rows.length === 0, unread };
  }

  /** Writes `kind` notifications about `ref` for every recipient `page` yields, batch by batch. */
  async function writeAll(
    kind: NotificationKind,
    ref: number,
    texts: NotificationTexts,
    page: (afterId: number) => Promise<Recipient[]>,
    copies: Copies,
  ): Promise<number> {
    let afterId = 0;
    let created = 0;
    for (;;) {
      const batch = await page(afterId);
      if (batch.length === 0) return created;
      afterId = batch[batch.length - 1]!.id;
      const byUser = new Map(batch.map((r) => [r.id, r]));

      const written = await withTransaction(async (tx) => {
        const fresh = await repo.insertNew(
          batch.map((r) => ({ userId: r.id, kind, ref: String(ref), title: texts.title, content: texts.content })),
          tx,
        );
        // The copies of the new notifications only: a re-run finds nothing new and sends nothing.
        const toSend: { notificationId: number; message: OutboxMessage }[] = [];
        for (const n of fresh) {
          const r = byUser.get(n.userId)!;
          if (copies.email && r.receiveEmails && r.email) {
            toSend.push({
              notificationId: n.id,
              message: { channel: 'EMAIL', recipient: r.email, subject: texts.email.subject, body: texts.email.text },
            });
          }
          const phone = r.phoneNumber.trim();
          if (copies.sms && r.receiveSms && phone) {
            toSend.push({ notificationId: n.id, message: { channel: 'SMS', recipient: phone, body: texts.sms } });
          }
        }
        const messages = await outbox.write(
          toSend.map((c) => c.message),
          tx,
        );
        // Each message back to its notification by channel and recipient, whatever order the rows
        // come back in (two users sharing a phone get one SMS each, with the same text).
        const waiting = new Map<string, number[]>();
        for (const c of toSend) {
          const key = `${c.message.channel} ${c.message.recipient}`;
          waiting.set(key, [...(waiting.get(key) ?? []), c.notificationId]);
        }
        const links = new Map(
          fresh.map((n) => [
            n.id,
            { id: n.id, emailOutboxId: null as number | null, smsOutboxId: null as number | null },
          ]),
        );
        for (const m of messages) {
          const link = links.get(waiting.get(`${m.channel} ${m.recipient}`)!.shift()!)!;
          if (m.channel === 'EMAIL') link.emailOutboxId = m.id;
          else link.smsOutboxId = m.id;
        }
        await repo.linkCopies(
          [...links.values()].filter((l) => l.emailOutboxId !== null || l.smsOutboxId !== null),
          tx,
        );
        // Live events travel with the commit (NOTIFY inside the transaction).
        for (const n of fresh) {
          const payload: NotificationEventPayload = {
            id: n.id,
            kind,
            title: texts.title,
            content: texts.content.slice(0, NOTIFICATION_EVENT_CONTENT_MAX),
            timestamp: n.createdAt.toISOString(),
          };
          await publishUserEvent(n.userId, { kind: NOTIFICATION_EVENT, payload }, tx);
        }
        return { count: fresh.length, messages };
      });
      // After the commit; a crash before this line leaves the messages to the outbox sweep.
      await outbox.enqueue(written.messages);
      created += written.count;
    }
  }

  async function fanout({ kind, ref, late = false }: FanoutJob): Promise<FanoutResult> {
    const at = now();
    if (kind === 'ADMIN') {
      const send = await repo.sendById(ref);
      if (!send) return { created: {}, skipped: 'not-found' };
      const copies = { email: send.channels.includes('EMAIL'), sms: send.channels.includes('SMS') };
      const texts = adminTexts(send, publicUrl);
      const created = await writeAll(
        'ADMIN',
        ref,
        texts,
        (after) => repo.sendRecipients(send, after, FANOUT_BATCH),
        copies,
      );
      log.info({ sendId: ref, created }, 'admin notifications written');
      return { created: { ADMIN: created } };
    }
    if (kind === 'NEW_ALERT') {
      const alert = await repo.alertSubject(ref);
      if (!alert) return { created: {}, skipped: 'not-found' };
      if (!alert.notificationsEnabled) return { created: {}, skipped: 'notifications-off' };
      const texts = newAlertTexts(alert, publicUrl);
      const created = await writeAll(
        'NEW_ALERT',
        ref,
        texts,
        (after) => repo.alertRecipients(alert.alertTypeId, at, after, FANOUT_BATCH),
        both(!late),
      );
      log.info({ alertId: ref, created }, 'new-alert notifications written');
      return { created: { NEW_ALERT: created } };
    }
    const trigger = await repo.triggerSubject(ref);
    if (!trigger) return { created: {}, skipped: 'not-found' };
    if (!trigger.notificationsEnabled) return { created: {}, skipped: 'notifications-off' };
    // Trackers of the alert hear of it as trackers; everyone else entitled and opted in, as a trigger.
    // A late trigger (found in a catch-up after downtime, or the demo history played through) is
    // stale news: only its trackers hear of it, in the inbox.
    const tracker = await writeAll(
      'TRACKER',
      ref,
      triggerTexts(trigger, 'TRACKER', publicUrl),
      (after) => repo.trackerRecipients(trigger.alertId, trigger.alertTypeId, at, after, FANOUT_BATCH),
      both(!late),
    );
    if (late) {
      log.info({ triggerId: ref, tracker }, 'late trigger: tracker notifications written');
      return { created: { TRACKER: tracker } };
    }
    const other = await writeAll(
      'TRIGGER',
      ref,
      triggerTexts(trigger, 'TRIGGER', publicUrl),
      (after) => repo.alertRecipients(trigger.alertTypeId, at, after, FANOUT_BATCH, trigger.alertId),
      both(true),
    );
    log.info({ triggerId: ref, tracker, other }, 'trigger notifications written');
    return { created: { TRACKER: tracker, TRIGGER: other } };
  }

  return {
    /** GET /notifications: the unread list, newest first. */
    list: (principal: Principal) => inbox(principal.user.id),

    /** POST /notifications/mark-single-as-read/: only one's own; answers the new list. */
    async markSingleAsRead(principal: Principal, id: number): Promise<NotificationsResponse> {
      if (!(await repo.markRead(principal.user.id, id))) throw new DomainError('NOT_FOUND', INBOX_MSG.notFound);
      await publishUserEvent(principal.user.id, { kind: NOTIFICATIONS_READ_EVENT, payload: { ids: [id] } });
      return inbox(principal.user.id);
    },

    /** POST /notifications/mark-all-as-read/: answers the (now empty) list. */
    async markAllAsRead(principal: Principal): Promise<NotificationsResponse> {
      const ids = await repo.markAllRead(principal.user.id);
      if (ids.length > 0)
        await publishUserEvent(principal.user.id, { kind: NOTIFICATIONS_READ_EVENT, payload: { all: true } });
      return inbox(principal.user.id);
    },

    /**
     * Hook for the alert publishing: queues the fan-out of a new alert's notifications. Safe to
     * call twice (the job is keyed by the alert; its notifications by user).
     */
    notifyAlertPublished: (alertId: number) =>
      queue.send('notifications.fanout', { kind: 'NEW_ALERT', ref: alertId }, { key: `NEW_ALERT:${alertId}` }),

    /**
     * Hook for the lifecycle engine: queues the fan-out of a new trigger (trackers and others).
     * `late` (found long after it happened): only the alert's trackers hear of it, in the inbox
     * (and live), with no e-mail or SMS.
     */
    notifyTrigger: (triggerId: number, options: { late?: boolean } = {}) =>
      queue.send(
        'notifications.fanout',
        { kind: 'TRIGGER', ref: triggerId, ...(options.late ? { late: true } : {}) },
        // A catch-up (the demo history played through at start) queues hundreds of late ones: a
        // super user's send and a new alert's news go ahead of them.
        { key: `TRIGGER:${triggerId}`, ...(options.late ? { priority: LATE_PRIORITY } : {}) },
      ),

    /** Job handler of 'notifications.fanout'. */
    fanout,

    /** How many active users an audience reaches now (0: nobody to send to). */
    reached: (audience: SendAudience) => repo.countReached(audience, now()),

    /**
     * A super user's notification (3-bots-admin-public §2.8): kept, counted, and fanned out in the
     * background by a job keyed by it (so a 10,000-person send answers at once, and the job may
     * run twice). Answers its id and how many people it reaches.
     */
    async broadcast(
      b: Broadcast,
      /** Kept with the send, in its transaction (the admin area's audit entry): both or neither. */
      alongside: (sent: { id: number; recipients: number }, tx: Tx) => Promise<void> = async () => undefined,
    ): Promise<{ id: number; recipients: number }> {
      const at = now();
      const throughUserId = b.audience === 'all' ? await repo.lastUserId() : null;
      const send: NewSend = {
        title: b.title,
        message: b.message,
        channels: b.channels,
        audience: b.audience,
        userIds: b.audience === 'single' || b.audience === 'multiple' ? (b.userIds ?? []) : null,
        planIds: b.audience === 'users-on-plan' ? (b.planIds ?? []) : null,
        files: b.files,
        sentById: b.sender.userId,
        sentByEmail: b.sender.email,
        recipients: 0,
        throughUserId,
        createdAt: at,
      };
      send.recipients = await repo.countReached(
        audienceOf({ audience: b.audience, userIds: send.userIds ?? null, planIds: send.planIds ?? null }),
        at,
        throughUserId,
      );
      const row = await withTransaction(async (tx) => {
        const kept = await repo.insertSend(send, tx);
        await alongside({ id: kept.id, recipients: kept.recipients }, tx);
        return kept;
      });
      try {
        await queue.send('notifications.fanout', { kind: 'ADMIN', ref: row.id }, { key: `ADMIN:${row.id}` });
      } catch (err) {
        // Not queued: not sent. The super user is told it failed and may send it again.
        await repo.removeSend(row.id).catch(() => undefined);
        throw err;
      }
      return { id: row.id, recipients: row.recipients };
    },

    /** GET /management/notifications: each person's copy of the super users' notifications, newest first. */
    async sent(q: { search?: string | undefined; page: number; page_size: number }) {
      const { rows, total } = await repo.sentPage({
        ...(q.search ? { search: q.search } : {}),
        offset: (q.page - 1) * q.page_size,
        limit: q.page_size,
      });
      const status = (s: string | null) => (s === 'SUCCESS' || s === 'PENDING' || s === 'FAILED' ? s : null);
      const data: SentNotification[] = rows.map((r) => ({
        id: r.id,
        notification_id: r.sendId,
        user_email: r.email,
        user_name: `${r.firstName} ${r.lastName}`.trim(),
        title: r.title,
        content: r.content,
        seen: r.seen,
        email_status: status(r.emailStatus),
        sms_status: status(r.smsStatus),
        sent_by: r.sentBy,
        timestamp: r.createdAt.toISOString(),
      }));
      return { data, total };
    },

    /**
     * One trader's inbox message about their own trade (its buys refused by the broker, a fill after
     * a confirmed cancel), written in `tx` with the step that tells it, once per kind and `ref`; it
     * reaches their screens at the commit, as a toast that opens the inbox.
     */
    async tellTrader(
      tx: Tx,
      userId: number,
      message: { kind: 'TRADE_FAILED' | 'ORDER_REFUSED' | 'LATE_FILL'; ref: string; title: string; content: string },
    ): Promise<void> {
      const { kind, ref, title, content } = message;
      const fresh = await repo.insertNew([{ userId, kind, ref, title, content }], tx);
      for (const n of fresh) {
        const payload: NotificationEventPayload = {
          id: n.id,
          kind,
          title,
          content: content.slice(0, NOTIFICATION_EVENT_CONTENT_MAX),
          timestamp: n.createdAt.toISOString(),
        };
        await publishUserEvent(userId, { kind: NOTIFICATION_EVENT, payload }, tx);
      }
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
