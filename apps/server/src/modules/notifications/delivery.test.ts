import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  NOTIFICATION_EVENT,
  NOTIFICATIONS_READ_EVENT,
  type NotificationEventPayload,
  type NotificationsResponse,
} from '@drat/contracts';
import {
  alerts,
  alertTriggers,
  alertTypeExemptions,
  notifications,
  outbox,
  plans,
  profiles,
  subscriptions,
  users,
} from '../../db/schema/index';
import { ProviderError } from '../../providers/provider-error';
import type { SmsMessage, SmsProvider } from '../../providers/sms/index';
import { usersRepo } from '../users';
import { LATE_PRIORITY } from './notifications.service';
import {
  alertTypeId,
  makeAlert,
  makeTrigger,
  makeUser,
  signIn,
  trackAlert,
  type MakeUserOptions,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signedInSocket, wsUrl } from '../../../test/ws-client';

interface Prefs {
  receiveEmails?: boolean;
  receiveSms?: boolean;
  getAlertsNotification?: boolean;
  getTrackersNotification?: boolean;
}

async function person(t: TestApp, options: MakeUserOptions & Prefs = {}) {
  const { receiveEmails, receiveSms, getAlertsNotification, getTrackersNotification, ...userOptions } = options;
  const user = await makeUser(t.db, userOptions);
  const prefs = { receiveEmails, receiveSms, getAlertsNotification, getTrackersNotification };
  const set = Object.fromEntries(Object.entries(prefs).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) await usersRepo(t.db).updateProfile(user.id, set);
  return user;
}

const rowsOf = (t: TestApp, kind: string, ref: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.kind, kind), eq(notifications.ref, String(ref))))
    .orderBy(notifications.userId);

const usersOf = async (t: TestApp, kind: string, ref: number) => (await rowsOf(t, kind, ref)).map((n) => n.userId);

/** A super user's switch of 3-bots §2.7, through the admin API: one alert type, or a whole category. */
async function setSwitch(t: TestApp, target: { type: string } | { category: string }, on: boolean) {
  const token = await signIn(t.app, await makeUser(t.db, { isSuper: true, plans: [] }));
  const url =
    'type' in target
      ? `/api/alerts/alert-types/${await alertTypeId(t.db, target.type)}`
      : `/api/alerts/alert-types/notification-status?category=${encodeURIComponent(target.category)}`;
  const res = await t.inject({
    method: 'PATCH',
    url,
    headers: { authorization: `Token ${token}` },
    payload: { is_notification_enabled: on },
  });
  expect(res.statusCode).toBe(200);
}

