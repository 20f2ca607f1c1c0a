import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN_MSG, SLOT_MSG, STEP_UP_TEXTS, type SlotDto } from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { launch, newPage, waitForMail } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { ageSessions, createUser } from './support/users';

/** The demo's super user (DEMO_SEED). */
const ADMIN = { email: 'admin@drat.local', password: 'DratDemo2026' };

async function signInAsAdmin(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectPath(page, '/dashboard');
  return page;
}

/** The users tab's row of `email`, found with the search box. */
async function userRow(page: Page, email: string): Promise<Locator> {
  await page.getByLabel('Search users').fill(email);
  const row = page.locator('.ant-table-row').filter({ hasText: email });
  await row.waitFor();
  return row;
}

/**
 * Opens a row's menu: the names of what it offers, read once the menu has finished opening. While
 * it slides in (`-appear` the first time, `-enter` after) and while one slides out, it can be
 * visible one moment and not the next, so it is read only without a motion class, until it has items.
 */
async function menuOf(page: Page, email: string): Promise<string[]> {
  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  const open = page.locator(
    '.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])',
  );
  const items = open.getByRole('menuitem');
  await items.first().waitFor();
  let offered: string[] = [];
  await expect.poll(async () => (offered = await items.allInnerTexts()).length).toBeGreaterThan(0);
  return offered.map((t) => t.trim());
}

/** Picks a plan in the Create User form: typed in the search box (the list is long), then chosen. */
async function pickPlan(page: Page, dialog: Locator, plan: string) {
  await dialog.getByLabel('Plan').fill(plan);
  await page.locator('.ant-select-dropdown:visible').getByTitle(plan, { exact: true }).click();
}

