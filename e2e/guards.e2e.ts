import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MSG, RENEWAL_PATH } from '@drat/contracts';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

describe('pages a user may not open', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sends visitors to sign in, and after sign-in back to the page they asked for', async () => {
    const user = await createUser();
    const page = await newPage(browser);
    await page.goto('/settings');
    await expectPath(page, '/');
    await signIn(page, user.email, user.password);
    await expectPath(page, '/settings');
    await page.context().close();
  });

  it('redirects a demo-only trader away from admin and smart-trade pages', async () => {
    const user = await createUser({ plans: ['stocks-monthly'] });
    const page = await newPage(browser);
    await signIn(page, user.email, user.password);
    await expectPath(page, '/dashboard');

    await page.goto('/manage-users');
    await expectPath(page, '/dashboard');

    await page.goto('/smart-trades');
    await expectPath(page, '/dashboard');
    await expect
      .poll(() =>
        page
          .getByText('You do not have access to use the smart trader. Upgrade to a higher plan to gain access.')
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Smart Trader' }).count()).toBe(0);
    await page.context().close();
  });

  it('lets a super user open the admin pages', async () => {
    const admin = await createUser({ isSuper: true, plans: [] });
    const page = await newPage(browser);
    await signIn(page, admin.email, admin.password);
    await expectPath(page, '/dashboard');
    await page.getByRole('link', { name: 'Manage Users' }).click();
    await expectPath(page, '/manage-users');
    await page.context().close();
  });

  it('admits to /tools only with Dione or Ask DRAT: Range Radar alone is sent away with the spec’s words', async () => {
    const ideas = await createUser({ plans: ['weekly-trade-idea-monthly'] }); // AA and TIA, no DA or ADA
    const page = await newPage(browser);
    await signIn(page, ideas.email, ideas.password);
    await expectPath(page, '/dashboard');
    expect(
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tools' }).count(),
    ).toBe(0);
    await page.goto('/tools');
    await expect.poll(() => page.getByText(MSG.noToolsAccess).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).not.toBe('/tools');
    await page.context().close();

    const dione = await createUser({ plans: ['stocks-monthly'] }); // AA, DA, TIA
    const allowed = await newPage(browser);
    await signIn(allowed, dione.email, dione.password);
    await expectPath(allowed, '/dashboard');
    await allowed.goto('/tools');
    await expectPath(allowed, '/tools');
    await allowed.context().close();
  });

  it.each(['/forum', '/challenge', RENEWAL_PATH])('opens the public page %s without signing in', async (path) => {
    const page = await newPage(browser);
    await page.goto(path);
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.getByText('That page does not exist').count()).toBe(0);
    await page.context().close();
  });

  it.each(['/pay', '/pay-trade-challenges', '/offer/welcome'])(
    'opens the public sales page %s without signing in (their own entry, with a link to sign in)',
    async (path) => {
      const page = await newPage(browser);
      await page.goto(path);
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await page.context().close();
    },
  );

  it("shows 'That page does not exist' for an unknown page", async () => {
    const page = await newPage(browser);
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByText('That page does not exist').isVisible()).toBe(true);
    await page.context().close();
  });
});