async function waitFor<T>(probe: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An SMS provider that records what it sends and refuses numbers it is told to, for good. */
function recordingSms() {
  const sent: SmsMessage[] = [];
  const refuse = new Set<string>();
  const provider: SmsProvider = {
    name: 'outbox',
    async send(message) {
      if (refuse.has(message.to)) {
        throw new ProviderError(
          'twilio',
          'BAD_REQUEST',
          `Twilio answered 400: 21211 The 'To' number ${message.to} is not a valid phone number.`,
          { status: 400, vendorCode: 21211 },
        );
      }
      sent.push(message);
      return {};
    },
    health: async () => true,
  };
  return { provider, sent, refuse };
}

describe('who is notified of a new alert', () => {
  // Its own database: "exactly these users" means nobody else there.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exactly the active users entitled to the type who want alert notifications and have not exempted it', async () => {
    const elite = await person(t, { plans: ['elite-monthly'] });
    const stocks = await person(t, { plans: ['stocks-yearly'] });
    const basic = await person(t, { plans: ['basic-monthly'] }); // SWING-ALERTS only
    const superUser = await person(t, { isSuper: true, plans: [] });
    const emailOff = await person(t, { plans: ['elite-monthly'], receiveEmails: false }); // still in the inbox
    const nobody = [
      await person(t, { plans: ['options-monthly'] }), // another category
      await person(t, { plans: ['weekly-trade-idea-monthly'] }), // other types only
      await person(t, { plans: ['credits-25'] }), // credits give no alerts
      await person(t, { plans: ['elite-monthly'], expired: true }),
      await person(t, { plans: ['elite-monthly'], isActive: false }),
      await person(t, { plans: ['elite-monthly'], getAlertsNotification: false }),
    ];
    const exempted = await person(t, { plans: ['stocks-monthly'] });
    const token = await signIn(t.app, exempted);
    const swing = await alertTypeId(t.db, 'SWING-ALERTS');
    expect((await t.post('/alerts/exempt-alerts/', [{ id: swing, exempted: true }], { token })).statusCode).toBe(200);

    const alert = await makeAlert(t.db, { type: 'SWING-ALERTS' });
    const result = await t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: alert.id });
    const expected = [elite, stocks, basic, superUser, emailOff].map((u) => u.id).sort((a, b) => a - b);
    expect(result).toEqual({ created: { NEW_ALERT: expected.length } });
    expect(await usersOf(t, 'NEW_ALERT', alert.id)).toEqual(expected);
    expect(nobody.map((u) => u.id).filter((id) => expected.includes(id))).toEqual([]);

    // The exemption is of that type only: the exempted user hears of another STOCKS type.
    const dayTrade = await makeAlert(t.db, { type: 'DAY-TRADE-ALERTS' });
    await t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: dayTrade.id });
    expect(await usersOf(t, 'NEW_ALERT', dayTrade.id)).toEqual(
      [elite, stocks, superUser, emailOff, exempted].map((u) => u.id).sort((a, b) => a - b),
    );
  });

  it('the alert type’s notification switch off: nobody is notified, not even super users', async () => {
    await person(t, { plans: ['options-monthly'] });
    await setSwitch(t, { type: 'OPTIONS-ALERTS' }, false);
    try {
      const alert = await makeAlert(t.db, {
        type: 'OPTIONS-ALERTS',
        strategy: 'BUY CALL',
        singleStrike: 55,
        singleExpiration: '2026-12-18',
      });
      expect(await t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: alert.id })).toEqual({
        created: {},
        skipped: 'notifications-off',
      });
      expect(await rowsOf(t, 'NEW_ALERT', alert.id)).toEqual([]);
    } finally {
      await setSwitch(t, { type: 'OPTIONS-ALERTS' }, true);
    }
    // Back on, the next alert of the type goes out.
    const next = await makeAlert(t.db, { type: 'OPTIONS-ALERTS' });
    const result = await t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: next.id });
    expect(result.created.NEW_ALERT).toBeGreaterThan(0);
  });

  it('a deleted alert notifies nobody', async () => {
    const alert = await makeAlert(t.db, { deleted: true });
    expect(await t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: alert.id })).toEqual({
      created: {},
      skipped: 'not-found',
    });
  });

  it('running the fan-out again writes nothing twice: no notification, no e-mail, no SMS', async () => {
    await person(t, { plans: ['elite-monthly'], receiveSms: true, phoneNumber: '+14155550199' });
    const alert = await makeAlert(t.db, { type: 'BREAKOUT-ALERTS' });
    const first = await t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: alert.id });
    const rows = await rowsOf(t, 'NEW_ALERT', alert.id);
    const messages = await t.modules.outbox.latest(10_000);
    expect(rows.length).toBe(first.created.NEW_ALERT);

    expect(await t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: alert.id })).toEqual({
      created: { NEW_ALERT: 0 },
    });
    await Promise.all([
      t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: alert.id }),
      t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: alert.id }),
    ]);
    expect(await rowsOf(t, 'NEW_ALERT', alert.id)).toEqual(rows);
    expect(await t.modules.outbox.latest(10_000)).toHaveLength(messages.length);
  });

  it('fans out past one batch (500 recipients per transaction)', async () => {
    const typeId = await alertTypeId(t.db, 'SQUEEZE-ALERTS');
    // 520 plain users with a Stocks plan, written in bulk (no password hashing, for speed).
    const stamp = Date.now();
    const ids = (
      await t.db
        .insert(users)
        .values(
          Array.from({ length: 520 }, (_, i) => ({
            email: `bulk-${i}-${stamp}@test.drat`,
            username: `bulk-${i}-${stamp}`,
            passwordHash: 'x',
          })),
        )
        .returning({ id: users.id })
    ).map((r) => r.id);
    await t.db.insert(profiles).values(ids.map((userId) => ({ userId })));
    const [stocks] = await t.db.select({ id: plans.id }).from(plans).where(eq(plans.code, 'stocks-monthly'));
    await t.db
      .insert(subscriptions)
      .values(ids.map((userId) => ({ userId, planId: stocks!.id, startsAt: new Date(stamp - 86_400_000) })));
    const alert = await makeAlert(t.db, { type: 'SQUEEZE-ALERTS' });
    expect(alert.alertTypeId).toBe(typeId);
    await t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: alert.id });
    const notified = new Set(await usersOf(t, 'NEW_ALERT', alert.id));
    expect(ids.every((id) => notified.has(id))).toBe(true);
  });
});

