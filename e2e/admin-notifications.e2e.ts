import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DRAFT_MSG, INBOX_MSG, NOTIFY_MSG } from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { baseURL, launch, newPage, waitForMail } from './support/browser';
import { expectPath, signIn } from './support/journeys';

/** The demo's super user and trader (DEMO_SEED). */
const ADMIN = { email: 'admin@drat.local', password: 'DratDemo2026' };
const DEMO = { email: 'demo@drat.local', password: 'DratDemo2026' };

/** Signs in through the login screen, past the first sign-in's guided tour (marked done beforehand). */
async function signInAs(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  await call(await tokenOf(user), 'POST', '/profile/not-first-login/');
  const page = await newPage(browser);
  await signIn(page, user.email, user.password);
  await expectPath(page, '/dashboard');
  return page;
}

const sendButton = (page: Page) => page.getByRole('button', { name: /^(send )?Send$/ });

/** Picks `email` in the form's User select: typed in its search box, then chosen. */
async function pickUser(page: Page, email: string) {
  await page.getByLabel('User', { exact: true }).fill(email);
  await page.locator('.ant-select-dropdown:visible').getByTitle(email, { exact: true }).click();
}

/** The sent table's rows for `email`, found with its search box. */
async function sentRows(page: Page, email: string, title: string): Promise<Locator> {
  await page.getByLabel('Search by person').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: title });
  await row.waitFor();
  return row;
}

describe('notifications from a super user (3-bots-admin-public §2.8)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a draft is saved, used, then sent in the inbox and by e-mail; its status and the inbox show it', async () => {
    const page = await signInAs(browser, ADMIN);
    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Create Notification' }).waitFor();
    // The inbox always gets it: the form says so.
    await page.getByText('It always goes to their DRAT inbox too').waitFor();

    // Nothing typed: the spec's words under each field, nothing sent.
    await sendButton(page).click();
    for (const text of [NOTIFY_MSG.titleRequired, NOTIFY_MSG.messageRequired, NOTIFY_MSG.userRequired])
      await page.getByText(text, { exact: true }).waitFor();

    // Saved as a draft: it is listed, and Use puts its words back in an empty form.
    const stamp = Date.now();
    const title = `Closing early ${stamp}`;
    const text = `Markets close at 1 pm ET on Friday (${stamp}).`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByText(`${text.length} / 3000`).waitFor();
    await page.getByRole('button', { name: /Save as draft$/ }).click();
    await page.getByText(DRAFT_MSG.added).waitFor();
    const draft = page.getByRole('list', { name: 'Drafts' }).getByRole('listitem', { name: title });
    await draft.getByText(text).waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    await draft.getByRole('button', { name: /Use$/ }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe(text);

    // To one user, in the inbox and by e-mail (E-mail is ticked from the start).
    expect(await page.getByRole('checkbox', { name: 'E-mail' }).isChecked()).toBe(true);
    await pickUser(page, DEMO.email);
    const sentAt = Date.now() - 1000;
    await sendButton(page).click();
    await page.getByText(NOTIFY_MSG.sent, { exact: true }).waitFor();
    await page.getByText(`${NOTIFY_MSG.sent}: 1 person (${DEMO.email}) in the inbox and e-mail.`).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    const mail = await waitForMail(DEMO.email, new RegExp(title));
    expect(mail.body).toContain(text);
    expect(Date.parse(mail.createdAt)).toBeGreaterThanOrEqual(sentAt);

    // Notification Status: the person, the words, not seen yet, and the e-mail's status once sent.
    // The success note links to it.
    await page.getByRole('link', { name: 'Notification Status', exact: true }).click();
    await expectPath(page, '/notifications-status');
    const row = await sentRows(page, DEMO.email, title);
    await row.getByText('Dana Demo').waitFor();
    await row.getByText(text).waitFor();
    await row.getByText('Not seen').waitFor();
    await row.getByText(`by ${ADMIN.email}`).waitFor();
    await expect.poll(() => row.getByText('SUCCESS', { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    // No SMS was asked for.
    expect(await row.getByText('SMS', { exact: true }).count()).toBe(0);

    // The trader finds it in their inbox and marks it read.
    const demo = await signInAs(browser, DEMO);
    await demo
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: /^Inbox/ })
      .click();
    const item = demo.getByRole('dialog', { name: 'Inbox' }).getByRole('listitem', { name: title });
    await item.getByText(text).waitFor();
    await item.getByRole('button', { name: `${INBOX_MSG.markOne}: ${title}` }).click();
    await item.waitFor({ state: 'detached' });
    await demo.context().close();

    // The super user sees it was seen.
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => row.getByText('Seen', { exact: true }).isVisible()).toBe(true);

    // The draft is deleted, asked first.
    await page.goto('/notifications');
    await draft.getByRole('button', { name: `Delete ${title}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(DRAFT_MSG.deleted).waitFor();
    await draft.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('several users get it with a file, whose link the e-mail carries', async () => {
    const page = await signInAs(browser, ADMIN);
    await page.goto('/notifications');
    const title = `Monthly report ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Message', { exact: true }).fill('The report is attached.');
    await page.getByText('Several users', { exact: true }).click();
    for (const email of [DEMO.email, 'live@drat.local']) {
      await page.getByLabel('Users', { exact: true }).fill(email);
      await page.locator('.ant-select-dropdown:visible').getByTitle(email, { exact: true }).click();
    }
    await page.locator('input[type=file]').setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await page.getByText('report.pdf').waitFor();
    await sendButton(page).click();
    await page.getByText(`${NOTIFY_MSG.sent}: 2 people (2 users) in the inbox and e-mail.`).waitFor();
    // The form is empty again, files included (the file's row collapses out first).
    await page.getByText('report.pdf').waitFor({ state: 'detached' });
    const mail = await waitForMail(DEMO.email, new RegExp(title));
    // The e-mail names the file with its whole link (PUBLIC_URL first), which serves it.
    const link = /report\.pdf: (\S+)/.exec(mail.body)?.[1];
    expect(link).toMatch(/^https?:\/\/[^/]+\/media\/notifications\/\S+\/report\.pdf$/);
    const file = await fetch(new URL(new URL(link!).pathname, baseURL()));
    expect(file.status).toBe(200);
    expect((await file.text()).startsWith('%PDF-1.4')).toBe(true);
    await page.context().close();
  });

  it('everyone is asked for first; cancelled, nothing is sent', async () => {
    const page = await signInAs(browser, ADMIN);
    await page.goto('/notifications');
    await page.getByLabel('Title', { exact: true }).fill('To all');
    await page.getByLabel('Message', { exact: true }).fill('Hello everyone.');
    await page.getByText('Everyone', { exact: true }).click();
    await sendButton(page).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Send to every user?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByText(NOTIFY_MSG.sent).count()).toBe(0);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('To all');
    await page.context().close();
  });
});
