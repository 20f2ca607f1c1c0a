import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { connect, type Database } from '../apps/server/src/db/client';
import { alerts, alertTypes } from '../apps/server/src/db/schema/index';
import { startJobs, type Jobs } from '../apps/server/src/jobs/queue';
import { cspViolations, launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

/**
 * The inbox of 2-trading §2.9 as a person meets it: an alert published while they are signed in
 * arrives live (toast and badge), the inbox lists it, and marking one or all as read empties it.
 * Alerts are written straight into the database and their fan-out queued, as publishing does.
 */
describe('the inbox', () => {
  let browser: Browser;
  let database: Database;
  let jobs: Jobs;
  beforeAll(async () => {
    browser = await launch();
    database = connect(inject('databaseUrl'), 2);
    jobs = await startJobs(inject('databaseUrl'), pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await browser?.close();
    await jobs?.stop();
    await database?.close();
  });

  /** A new SWING-ALERTS alert for a ticker of its own, announced as publishing does. */
  async function publish(): Promise<string> {
    const ticker = `E${randomBytes(2).toString('hex').toUpperCase()}`;
    const [type] = await database.db
      .select({ id: alertTypes.id })
      .from(alertTypes)
      .where(eq(alertTypes.name, 'SWING-ALERTS'));
    const [row] = await database.db
      .insert(alerts)
      .values({
        alertTypeId: type!.id,
        ticker,
        companyName: 'Journey Corp',
        alertPrice: '20',
        buyRangeLow: '19.6',
        buyRangeHigh: '20.2',
        targetRangeLow: '22',
        targetRangeHigh: '24',
        stopLoss: '18',
        riskPercent: '10.9',
        rewardPercent: '18.8',
        announcedAt: new Date(),
      })
      .returning({ id: alerts.id });
    await jobs.send('notifications.fanout', { kind: 'NEW_ALERT', ref: row!.id });
    return ticker;
  }

  const inboxButton = (page: Page) =>
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: /^Inbox/ });
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Inbox' });

  it('a new alert arrives live, is listed, and is marked read one by one or all at once', async () => {
    const user = await createUser({ plans: ['basic-monthly'] });
    const page = await newPage(browser);
    const diag: string[] = [];
    page.on('console', (m) => diag.push(`console ${m.type()}: ${m.text()}`));
    page.on('websocket', (ws) => {
      diag.push(`ws open ${ws.url()} at ${Date.now()}`);
      ws.on('framereceived', (f) => diag.push(`ws <- ${String(f.payload).slice(0, 200)} at ${Date.now()}`));
      ws.on('framesent', (f) => diag.push(`ws -> ${String(f.payload).slice(0, 120)}`));
      ws.on('close', () => diag.push(`ws closed at ${Date.now()}`));
    });
    await signIn(page, user.email, user.password);
    await expectPath(page, '/dashboard');

    // Start from an empty inbox (the demo scanner may have announced an alert already).
    await inboxButton(page).click();
    const empty = dialog(page).getByText('You have no unread notifications.');
    await dialog(page).getByTestId('inbox-item').first().or(empty).waitFor();
    const markAll = dialog(page).getByRole('button', { name: 'Mark all as read' });
    if (await markAll.isEnabled()) await markAll.click();
    await empty.waitFor();
    await page.keyboard.press('Escape');

    // Published while the inbox is closed: a toast, and the badge counts it.
    const first = await publish();
    const title = `New SWING-ALERTS alert: ${first}`;
    const toast = page.locator('.drat-notification-toast').filter({ hasText: title });
    diag.push(`published at ${Date.now()}`);
    await toast.waitFor({ timeout: 30_000 }).catch((e: unknown) => {
      console.log('DIAG\n' + diag.join('\n'));
      throw e;
    });
    await expect.poll(async () => inboxButton(page).getAttribute('aria-label')).toMatch(/^Inbox, \d+ unread$/);
    // It came over this site's own socket, which the CSP's connect-src 'self' allows; nothing was refused.
    expect(cspViolations(page)).toEqual([]);

    // The toast opens the inbox, which lists it with its content and time.
    await toast.click();
    const item = dialog(page).getByRole('listitem', { name: title });
    await item.waitFor();
    expect(await item.textContent()).toContain(`${first} (Journey Corp): buy range $19.60 to $20.20`);
    expect(await item.locator('time').textContent()).toBe('Just now');

    // Published while the inbox is open: the list grows by itself.
    const second = await publish();
    const secondItem = dialog(page).getByRole('listitem', { name: `New SWING-ALERTS alert: ${second}` });
    await secondItem.waitFor({ timeout: 30_000 });

    // Mark one: it leaves the list; the other stays.
    await item.getByRole('button', { name: /^Mark as read/ }).click();
    await item.waitFor({ state: 'detached' });
    expect(await secondItem.isVisible()).toBe(true);

    // Mark all: the empty state, and no badge (unless the demo scanner announced another alert
    // meanwhile: then it is all that is left).
    await dialog(page).getByRole('button', { name: 'Mark all as read' }).click();
    await secondItem.waitFor({ state: 'detached' });
    const leftOver = await dialog(page).getByRole('listitem').count();
    if (leftOver === 0) {
      await dialog(page).getByText('You have no unread notifications.').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(async () => inboxButton(page).getAttribute('aria-label')).toBe('Inbox');
    } else {
      await page.keyboard.press('Escape');
    }

    // The server kept it.
    await page.reload();
    await inboxButton(page).click();
    await dialog(page).waitFor();
    await expect
      .poll(() =>
        dialog(page)
          .getByText(/^New SWING-ALERTS alert: /)
          .allTextContents(),
      )
      .not.toContain(title);
    expect(await dialog(page).getByText(`New SWING-ALERTS alert: ${second}`).count()).toBe(0);
    await page.context().close();
  });
});
