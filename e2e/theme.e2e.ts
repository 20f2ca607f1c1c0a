import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

describe('choosing a theme', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('switches to dark in Settings, keeps it after a reload and on the next sign-in elsewhere', async () => {
    const user = await createUser();
    const page = await newPage(browser);
    await signIn(page, user.email, user.password);
    await expectPath(page, '/dashboard');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await expectPath(page, '/settings');
    await page.getByRole('tab', { name: 'Appearance' }).click();
    await page.getByRole('button', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');

    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    // The server kept it: a fresh browser signs in dark.
    const other = await newPage(browser);
    await signIn(other, user.email, user.password);
    await expectPath(other, '/dashboard');
    await expect.poll(() => other.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await other.context().close();
    await page.context().close();
  });
});
