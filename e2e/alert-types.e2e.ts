import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ALERT_MSG, type AlertTypeAdminDto, type AlertTypesAdminResponse } from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';

/** The demo's super user (DEMO_SEED). */
const ADMIN = { email: 'admin@drat.local', password: 'DratDemo2026' };

/** Picks `option` in the antd select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
const editor = (page: Page) => page.getByRole('textbox', { name: 'Note' });
const switchOf = (page: Page, type: AlertTypeAdminDto) =>
  page.getByRole('switch', { name: `${type.name} notifications`, exact: true });

async function expectSwitch(locator: Locator, on: boolean) {
  await expect.poll(() => locator.getAttribute('aria-checked')).toBe(String(on));
}

describe('alert types of a super user (3-bots-admin-public §2.7)', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let types: AlertTypeAdminDto[];
  const dialogs: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    token = await tokenOf(ADMIN);
    await call(token, 'POST', '/profile/not-first-login/');
    types = (await call<AlertTypesAdminResponse>(token, 'GET', '/alerts/alert-types')).data;
    page = await newPage(browser);
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/dashboard');
  });
  afterAll(async () => {
    await browser.close();
  });

  it('writes a note with bold text and a list, saves it, and shows it sanitized after a reload', async () => {
    const type = types[0]!;
    await page.goto('/manage-alert-types');
    await page.getByText('Alert type notes', { exact: true }).waitFor();
    await choose(page, 'Category', type.category);
    // Save before a type is chosen: the rule of §5.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please select an alert type.').first().waitFor();

    await choose(page, 'Alert type', type.name);
    const box = editor(page);
    await box.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Read before trading');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Entry near the buy zone');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Stop below the low');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // A tag typed as text stays text.
    await page.keyboard.type('<img src=x onerror=alert(1)>');
    // A tag pasted as HTML is dropped by the editor, and by the sanitizers behind it.
    await box.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<p>Pasted <img src="x" onerror="window.__xss = 1"> end</p>');
      data.setData('text/plain', 'Pasted end');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });

    await box.getByRole('listitem').filter({ hasText: 'Entry near the buy zone' }).waitFor();
    const shown = preview(page);
    await shown.locator('strong', { hasText: 'Read before trading' }).waitFor();
    await shown.getByRole('listitem').filter({ hasText: 'Entry near the buy zone' }).waitFor();
    await shown.getByText('<img src=x onerror=alert(1)>').waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(ALERT_MSG.alertTypeUpdated(type.name)).waitFor();

    // Stored: the server's note has the bold text and the list, and no image or handler.
    const stored = (await call<AlertTypesAdminResponse>(token, 'GET', '/alerts/alert-types')).data.find(
      (t) => t.id === type.id,
    )!;
    expect(stored.raw_note).toContain('<strong>Read before trading</strong>');
    expect(stored.raw_note).toContain('<li>');
    expect(stored.raw_note).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(stored.raw_note).not.toMatch(/<img|window\.__xss/i);

    await page.reload();
    await choose(page, 'Category', type.category);
    await choose(page, 'Alert type', type.name);
    const after = preview(page);
    await after.locator('strong', { hasText: 'Read before trading' }).waitFor();
    expect(await after.getByRole('listitem').allInnerTexts()).toEqual([
      'Entry near the buy zone',
      'Stop below the low',
    ]);
    await after.getByText('<img src=x onerror=alert(1)>').waitFor();
    await after.getByText('Pasted end').waitFor();
    expect(await after.locator('img, script, [onerror]').count()).toBe(0);
    await editor(page).locator('strong', { hasText: 'Read before trading' }).waitFor();
    // No script ran, typed, pasted or shown.
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });

  it("flips a type's switch and a category's Turn OFF then ON, the switches following", async () => {
    const byCategory = new Map<string, AlertTypeAdminDto[]>();
    for (const t of types) byCategory.set(t.category, [...(byCategory.get(t.category) ?? []), t]);
    const [category, ofCategory] = [...byCategory].sort((a, b) => b[1].length - a[1].length)[0]!;
    const type = ofCategory[0]!;

    await page.goto('/alert-types');
    await page.getByLabel('Filter by category').waitFor();
    // The dropdown keeps the category's types only.
    await choose(page, 'Filter by category', category);
    for (const other of types.filter((t) => t.category !== category))
      await expect.poll(() => switchOf(page, other).count()).toBe(0);

    const one = switchOf(page, type);
    const was = (await one.getAttribute('aria-checked')) === 'true';
    await one.click();
    await expectSwitch(one, !was);
    await page.getByText(ALERT_MSG.alertTypeUpdated(type.name)).first().waitFor();
    await page.reload();
    await expectSwitch(switchOf(page, type), !was);

    await page.getByRole('button', { name: `Turn OFF ${category}` }).click();
    for (const t of ofCategory) await expectSwitch(switchOf(page, t), false);
    await page.getByRole('button', { name: `Turn ON ${category}` }).click();
    for (const t of ofCategory) await expectSwitch(switchOf(page, t), true);
    await page.reload();
    for (const t of ofCategory) await expectSwitch(switchOf(page, t), true);
    const stored = (await call<AlertTypesAdminResponse>(token, 'GET', '/alerts/alert-types')).data;
    expect(stored.filter((t) => t.category === category).every((t) => t.is_notification_enabled)).toBe(true);
  });
});
