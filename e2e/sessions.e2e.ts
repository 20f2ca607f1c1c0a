import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '@drat/contracts';
import { baseURL, launch } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

/**
 * Sessions end everywhere (issue 12): tabs of one browser share the session, so a logout in one
 * signs out the others (the idle limit following activity in any tab rides the same channel; its
 * rule is app/layout/activityClock.test.ts); a session ended by another device (a password change
 * there) signs this one out without a click.
 */
describe('sessions end everywhere', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  const context = () => browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 860 } });
  async function tab(ctx: BrowserContext, path?: string): Promise<Page> {
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    if (path) await page.goto(path);
    return page;
  }
  const loginButton = (page: Page) => page.getByRole('button', { name: 'Login' });
  const logoutButton = (page: Page) =>
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' });

  it('logging out in one tab signs out the other tabs at once', async () => {
    const user = await createUser();
    const ctx = await context();
    const first = await tab(ctx);
    await signIn(first, user.email, user.password);
    await expectPath(first, '/dashboard');
    const second = await tab(ctx, '/trackers');
    await expectPath(second, '/trackers');

    await logoutButton(first).click();
    await loginButton(first).waitFor();
    // The other tab did nothing: it is on the login screen all the same.
    await loginButton(second).waitFor();
    expect(new URL(second.url()).pathname).not.toBe('/trackers');
    await ctx.close();
  });

  it('a password changed on another device signs this one out by itself', async () => {
    const user = await createUser();
    const laptop = await context();
    const here = await tab(laptop);
    await signIn(here, user.email, user.password);
    await expectPath(here, '/dashboard');

    const phone = await context();
    const there = await tab(phone);
    await signIn(there, user.email, user.password);
    await expectPath(there, '/dashboard');
    await there.goto('/settings');
    await there.getByRole('tab', { name: 'Security' }).click();
    await there.getByLabel('New Password', { exact: true }).fill('Renewed2026x');
    await there.getByLabel('Confirm New Password').fill('Renewed2026x');
    await there.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => there.getByText(MSG.passwordChanged).isVisible()).toBe(true);

    // No click here: the server closed this session's socket, and the app signed out.
    await loginButton(here).waitFor();
    await expect.poll(() => here.getByText(MSG.sessionExpired).isVisible()).toBe(true);
    // The device that changed it stays signed in.
    expect(await logoutButton(there).isVisible()).toBe(true);
    await laptop.close();
    await phone.close();
  });
});
