import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MSG } from '@drat/contracts';
import { launch, newPage, waitForMail } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { ageSessions, createUser } from './support/users';

describe('sensitive changes ask for the password again', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a password change in an old session asks for the current password first', async () => {
    const user = await createUser();
    const page = await newPage(browser);
    await signIn(page, user.email, user.password);
    await expectPath(page, '/dashboard');
    await ageSessions(user.email, 20);

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('New Password', { exact: true }).fill('Renewed2026x');
    await page.getByLabel('Confirm New Password').fill('Renewed2026x');
    await page.getByRole('button', { name: 'Save' }).click();

    const prompt = page.getByRole('dialog', { name: 'Confirm your password' });
    await prompt.waitFor();
    await expect
      .poll(() => prompt.getByText('To change your password, type the one you use now.').isVisible())
      .toBe(true);
    await prompt.getByLabel('Password').fill('not-my-password-1');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => prompt.getByText(MSG.passwordIncorrect).isVisible()).toBe(true);

    await prompt.getByLabel('Password').fill(user.password);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText(MSG.passwordChanged).isVisible()).toBe(true);
    await expect.poll(() => prompt.isVisible()).toBe(false);

    // The new password signs in elsewhere.
    const other = await newPage(browser);
    await signIn(other, user.email, 'Renewed2026x');
    await expectPath(other, '/dashboard');
    await other.context().close();
    await page.context().close();
  });

  it('a new e-mail is confirmed with the password, then takes effect by the link sent to it', async () => {
    const user = await createUser();
    const page = await newPage(browser);
    await signIn(page, user.email, user.password);
    await expectPath(page, '/dashboard');
    await ageSessions(user.email, 20);

    await page.goto('/settings');
    const fresh = `moved-${Date.now()}@drat.local`;
    const started = Date.now() - 1000;
    await page.getByLabel('Email').fill(fresh);
    await page.getByRole('button', { name: 'Save' }).click();
    const prompt = page.getByRole('dialog', { name: 'Confirm your password' });
    await prompt.waitFor();
    await prompt.getByLabel('Password').fill(user.password);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText(`We sent a link to ${fresh}`).isVisible()).toBe(true);
    // Until the link is followed, the old address stays.
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(user.email);

    const mail = await waitForMail(fresh, /Confirm your new DRAT e-mail/, started);
    const link = /(http:\/\/[^\s]+\/confirm-email\/[\w-]+)/.exec(mail.body)![1]!;
    await page.goto(new URL(link).pathname);
    await expect.poll(() => page.getByText(MSG.emailChanged(fresh)).isVisible()).toBe(true);
    await waitForMail(user.email, /sign-in e-mail was changed/, started);
    await page.context().close();
  });
});
