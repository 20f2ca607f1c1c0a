import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, waitForMail } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

describe('signing in with a one-time code', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('asks for the OTP e-mailed to the user, refuses a wrong one, and lets the right one in', async () => {
    const user = await createUser({ otpEnabled: true });
    const page = await newPage(browser);
    const started = Date.now() - 1000;
    await signIn(page, user.email, user.password);

    const dialog = page.getByRole('dialog', { name: 'Verify your Login OTP' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const mail = await waitForMail(user.email, /login code/i, started);
    const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('OTP Input 1').pressSequentially(wrong);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => dialog.getByTestId('otp-error').textContent()).toContain('not correct');
    expect(await dialog.getByRole('button', { name: 'Resend OTP' }).isEnabled()).toBe(true);

    await dialog.getByLabel('OTP Input 1').click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await dialog.getByLabel('OTP Input 1').pressSequentially(code!);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByText('OTP Successfully verified').isVisible()).toBe(true);
    await expectPath(page, '/dashboard');
    await page.context().close();
  });
});
