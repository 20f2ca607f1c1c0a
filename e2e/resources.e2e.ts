import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { RESOURCE_MSG } from '@drat/contracts';
import { makePdf } from '../apps/server/src/db/seed/demo-files';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

/**
 * The library's whole life: a super user adds a PDF, a subscriber opens it through the link signed
 * for them (a fresh one once it is old), the super user removes it.
 */
describe('resources library', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  const documentsOf = async (page: Page) => {
    await page.goto('/resources');
    await page.getByRole('tab', { name: 'Documents' }).click();
    return page.getByRole('tabpanel', { name: 'Documents' });
  };

  it('a super user creates a PDF for stocks subscribers, a subscriber opens it, the super user deletes it', async () => {
    const name = `Earnings season checklist ${randomUUID().slice(0, 6)}`;
    const pdf = makePdf('Earnings season checklist', ['1. Know the date.', '2. Size down before the report.']);

    // The super user fills the create form.
    const admin = await createUser({ isSuper: true, plans: [] });
    const adminPage = await newPage(browser);
    await signIn(adminPage, admin.email, admin.password);
    await expectPath(adminPage, '/dashboard');
    await adminPage.goto('/resources');
    await adminPage.getByRole('link', { name: 'Manage Resources' }).click();
    await expectPath(adminPage, '/manage-resources');

    // Sent empty first: the spec's messages, under their fields.
    await adminPage.getByRole('button', { name: 'Create Resource' }).click();
    await adminPage.getByText(RESOURCE_MSG.nameRequired).waitFor();
    await adminPage.getByText(RESOURCE_MSG.typeRequired).waitFor();
    await adminPage.getByText(RESOURCE_MSG.accessRequired).waitFor();

    await adminPage.getByLabel('Name').fill(name);
    await adminPage.getByText('Document (PDF)', { exact: true }).click();
    await adminPage.getByRole('radio', { name: /^STOCKS/ }).check();
    await adminPage
      .locator('input[type=file]')
      .setInputFiles({ name: 'checklist.pdf', mimeType: 'application/pdf', buffer: pdf });
    await adminPage.getByRole('button', { name: 'Create Resource' }).click();
    await adminPage.getByText(RESOURCE_MSG.created).waitFor();
    await adminPage.getByText(`'${name}' is in the library.`).waitFor();

    // A stocks subscriber finds it under Documents and opens it.
    const subscriber = await createUser({ plans: ['stocks-monthly'] });
    const page = await newPage(browser);
    // The page's clock, so that it can be moved past the links' life below.
    await page.clock.install();
    await signIn(page, subscriber.email, subscriber.password);
    await expectPath(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Resources' }).click();
    await expectPath(page, '/resources');
    const documents = await documentsOf(page);
    const link = documents.getByRole('link', { name });
    await link.waitFor();
    await expect.poll(async () => documents.getByText(/^Uploaded \w{3} \d{1,2}, \d{4}$/).count()).toBeGreaterThan(0);
    expect(await documents.getByRole('button', { name: `Delete ${name}` }).count()).toBe(0);

    // The link is signed for this subscriber; the file's address alone opens nothing.
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/media\/resources\/.+\.pdf\?u=\d+&exp=\d+&sig=[\w-]+$/);
    const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await expect.poll(() => opened.url()).toContain(href!);
    const file = await page.request.get(href!);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await file.body()).equals(pdf)).toBe(true);
    await opened.close();
    const bare = await page.request.get(href!.split('?')[0]!);
    expect(bare.status()).toBe(403);
    expect(await bare.json()).toEqual({ detail: RESOURCE_MSG.fileLinkMissing });

    // Twenty minutes later (the page's clock) the link held is past its life: the click asks for a
    // fresh one and the new tab opens that.
    await page.clock.setSystemTime(Date.now() + 20 * 60_000);
    const [later, asked] = await Promise.all([
      page.context().waitForEvent('page'),
      page.waitForRequest((r) => /\/api\/resources\/open\/\d+$/.test(r.url())),
      link.click(),
    ]);
    expect(asked.method()).toBe('GET');
    await expect.poll(() => later.url()).toMatch(/\/media\/resources\/.+\.pdf\?u=\d+&exp=\d+&sig=[\w-]+$/);
    await later.close();

    // The super user deletes it after the confirm; it is gone for the subscriber too.
    const adminDocuments = await documentsOf(adminPage);
    await adminDocuments.getByRole('button', { name: `Delete ${name}` }).click();
    await adminPage.getByText(RESOURCE_MSG.confirmDelete).waitFor();
    await adminPage.getByRole('button', { name: 'Yes' }).click();
    await adminPage.getByText(RESOURCE_MSG.deleted).waitFor();
    await expect.poll(() => adminDocuments.getByRole('link', { name }).count()).toBe(0);

    const again = await documentsOf(page);
    await again.getByText('DRAT Alerts Playbook').waitFor(); // the demo library is still there
    expect(await again.getByRole('link', { name }).count()).toBe(0);
    expect((await page.request.get(href!)).status()).toBe(404);

    await page.context().close();
    await adminPage.context().close();
  });
});
