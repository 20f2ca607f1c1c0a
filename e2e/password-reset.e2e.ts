import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, waitForMail } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

describe('resetting a forgotten password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('e-mails a link and a token, sets a new password, and the new password signs in', async () => {
    const user = await createUser();
    const page = await newPage(browser);
    const started = Date.now() - 1000;

    await page.goto('/login');
    await page.getByRole('link', { name: /forgot password/i }).click();
    await expectPath(page, '/reset-password');
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(user.email);
    await submit.click();
    await expectPath(page, '/forgot/email-sent/password');
    await expect.poll(() => page.getByText('Check Your Email').first().isVisible()).toBe(true);

    const mail = await waitForMail(user.email, /reset your drat password/i, started);
    const link = /(https?:\/\/\S+\/confirm-token)/.exec(mail.body)?.[1];
    const token = /token:\s*([A-Z0-9]{8})/.exec(mail.body)?.[1];
    expect(link).toBeTruthy();
    expect(token).toBeTruthy();

    await page.goto(new URL(link!).pathname);
    await page.getByLabel('Token').fill(token!);
    await page.keyboard.press('Enter');
    await page.getByLabel('New Password').fill('BrandNew2026');
    await page.getByLabel('Confirm Password').fill('BrandNew2027');
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reset' }).isDisabled()).toBe(true);
    await page.getByLabel('Confirm Password').fill('BrandNew2026');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.getByText('Redirecting you to login...').isVisible()).toBe(true);
    await expectPath(page, '/login');

    await signIn(page, user.email, user.password);
    await expect.poll(() => page.getByTestId('login-error').isVisible()).toBe(true);
    await signIn(page, user.email, 'BrandNew2026');
    await expectPath(page, '/dashboard');

    // The link works once.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(new URL(link!).pathname);
    await expect.poll(() => page.getByText('Invalid password reset link').isVisible()).toBe(true);
    await page.context().close();
  });
});
