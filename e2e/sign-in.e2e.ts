import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MSG, RENEWAL_PATH } from '@drat/contracts';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

describe('signing in and out', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('refuses a wrong password with the server message, then signs in to the dashboard and out again', async () => {
    const user = await createUser({ plans: ['stocks-monthly'] });
    const page = await newPage(browser);

    await signIn(page, user.email, 'not-the-password-1');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('Unable to log in with provided credentials.');
    expect(new URL(page.url()).pathname).toBe('/login');

    await signIn(page, user.email, user.password);
    await expectPath(page, '/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'My Dashboard' }).isVisible()).toBe(true);
    // A Stocks plan gives alerts but not the super user's links.
    expect(
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Alerts' }).isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Manage Users' }).count()).toBe(0);

    // A reload keeps the session; logging out ends it on the server.
    await page.reload();
    await expectPath(page, '/dashboard');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('drat.session') ?? '{}').token as string);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/');
    const res = await fetch(`${new URL(page.url()).origin}/api/profile/userProfile`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(res.status).toBe(401);
    await page.context().close();
  });

  it('shows the renewal notice to an expired user, whose link names their account and leads to its plan', async () => {
    const page = await newPage(browser);
    await signIn(page, 'expired@drat.local', 'DratDemo2026');
    const notice = page.getByTestId('renewal-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain(MSG.accountInactiveOrExpired);
    expect(await notice.getByRole('link').getAttribute('href')).toMatch(new RegExp(`^${RENEWAL_PATH}\\?r=[\\w-]+$`));

    // The link leads to a real page, without signing in: the plan the account had, with its
    // checkout, and whom to write to.
    await notice.getByRole('link').click();
    await expectPath(page, RENEWAL_PATH);
    await page.getByRole('heading', { name: 'Renew your subscription' }).waitFor();
    await page.getByRole('button', { name: 'Renew Basic' }).waitFor();
    expect(await page.getByTestId('support-email').textContent()).toBe('support@drat.local');
    await page.context().close();
  });
});