describe('who is notified of a trigger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('trackers of the alert as TRACKER, everyone else entitled and opted in as TRIGGER, nobody twice', async () => {
    const alert = await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'TSLA' });
    const tracker = await person(t, { plans: ['stocks-monthly'] });
    const trackerAlertsOff = await person(t, { plans: ['stocks-monthly'], getAlertsNotification: false });
    const trackerTrackersOff = await person(t, { plans: ['stocks-monthly'], getTrackersNotification: false });
    const trackerExpired = await person(t, { plans: ['stocks-monthly'], expired: true });
    const watcher = await person(t, { plans: ['basic-monthly'] });
    const exempted = await person(t, { plans: ['stocks-monthly'] });
    await t.db.insert(alertTypeExemptions).values({ userId: exempted.id, alertTypeId: alert.alertTypeId });
    const uninterested = await person(t, { plans: ['stocks-monthly'], getAlertsNotification: false });
    for (const u of [tracker, trackerAlertsOff, trackerTrackersOff, trackerExpired])
      await trackAlert(t.db, u.id, alert);

    const trigger = await makeTrigger(t.db, alert, {
      kind: 'TARGET_1',
      lastPrice: 55.5,
      note: 'TSLA reached target 1 for a 10% profit',
    });
    const result = await t.modules.notifications.fanout({ kind: 'TRIGGER', ref: trigger.id });
    expect(result).toEqual({ created: { TRACKER: 2, TRIGGER: 2 } });
    expect(await usersOf(t, 'TRACKER', trigger.id)).toEqual([tracker.id, trackerAlertsOff.id]);
    expect(await usersOf(t, 'TRIGGER', trigger.id)).toEqual([trackerTrackersOff.id, watcher.id]);
    expect(
      [exempted.id, uninterested.id, trackerExpired.id].some((id) =>
        [tracker.id, trackerAlertsOff.id, trackerTrackersOff.id, watcher.id].includes(id),
      ),
    ).toBe(false);

    const [asTracker] = await rowsOf(t, 'TRACKER', trigger.id);
    expect(asTracker).toMatchObject({
      title: 'Tracked alert TSLA: target 1 reached',
      content: 'TSLA reached target 1 for a 10% profit. Last price $55.50.',
    });
    const [asTrigger] = await rowsOf(t, 'TRIGGER', trigger.id);
    expect(asTrigger!.title).toBe('SWING-ALERTS TSLA: target 1 reached');

    expect(await t.modules.notifications.fanout({ kind: 'TRIGGER', ref: trigger.id })).toEqual({
      created: { TRACKER: 0, TRIGGER: 0 },
    });
  });

  it('the category switched off: a trigger notifies nobody, trackers included', async () => {
    const alert = await makeAlert(t.db, { type: 'OTC-RUNNERS', ticker: 'ABCD', alertPrice: 0.05 });
    const tracker = await person(t, { plans: ['elite-monthly'] });
    await trackAlert(t.db, tracker.id, alert);
    await setSwitch(t, { category: 'OTC' }, false);
    try {
      const trigger = await makeTrigger(t.db, alert, { kind: 'STOP', lastPrice: 0.044 });
      expect((await t.modules.notifications.fanout({ kind: 'TRIGGER', ref: trigger.id })).skipped).toBe(
        'notifications-off',
      );
      expect(await rowsOf(t, 'TRACKER', trigger.id)).toEqual([]);
      expect(await rowsOf(t, 'TRIGGER', trigger.id)).toEqual([]);
    } finally {
      await setSwitch(t, { category: 'OTC' }, true);
    }
  });

  it('a late trigger (found in a catch-up) reaches only its trackers, in the inbox: no e-mail, no SMS', async () => {
    const alert = await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'LATE' });
    const tracker = await person(t, { plans: ['stocks-monthly'], receiveSms: true, phoneNumber: '+14155550177' });
    const other = await person(t, { plans: ['stocks-monthly'] });
    await trackAlert(t.db, tracker.id, alert);
    const trigger = await makeTrigger(t.db, alert, { kind: 'BUY_RANGE' });
    expect(await t.modules.notifications.fanout({ kind: 'TRIGGER', ref: trigger.id, late: true })).toEqual({
      created: { TRACKER: 1 },
    });
    const [n] = await rowsOf(t, 'TRACKER', trigger.id);
    expect(n).toMatchObject({
      userId: tracker.id,
      emailStatus: null,
      smsStatus: null,
      emailOutboxId: null,
      smsOutboxId: null,
    });
    expect(await rowsOf(t, 'TRIGGER', trigger.id)).toEqual([]);
    expect(await t.emailsTo(tracker.email)).toEqual([]);
    expect(await t.emailsTo(other.email)).toEqual([]);
    expect(await t.smsTo('+14155550177')).toEqual([]);
  });
});