describe('managing users (3-bots-admin-public §2.3, §2.6)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a super user creates a user on a plan; the welcome e-mail sets their password and they sign in', async () => {
    const page = await signInAsAdmin(browser);
    const email = `welcome-${Date.now()}@drat.local`;
    const started = Date.now() - 1000;
    await page.goto('/manage-users');
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });

    // The spec's words under each empty field.
    await dialog.getByRole('button', { name: 'Create' }).click();
    for (const text of [ADMIN_MSG.fullNameRequired, ADMIN_MSG.emailRequired, ADMIN_MSG.planRequired])
      await dialog.getByText(text).waitFor();

    await dialog.getByLabel('Full name').fill('Wendy Welcome');
    await dialog.getByLabel('Email').fill(email);
    await pickPlan(page, dialog, 'DRAT Stocks');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText(ADMIN_MSG.userCreated).waitFor();
    const row = await userRow(page, email);
    await row.getByText('DRAT Stocks').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    // The same e-mail twice: the server's words under the field.
    await page.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByLabel('Full name').fill('Wendy Again');
    await dialog.getByLabel('Email').fill(email);
    await pickPlan(page, dialog, 'DRAT Stocks');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText(ADMIN_MSG.emailTaken).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The new user reads the welcome e-mail and sets their password.
    const mail = await waitForMail(email, /welcome to drat/i, started);
    const link = /(https?:\/\/\S+\/confirm-token)/.exec(mail.body)?.[1];
    const token = /token:\s*([A-Z0-9]{8})/.exec(mail.body)?.[1];
    expect(link).toBeTruthy();
    expect(token).toBeTruthy();
    const newcomer = await newPage(browser);
    await newcomer.goto(new URL(link!).pathname);
    await newcomer.getByLabel('Token').fill(token!);
    await newcomer.keyboard.press('Enter');
    await newcomer.getByLabel('New Password').fill('Welcome2026');
    await newcomer.getByLabel('Confirm Password').fill('Welcome2026');
    await newcomer.getByRole('button', { name: 'Reset' }).click();
    await expectPath(newcomer, '/login');
    await signIn(newcomer, email, 'Welcome2026');
    await expectPath(newcomer, '/dashboard');
    await newcomer.context().close();

    // The audit log, filtered by the person, says who made them.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByLabel('Filter the audit log by e-mail').fill(email);
    await page.getByRole('button', { name: 'Filter' }).click();
    const entry = page
      .getByRole('table')
      .locator('.ant-table-row')
      .filter({ hasText: `Created ${email} on DRAT Stocks` });
    await entry.waitFor();
    expect(await entry.innerText()).toContain(ADMIN.email);
    await page.context().close();
  });

  it('the row menu follows the user: Grant gives Revoke, Deactivate gives Activate; a deactivated row says Inactive and they cannot sign in', async () => {
    const user = await createUser();
    const page = await signInAsAdmin(browser);
    await page.goto('/manage-users');
    const row = await userRow(page, user.email);
    await row.getByText('Demo', { exact: true }).waitFor();

    const offered = await menuOf(page, user.email);
    expect(offered).toEqual([
      'View details',
      'Update profile',
      'Reset password',
      'Edit plans',
      'Grant live trading',
      'Deactivate',
    ]);
    await page.getByRole('menuitem', { name: 'Grant live trading' }).click();
    await page.getByText(ADMIN_MSG.liveGranted).waitFor();
    await row.getByText('Live', { exact: true }).waitFor();

    expect(await menuOf(page, user.email)).toContain('Revoke live trading');
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Deactivate ${user.email}?` });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(ADMIN_MSG.deactivated).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await row.getByText('Inactive', { exact: true }).waitFor();
    const now = await menuOf(page, user.email);
    expect(now).toContain('Activate');
    expect(now).not.toContain('Deactivate');
    await page.keyboard.press('Escape');

    // Deactivated: the user cannot sign in.
    const them = await newPage(browser);
    await signIn(them, user.email, user.password);
    await expect.poll(() => them.getByTestId('login-error').isVisible()).toBe(true);
    await them.context().close();

    // Update profile: only what changed is sent; the spec's words when it succeeds.
    await menuOf(page, user.email);
    await page.getByRole('menuitem', { name: 'Update profile' }).click();
    const profile = page.getByRole('dialog').filter({ hasText: 'Update profile of' });
    await profile.getByRole('button', { name: 'Update' }).click();
    await page.getByText(ADMIN_MSG.noFieldsToUpdate).waitFor();
    await profile.getByLabel('Dione credits').fill('12');
    await profile.getByRole('button', { name: 'Update' }).click();
    await page.getByText(ADMIN_MSG.profileUpdated).waitFor();
    await menuOf(page, user.email);
    await page.getByRole('menuitem', { name: 'View details' }).click();
    const details = page.getByRole('dialog').filter({ hasText: 'Details of' });
    await details.getByText('Dione credits').waitFor();
    expect(await details.locator('.ant-descriptions-row').filter({ hasText: 'Dione credits' }).innerText()).toContain(
      '12',
    );
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });

    // Edit plans: the plans as a set; the row shows them.
    await menuOf(page, user.email);
    await page.getByRole('menuitem', { name: 'Edit plans' }).click();
    const plans = page.getByRole('dialog').filter({ hasText: 'Plans of' });
    await plans.getByLabel('Current plans').fill('DRAT Elite');
    await page.locator('.ant-select-dropdown:visible').getByTitle('DRAT Elite', { exact: true }).click();
    // The list of plans stays open for more: a click beside it closes it, as a person would.
    await plans.getByText('Plans taken out end now').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await plans.getByRole('button', { name: 'Save plans' }).click();
    await page.getByText(ADMIN_MSG.plansUpdated).waitFor();
    await row.getByText('DRAT Elite').waitFor();

    // Reset password opens Password Reset with their address filled in.
    await menuOf(page, user.email);
    await page.getByRole('menuitem', { name: 'Reset password' }).click();
    await expectPath(page, '/pwd-reset');
    await expect.poll(() => page.getByLabel('User email').inputValue()).toBe(user.email);
    await page.context().close();
  });

  it('a super user edits a challenge slot: its places and count-down dates show, each rule under its field', async () => {
    const page = await signInAsAdmin(browser);
    const token = await tokenOf(ADMIN);
    const before = (await call<{ data: SlotDto[] }>(token, 'GET', '/payments/slots')).data.find(
      (s) => s.plan_name === '$25K Trade Challenge',
    )!;
    try {
      await page.goto('/manage-users?tab=slots');
      // Challenge 1's row ('$25K Trade Challenge - 2' is the second challenge's).
      const row = page
        .locator('.ant-table-row')
        .filter({ has: page.getByText('$25K Trade Challenge', { exact: true }) });
      await row.getByRole('button', { name: 'Edit $25K Trade Challenge', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit slots of $25K Trade Challenge', exact: true });
      await dialog.getByLabel('Slots offered').fill('7');

      // Dates far ahead so no deduction is taken while the journey runs.
      const start = '2030-01-02 09:00';
      const end = '2030-01-01 09:00';
      await dialog.getByLabel('Count-down start').fill(start);
      await dialog.getByLabel('Count-down start').press('Enter');
      await dialog.getByLabel('Count-down end').fill(end);
      await dialog.getByLabel('Count-down end').press('Enter');
      await dialog.getByLabel('Hours between deductions').fill('0');
      await dialog.getByLabel('Slots deducted').fill('2');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText(SLOT_MSG.endBeforeStart).waitFor();
      await dialog.getByText(SLOT_MSG.rateNeeded).waitFor();

      await dialog.getByLabel('Count-down end').fill('2030-02-01 09:00');
      await dialog.getByLabel('Count-down end').press('Enter');
      await dialog.getByLabel('Hours between deductions').fill('24');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(SLOT_MSG.updated).waitFor();
      await row.getByText('7 of 7 left').waitFor();
      const startShown = await page.evaluate(
        (iso) =>
          new Intl.DateTimeFormat('en-US', {
            month: 'short',
            day: 'numeric',
            year: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
          }).format(new Date(iso)),
        start.replace(' ', 'T'),
      );
      await row.getByText(startShown).first().waitFor();
      await row.getByText(`Starts ${startShown}`).waitFor();

      const after = (await call<{ data: SlotDto[] }>(token, 'GET', '/payments/slots')).data.find(
        (s) => s.id === before.id,
      )!;
      expect(after).toMatchObject({
        remaining_slots: 7,
        rem_slots: 7,
        rate_of_deduction_in_hours: 24,
        deduction_value: 2,
      });
      expect(after.count_down_start_date).toBe(
        await page.evaluate((local) => new Date(local).toISOString(), start.replace(' ', 'T')),
      );
    } finally {
      await call(token, 'POST', `/payments/slots/edit/${before.id}/`, {
        remaining_slots: before.rem_slots,
        count_down_start_date: before.count_down_start_date,
        count_down_end_date: before.count_down_end_date,
        rate_of_deduction_in_hours: before.rate_of_deduction_in_hours,
        deduction_value: before.deduction_value,
      });
      await page.context().close();
    }
  });

  it("Password Reset: the super user's own password is asked when they signed in long ago, then the user signs in with the new one", async () => {
    const support = await createUser({ isSuper: true, plans: [] });
    const user = await createUser();
    const page = await newPage(browser);
    await signIn(page, support.email, support.password);
    await expectPath(page, '/dashboard');
    await page.goto('/pwd-reset');

    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(ADMIN_MSG.resetEmailRequired).waitFor();
    await page.getByText(ADMIN_MSG.resetPasswordRequired).waitFor();
    await page.getByLabel('User email').fill(user.email);
    await page.getByLabel('New password').fill('short');
    await page.getByText(ADMIN_MSG.passwordMinimum).waitFor();
    await page.getByLabel('New password').fill('SetBySupport2026');

    await ageSessions(support.email, 11);
    await page.getByRole('button', { name: 'Reset password' }).click();
    const prompt = page.getByRole('dialog', { name: STEP_UP_TEXTS.ADMIN_PASSWORD_RESET.title });
    await prompt.getByText(STEP_UP_TEXTS.ADMIN_PASSWORD_RESET.explanation).waitFor();
    await prompt.getByLabel('Password').fill(support.password);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(ADMIN_MSG.passwordResetDone).waitFor();

    const them = await newPage(browser);
    await signIn(them, user.email, 'SetBySupport2026');
    await expectPath(them, '/dashboard');
    await them.context().close();

    // An address nobody has: the server's words under the field.
    await page.getByLabel('User email').fill('nobody-here@drat.local');
    await page.getByLabel('New password').fill('SetBySupport2026');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(ADMIN_MSG.userEmailNotFound).waitFor();
    await page.context().close();
  });
});
