import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { USER_DATA_MSG } from '@drat/contracts';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

/** The demo's staff account: the one super user who may change user data (USER_DATA_STAFF_EMAIL). */
const STAFF = { email: 'admin@drat.local', password: 'DratDemo2026' };
const HEADER = 'first_name,last_name,email,twitter_handle,instagram_handle,phone_number,tags';

/**
 * User data (3-bots-admin-public §2.10): the staff account uploads a file of people and reads the
 * report, uploads a second that changes one of them and accepts the change in Pending User
 * Changes, finds the changed person with the search and exports the search as a CSV; another super
 * user is told they have view-only access.
 */
describe('user data', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launch();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-user-data-'));
  });
  afterAll(async () => {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const csv = (name: string, rows: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${[HEADER, ...rows].join('\r\n')}\r\n`);
    return file;
  };
  const upload = async (page: Page, file: string) => {
    await page.goto('/upload-users');
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByText(path.basename(file)).waitFor();
    await page.getByRole('button', { name: /Upload$/ }).click();
    await page.getByText(USER_DATA_MSG.uploaded).first().waitFor();
    return page.getByLabel('Upload report');
  };

  it('the staff account uploads, accepts a change, searches and exports', async () => {
    const run = randomUUID().slice(0, 8);
    const tag = `e2e-${run}`;
    const ann = `ann-${run}@example.com`;
    const bob = `bob-${run}@example.com`;
    const page = await newPage(browser);
    await signIn(page, STAFF.email, STAFF.password);
    await expectPath(page, '/dashboard');

    // Upload with nothing chosen, then a file of the wrong kind: the spec's words.
    await page.goto('/upload-users');
    await page.getByRole('button', { name: /Upload$/ }).click();
    await page.getByText(USER_DATA_MSG.fileRequired).waitFor();
    const notes = path.join(dir, 'notes.txt');
    fs.writeFileSync(notes, 'hello');
    await page.locator('input[type=file]').setInputFiles(notes);
    await page.getByText(USER_DATA_MSG.fileType).waitFor();

    // The first file: two people and a row with a broken e-mail, reported with its row and reason.
    const first = csv(`people-${run}.csv`, [
      `Ann,Lee,${ann},annlee,,+15550001111,"${tag}; vip"`,
      `Bob,Stone,${bob},,bob.stone,,${tag}`,
      `Cy,Broken,not-an-email,,,,${tag}`,
    ]);
    const report = await upload(page, first);
    await report.getByText('3 rows read: 2 added, 0 with changes pending, 0 unchanged, 1 skipped.').waitFor();
    const skipped = report.getByRole('row', { name: /^4 / });
    await skipped.getByText(USER_DATA_MSG.rowEmail('not-an-email')).waitFor();
    // Then the buttons to the pending changes and the list appear.
    await page.getByRole('button', { name: 'Pending User Changes' }).waitFor();
    await page.getByRole('button', { name: 'User data' }).waitFor();

    // A second file changes Ann's last name: it waits in the pending changes.
    const second = csv(`people-${run}-2.csv`, [`Ann,Leigh,${ann},,,,`]);
    const again = await upload(page, second);
    await again.getByText('1 row read: 0 added, 1 with changes pending, 0 unchanged, 0 skipped.').waitFor();
    await page.getByRole('button', { name: 'Pending User Changes' }).click();
    await expectPath(page, '/updates');
    const change = page.getByRole('row').filter({ hasText: ann });
    await change.getByText('Last name').waitFor();
    await change.getByRole('cell', { name: 'Lee', exact: true }).waitFor();
    await change.getByRole('cell', { name: 'Leigh', exact: true }).waitFor();
    await change.getByRole('button', { name: `Accept Last name of ${ann}` }).click();
    await page.getByText(USER_DATA_MSG.accepted).waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: ann }).count()).toBe(0);

    // Back in the list, a search by the tag shows the two people, Ann with her new name.
    await page.getByRole('button', { name: 'Back to user data' }).click();
    await expectPath(page, '/user-data');
    await page.getByLabel('Search by').click();
    await page.getByTitle('Tag', { exact: true }).click();
    await page.getByLabel('Search term').fill(tag);
    await page.getByRole('button', { name: /Search$/ }).click();
    await page.getByText('2 people', { exact: true }).waitFor();
    const annRow = page.getByRole('row').filter({ hasText: ann });
    await annRow.getByRole('cell', { name: 'Leigh', exact: true }).waitFor();
    await annRow.getByText('vip', { exact: true }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: bob }).count()).toBe(1);
    expect(await page.getByText(USER_DATA_MSG.viewOnly).count()).toBe(0);

    // Export: the CSV of the search, saved by the browser.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Export$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^user-data-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('id,first_name,last_name,email,twitter_handle,instagram_handle,phone_number,tags,date_added');
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes(ann))).toMatch(
      new RegExp(`,Ann,Leigh,${ann},annlee,,'\\+15550001111,"${tag}, vip",`),
    );
    expect(lines.find((l) => l.includes(bob))).toContain(`,Bob,Stone,${bob},,bob.stone,,${tag},`);
    await page.getByText(USER_DATA_MSG.downloaded).waitFor();

    // Export selected: Bob's row only.
    await page.getByRole('row').filter({ hasText: bob }).getByRole('checkbox').check();
    const [picked] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export selected' }).click(),
    ]);
    const pickedLines = fs
      .readFileSync((await picked.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(pickedLines).toHaveLength(2);
    expect(pickedLines[1]).toContain(bob);

    // Delete selected, asked first: Bob leaves the list.
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
    await page.getByText(USER_DATA_MSG.deleted).waitFor();
    await page.getByText('1 person', { exact: true }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: bob }).count()).toBe(0);

    await page.context().close();
  });

  it('another super user has view-only access: no upload, whole export, bulk delete or decisions', async () => {
    const viewer = await createUser({ isSuper: true, plans: [] });
    const page = await newPage(browser);
    await signIn(page, viewer.email, viewer.password);
    await expectPath(page, '/dashboard');
    await page.goto('/user-data');
    await page.getByText(USER_DATA_MSG.viewOnly).waitFor();
    await page.getByRole('button', { name: 'Export selected' }).waitFor();
    await page.getByRole('button', { name: 'Pending changes' }).waitFor();
    for (const name of [/Export$/, /Delete selected$/, /Upload$/])
      expect(await page.getByRole('button', { name }).count()).toBe(0);

    await page.getByRole('button', { name: 'Pending changes' }).click();
    await expectPath(page, '/updates');
    await page.getByText(USER_DATA_MSG.viewOnly).waitFor();
    expect(await page.getByRole('button', { name: /Accept|Reject/ }).count()).toBe(0);

    await page.goto('/upload-users');
    await page.getByText(USER_DATA_MSG.viewOnly).waitFor();
    expect(await page.getByRole('button', { name: /Upload$/ }).isDisabled()).toBe(true);
    await page.context().close();
  });
});