describe('e-mail and SMS copies and their statuses', () => {
  const sms = recordingSms();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sms: sms.provider });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('e-mail when receive_emails is on, SMS when receive_sms is on and a phone is set; PENDING, then the delivery result', async () => {
    const both = await person(t, { plans: ['stocks-monthly'], receiveSms: true, phoneNumber: '+14155550101' });
    const sharesPhone = await person(t, { plans: ['stocks-monthly'], receiveSms: true, phoneNumber: '+14155550101' });
    const emailOnly = await person(t, { plans: ['stocks-monthly'], receiveSms: true }); // no phone
    const smsOnly = await person(t, {
      plans: ['stocks-monthly'],
      receiveEmails: false,
      receiveSms: true,
      phoneNumber: '+14155550102',
    });
    const none = await person(t, { plans: ['stocks-monthly'], receiveEmails: false, phoneNumber: '+14155550103' });
    const refused = await person(t, { plans: ['stocks-monthly'], receiveSms: true, phoneNumber: '+19999999999' });
    sms.refuse.add('+19999999999');

    const alert = await makeAlert(t.db, {
      type: 'SWING-ALERTS',
      ticker: 'MSFT',
      companyName: 'Microsoft',
      alertPrice: 400,
    });
    await t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: alert.id });
    const rows = new Map((await rowsOf(t, 'NEW_ALERT', alert.id)).map((r) => [r.userId, r]));

    expect(rows.get(both.id)).toMatchObject({ emailStatus: 'PENDING', smsStatus: 'PENDING' });
    expect(rows.get(sharesPhone.id)).toMatchObject({ emailStatus: 'PENDING', smsStatus: 'PENDING' });
    expect(rows.get(sharesPhone.id)!.smsOutboxId).not.toBe(rows.get(both.id)!.smsOutboxId);
    expect(rows.get(emailOnly.id)).toMatchObject({ emailStatus: 'PENDING', smsStatus: null, smsOutboxId: null });
    expect(rows.get(smsOnly.id)).toMatchObject({ emailStatus: null, emailOutboxId: null, smsStatus: 'PENDING' });
    expect(rows.get(none.id)).toMatchObject({ emailStatus: null, smsStatus: null });

    const [mail] = await t.emailsTo(both.email);
    expect(mail).toMatchObject({
      subject: 'New SWING-ALERTS alert: MSFT',
      status: 'PENDING',
      id: rows.get(both.id)!.emailOutboxId,
    });
    expect(mail!.body).toContain('MSFT (Microsoft): buy range $392.00 to $404.00');
    expect(mail!.body).toContain('Open DRAT: http://drat.test/alerts');
    const texts = await t.smsTo('+14155550101');
    expect(texts.map((m) => m.id).sort()).toEqual(
      [rows.get(both.id)!.smsOutboxId, rows.get(sharesPhone.id)!.smsOutboxId].sort(),
    );
    const text = texts.find((m) => m.id === rows.get(both.id)!.smsOutboxId);
    expect(text).toMatchObject({ channel: 'SMS', recipient: '+14155550101' });
    const [mailOfSharer] = await t.emailsTo(sharesPhone.email);
    expect(mailOfSharer!.id).toBe(rows.get(sharesPhone.id)!.emailOutboxId);
    expect(text!.body).toMatch(/^DRAT: New SWING-ALERTS alert: MSFT\. MSFT \(Microsoft\)/);
    expect(text!.body.length).toBeLessThanOrEqual(320);
    expect(await t.emailsTo(none.email)).toEqual([]);

    // The workers deliver; each copy's result lands on its notification.
    await t.startWorkers();
    const ids = [both, emailOnly, smsOnly, refused].map((u) => rows.get(u.id)!.id);
    const settled = await waitFor(
      () => t.db.select().from(notifications).where(inArray(notifications.id, ids)),
      (list) => list.every((n) => n.emailStatus !== 'PENDING' && n.smsStatus !== 'PENDING'),
    );
    const after = new Map(settled.map((n) => [n.userId, n]));
    expect(after.get(both.id)).toMatchObject({ emailStatus: 'SUCCESS', smsStatus: 'SUCCESS' });
    expect(after.get(emailOnly.id)).toMatchObject({ emailStatus: 'SUCCESS', smsStatus: null });
    expect(after.get(smsOnly.id)).toMatchObject({ emailStatus: null, smsStatus: 'SUCCESS' });
    expect(after.get(refused.id)).toMatchObject({ emailStatus: 'SUCCESS', smsStatus: 'FAILED' });
    expect(sms.sent.map((m) => m.to).sort()).toEqual(['+14155550101', '+14155550101', '+14155550102']);
    const [failed] = await t.smsTo('+19999999999');
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, lastError: expect.stringContaining('21211') });
  });

  it('a message whose delivery job was lost is found by the outbox sweep', async () => {
    const id = (
      await t.modules.outbox.write([{ channel: 'EMAIL', recipient: 'lost@test.drat', subject: 'Lost', body: 'x' }])
    )[0]!.id;
    await t.db
      .update(outbox)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(outbox.id, id));
    expect(await t.modules.outbox.sweep()).toBeGreaterThanOrEqual(1);
    const row = await waitFor(
      async () => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!,
      (r) => r.status !== 'PENDING',
    );
    expect(row.status).toBe('SUCCESS');
  });
});

