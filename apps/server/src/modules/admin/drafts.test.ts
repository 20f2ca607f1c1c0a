import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MSG, NOTIFICATION_MESSAGE_MAX, type NotificationDraft } from '@drat/contracts';
import { makeSignedIn, makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * Notification drafts (3-bots-admin-public §2.8, §5 "Draft", §7, §8 "Drafts"): shared by the super
 * users, each rule in the spec's words, refused to subscribers (403) and anonymous callers (401).
 */
let t: TestApp;
let ada: { email: string; token: string };
let bob: { email: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeUser(t.db, { isSuper: true });
  const b = await makeUser(t.db, { isSuper: true });
  ada = { email: a.email, token: await signIn(t.app, a) };
  bob = { email: b.email, token: await signIn(t.app, b) };
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string | null) =>
  t.inject({
    method,
    url: `/api${url}`,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: `Token ${token}` } : {},
  });
const list = async (token = ada.token) =>
  (await call('GET', '/notifications/drafts/', undefined, token)).json().data as NotificationDraft[];

describe('notification drafts', () => {
  it('super-users-share-drafts-add-change-and-delete-them-each-with-the-specs-words', async () => {
    const added = await call(
      'POST',
      '/notifications/drafts/',
      { title: 'Holiday hours', message: 'Closed on the 25th.' },
      ada.token,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      message: DRAFT_MSG.added,
      data: { title: 'Holiday hours', message: 'Closed on the 25th.', author_email: ada.email },
    });
    const id = (added.json().data as NotificationDraft).id;
    expect((await list(bob.token)).map((d) => d.id)).toContain(id);

    const changed = await call(
      'PUT',
      `/notifications/drafts/${id}/`,
      { title: 'Holiday hours', message: 'Closed on the 24th and 25th.' },
      bob.token,
    );
    expect(changed.json()).toMatchObject({ message: DRAFT_MSG.updated, data: { id, author_email: bob.email } });
    expect((await list())[0]).toMatchObject({ id, message: 'Closed on the 24th and 25th.' });

    const removed = await call('DELETE', `/notifications/drafts/${id}/`, undefined, ada.token);
    expect(removed.json()).toEqual({ message: DRAFT_MSG.deleted });
    expect((await list()).map((d) => d.id)).not.toContain(id);
    expect((await call('DELETE', `/notifications/drafts/${id}/`, undefined, ada.token)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/notifications/drafts/${id}/`, { title: 'x', message: 'y' }, ada.token)).statusCode,
    ).toBe(404);

    // The audit log keeps each, by whom, with the draft before and after.
    const audit = (await call('GET', '/management/audit-log?page_size=3', undefined, ada.token)).json().data as {
      action: string;
      actor_email: string;
      before: unknown;
      after: unknown;
    }[];
    expect(audit.map((e) => [e.action, e.actor_email, e.before, e.after])).toEqual([
      ['draft.delete', ada.email, { title: 'Holiday hours', message: 'Closed on the 24th and 25th.' }, null],
      [
        'draft.update',
        bob.email,
        { title: 'Holiday hours', message: 'Closed on the 25th.' },
        { title: 'Holiday hours', message: 'Closed on the 24th and 25th.' },
      ],
      ['draft.add', ada.email, null, { title: 'Holiday hours', message: 'Closed on the 25th.' }],
    ]);
  });

  it('a-draft-needs-a-title-and-a-message-of-at-most-3000-characters-and-nothing-is-saved-otherwise', async () => {
    const before = (await list()).length;
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { title: [DRAFT_MSG.titleRequired], message: [DRAFT_MSG.messageRequired] }],
      [{ title: '  ', message: 'x' }, { title: [DRAFT_MSG.titleRequired] }],
      [{ title: 'x', message: 'y'.repeat(NOTIFICATION_MESSAGE_MAX + 1) }, { message: [DRAFT_MSG.messageTooLong] }],
    ];
    for (const [body, errors] of cases) {
      const res = await call('POST', '/notifications/drafts/', body, ada.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(errors);
    }
    expect((await list()).length).toBe(before);
  });

  it('only-super-users-reach-drafts', async () => {
    const subscriber = await makeSignedIn(t);
    for (const [method, url] of [
      ['GET', '/notifications/drafts/'],
      ['POST', '/notifications/drafts/'],
      ['PUT', '/notifications/drafts/1/'],
      ['DELETE', '/notifications/drafts/1/'],
    ] as const) {
      const body = method === 'POST' || method === 'PUT' ? { title: 'a', message: 'b' } : undefined;
      expect((await call(method, url, body, null)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, body, subscriber.token)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