describe('end to end: hooks, jobs, the WebSocket and the inbox', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    url = await wsUrl(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('notifyAlertPublished: the user’s socket hears the notification, the inbox lists it, the e-mail goes out', async () => {
    const user = await person(t, { plans: ['stocks-monthly'] });
    const token = await signIn(t.app, user);
    const other = await person(t, { plans: ['options-monthly'] });
    const socket = await signedInSocket(url, token);
    const otherSocket = await signedInSocket(url, await signIn(t.app, other));
    try {
      const alert = await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'AMD' });
      await t.modules.notifications.notifyAlertPublished(alert.id);
      await t.modules.notifications.notifyAlertPublished(alert.id); // a hook fired twice

      const message = await socket.next('event', (m) => m.event.kind === NOTIFICATION_EVENT, 15_000);
      const payload = message.event.payload as NotificationEventPayload;
      expect(payload).toMatchObject({ kind: 'NEW_ALERT', title: 'New SWING-ALERTS alert: AMD' });

      const res = await t.get('/notifications', { token });
      const body = res.json<NotificationsResponse>();
      expect(body.notifications).toEqual([
        expect.objectContaining({
          id: payload.id,
          title: payload.title,
          content: payload.content,
          timestamp: payload.timestamp,
        }),
      ]);

      const mail = await waitFor(
        async () => (await t.emailsTo(user.email))[0],
        (m) => m?.status === 'SUCCESS',
      );
      expect(mail!.subject).toBe('New SWING-ALERTS alert: AMD');
      await waitFor(
        async () => (await rowsOf(t, 'NEW_ALERT', alert.id))[0]!.emailStatus,
        (s) => s === 'SUCCESS',
      );
      expect(await rowsOf(t, 'NEW_ALERT', alert.id)).toHaveLength(1);

      // Reading it tells the user's other tabs.
      await t.post('/notifications/mark-all-as-read/', undefined, { token });
      await socket.next('event', (m) => m.event.kind === NOTIFICATIONS_READ_EVENT);
      expect(otherSocket.messages.filter((m) => m.type === 'event')).toEqual([]);
    } finally {
      await socket.close();
      await otherSocket.close();
    }
  });

  it('wired to the alert sources: an alert published through the API and a new trigger notify through the hooks', async () => {
    const superToken = await signIn(t.app, await person(t, { isSuper: true, plans: [] }));
    const user = await person(t, { plans: ['stocks-monthly'] });
    const socket = await signedInSocket(url, await signIn(t.app, user));
    try {
      const publisher = (await t.post('/alerts/publishers', { name: 'Inbox desk' }, { token: superToken })).json<{
        key: string;
      }>();
      const res = await t.post(
        '/alerts/publish',
        {
          id: `inbox-${Date.now()}`,
          alert_type: 'SWING-ALERTS',
          ticker: 'INTC',
          alert_price: 30.5,
          buy_range_low: 30,
          buy_range_high: 31,
          target_range_low: 33,
          target_range_high: 35,
          stop_loss: 28,
          rating: 3,
        },
        { headers: { authorization: `Bearer ${publisher.key}` } },
      );
      expect(res.statusCode).toBeLessThan(300);
      const published = await socket.next(
        'event',
        (m) =>
          m.event.kind === NOTIFICATION_EVENT &&
          (m.event.payload as NotificationEventPayload).title === 'New SWING-ALERTS alert: INTC',
        15_000,
      );
      expect(published.event.payload).toMatchObject({ kind: 'NEW_ALERT' });

      // The lifecycle's event for a new trigger of that alert.
      const [alert] = await t.db.select().from(alerts).where(eq(alerts.ticker, 'INTC'));
      const trigger = await makeTrigger(
        t.db,
        { id: alert!.id, alertTypeId: alert!.alertTypeId, ticker: 'INTC' },
        { kind: 'BUY_RANGE', note: 'INTC entered the buy range' },
      );
      const [row] = await t.db.select().from(alertTriggers).where(eq(alertTriggers.id, trigger.id));
      await t.modules.alerts.events.emitTriggerCreated({
        trigger: row!,
        alert: alert!,
        alertType: { id: alert!.alertTypeId, name: 'SWING-ALERTS', category: 'STOCKS' },
        late: false,
      });
      const triggered = await socket.next(
        'event',
        (m) => m.event.kind === NOTIFICATION_EVENT && (m.event.payload as NotificationEventPayload).kind === 'TRIGGER',
        15_000,
      );
      expect(triggered.event.payload).toMatchObject({ title: 'SWING-ALERTS INTC: entered the buy range' });
    } finally {
      await socket.close();
    }
  });

  it('notifyTrigger: a late trigger (a catch-up) is queued after every other fan-out; a fresh one and an alert are not', async () => {
    const alert = await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'AMD' });
    const late = await makeTrigger(t.db, alert, { kind: 'TARGET_1', note: 'AMD reached target 1' });
    const fresh = await makeTrigger(t.db, alert, { kind: 'TARGET_2', note: 'AMD reached target 2' });
    await t.modules.notifications.notifyTrigger(late.id, { late: true });
    await t.modules.notifications.notifyTrigger(fresh.id);
    await t.modules.notifications.notifyAlertPublished(alert.id);
    const { rows } = await t.database.pool.query<{ ref: string; priority: number }>(
      `select data->>'kind' || ':' || (data->>'ref') as ref, priority from pgboss.job
        where name = 'notifications.fanout' and (data->>'ref')::int = any($1)`,
      [[late.id, fresh.id, alert.id]],
    );
    const priorityOf = (ref: string) => rows.find((r) => r.ref === ref)?.priority;
    expect(priorityOf(`TRIGGER:${late.id}`)).toBe(LATE_PRIORITY);
    expect(LATE_PRIORITY).toBeLessThan(0);
    expect(priorityOf(`TRIGGER:${fresh.id}`)).toBe(0);
    expect(priorityOf(`NEW_ALERT:${alert.id}`)).toBe(0);
  });

  it('notifyTrigger: a tracker hears of a trigger of the alert they track', async () => {
    const user = await person(t, { plans: ['stocks-monthly'] });
    const token = await signIn(t.app, user);
    const alert = await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'META' });
    await trackAlert(t.db, user.id, alert);
    const socket = await signedInSocket(url, token);
    try {
      const trigger = await makeTrigger(t.db, alert, { kind: 'TARGET_2', note: 'META reached target 2' });
      await t.modules.notifications.notifyTrigger(trigger.id);
      const message = await socket.next('event', (m) => m.event.kind === NOTIFICATION_EVENT, 15_000);
      expect(message.event.payload).toMatchObject({ kind: 'TRACKER', title: 'Tracked alert META: target 2 reached' });
    } finally {
      await socket.close();
    }
  });
});
