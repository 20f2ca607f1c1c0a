import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { BOT_MSG, TRADE_MSG, type BotList } from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';

/** The seeded live trader and super user (README's demo accounts). */
const LIVE = { email: 'live@drat.local', password: 'DratDemo2026' };
const ADMIN = { email: 'admin@drat.local', password: 'DratDemo2026' };

/** Picks `option` in an antd select (the open dropdown is the last visible one). */
async function choose(page: Page, select: Locator, option: string) {
  const open = page.locator('.ant-select-dropdown:visible');
  await select.click();
  await open.last().getByTitle(option, { exact: true }).click();
  await expect.poll(() => open.count()).toBe(0);
}

/** Opens a bot's row menu and picks `action`. */
async function act(page: Page, row: Locator, name: string, action: string) {
  // A dialog just closed may still be leaving (its motion is slow on a busy machine): wait for it to go.
  await expect.poll(() => page.locator('.ant-modal-wrap:visible').count(), { timeout: 30_000 }).toBe(0);
  await row.getByRole('button', { name: `Actions for bot ${name}` }).click();
  // A menu item's name is its icon's and its words ("file-text Logs").
  await page.getByRole('menuitem', { name: new RegExp(`(^| )${action}$`) }).click();
}

describe('money-management bots: what a subscriber and a super user see', () => {
  let browser: Browser;
  const name = `Swing journey ${randomUUID().slice(0, 6)}`;
  let botId = 0;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('creates a bot on the demo account, reads its log, shares it, deactivates it (asked first), archives it and finds it archived', async () => {
    const page = await newPage(browser);
    await signIn(page, LIVE.email, LIVE.password);
    await expectPath(page, '/dashboard');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Money Management' })
      .click();
    await expectPath(page, '/money-management-bot');
    await page.getByRole('heading', { name: 'Your bots' }).waitFor();

    await page.getByRole('button', { name: 'Create New Management Action' }).click();
    const drawer = page.getByRole('dialog', { name: 'New money-management bot' });
    await drawer.getByLabel('Bot name').waitFor();
    // §9: the form starts from the defaults, on the demo account.
    expect(await drawer.getByLabel('Risk at most').inputValue()).toBe('10');
    expect(await drawer.getByLabel('Reward at least').inputValue()).toBe('50');
    expect(await drawer.getByText('Demo account').isVisible()).toBe(true);
    // Nothing named yet: the contracts' words under the fields.
    await drawer.getByRole('button', { name: 'Create bot' }).click();
    await drawer.getByText(BOT_MSG.nameRequired).waitFor();
    await drawer.getByText(BOT_MSG.categoryRequired).waitFor();

    await drawer.getByLabel('Bot name').fill(name);
    await choose(page, drawer.getByLabel('Trade category'), 'SWING-ALERTS');
    // §4: Entry 1 at 30 makes Entry 2 70, and the exits follow.
    await drawer.getByLabel('Entry 1 size').fill('30');
    await expect.poll(() => drawer.getByLabel('Entry 2 size').inputValue()).toBe('70');
    expect(await drawer.getByLabel('Exit 1 size').inputValue()).toBe('30');
    expect(await drawer.getByLabel('Exit 2 size').inputValue()).toBe('70');
    // A stocks category: the share and sector filters, not the options ones.
    expect(await drawer.getByRole('region', { name: 'Share and sector filters' }).isVisible()).toBe(true);
    expect(await drawer.getByRole('region', { name: 'Options filters' }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Create bot' }).click();
    await page.getByText(BOT_MSG.created).waitFor();
    await drawer.waitFor({ state: 'hidden' });

    const token = await tokenOf(LIVE);
    const { data } = await call<BotList>(token, 'GET', '/livetrading/money-management-bot/bots');
    const bot = data.find((b) => b.bot_name === name)!;
    expect(bot).toMatchObject({ low_buy_range_proportion: 30, high_target_range_proportion: 70 });
    botId = bot.id;
    const row = page.getByRole('region', { name: 'Bots', exact: true }).locator(`tr[data-row-key="${botId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('SWING-ALERTS');
    expect(await row.innerText()).toContain('Demo account');
    expect(await row.getByText('ACTIVE', { exact: true }).isVisible()).toBe(true);

    // Its log says it was made, and what it takes.
    await act(page, row, name, 'Logs');
    const logs = page.getByRole('dialog', { name: `Logs of ${name}` });
    await logs.getByText(/Created, taking SWING-ALERTS alerts published/).waitFor();
    await logs.getByRole('button', { name: 'Close' }).click();
    await logs.waitFor({ state: 'hidden' });

    // Its details, in words.
    await act(page, row, name, 'Details');
    const details = page.getByRole('dialog', { name: `Details of ${name}` });
    await details.getByText('30% / 70%').first().waitFor();
    await details.getByRole('button', { name: 'Close' }).click();

    // Shared with the super user: they get its settings, not this account.
    await act(page, row, name, 'Share');
    const share = page.getByRole('dialog', { name: `Share ${name}` });
    await share.getByLabel("User's email").fill(ADMIN.email);
    await share.getByRole('button', { name: 'Share' }).click();
    await page.getByText(TRADE_MSG.shared).waitFor();
    await share.waitFor({ state: 'hidden' });

    // Deactivate, asked first: it turns INACTIVE, and Archive is offered.
    await act(page, row, name, 'Deactivate');
    const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
    await confirm.getByText('It stops taking alerts.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(BOT_MSG.deactivated).waitFor();
    await row.getByText('INACTIVE', { exact: true }).waitFor();

    await act(page, row, name, 'Archive');
    await page.getByText(BOT_MSG.archived).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'View Archived Bots' }).click();
    await page.getByRole('heading', { name: 'Archived bots' }).waitFor();
    await row.waitFor();
    expect(await row.getByText('INACTIVE', { exact: true }).isVisible()).toBe(true);
    await row.getByRole('button', { name: `Actions for bot ${name}` }).click();
    await page.getByRole('menuitem', { name: /Un-archive$/ }).waitFor();
    expect(await page.getByRole('menuitem', { name: /Deactivate$/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it("a super user finds the subscriber's bot with its owner's e-mail, reads its log, and uses the copy shared with them", async () => {
    expect(botId).toBeGreaterThan(0);
    const page = await newPage(browser);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/dashboard');
    await page.goto('/all-money-management-bots');
    await page.getByRole('heading', { name: 'Money-management bots' }).waitFor();
    const row = page.getByRole('region', { name: 'Bots', exact: true }).locator(`tr[data-row-key="${botId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(LIVE.email);
    expect(await row.innerText()).toContain(name);

    // Only the live trader's bots once picked.
    await choose(page, page.getByRole('combobox', { name: 'Bot owner' }), await ownerLabel(page));
    await page.getByText(`The bots of ${LIVE.email}, archived ones included.`).waitFor();
    await row.waitFor();

    await act(page, row, name, 'View Logs');
    const logs = page.getByRole('dialog', { name: `Logs of ${name}` });
    await logs.getByText(/Created, taking SWING-ALERTS alerts published/).waitFor();
    await logs.getByText('Deactivated.').waitFor();
    await logs.getByRole('button', { name: 'Close' }).click();

    // The bot shared with them: Use opens a new bot of their own with its settings.
    await page.goto('/money-management-bot');
    await page.getByRole('button', { name: 'Shared Bots' }).click();
    await page.getByRole('heading', { name: 'Shared bots' }).waitFor();
    await page.getByRole('button', { name: `Use ${name}` }).click();
    const drawer = page.getByRole('dialog', { name: `New bot from ${name}` });
    await drawer.getByText(`Shared by ${LIVE.email}`).waitFor();
    expect(await drawer.getByLabel('Bot name').inputValue()).toBe(name);
    expect(await drawer.getByLabel('Entry 1 size').inputValue()).toBe('30');
    await page.context().close();
  });
});

/** The user picker's label of the live trader ("Liam Live · live@drat.local (n bots)"). */
async function ownerLabel(page: Page): Promise<string> {
  await page.getByRole('combobox', { name: 'Bot owner' }).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: LIVE.email });
  const title = (await option.first().getAttribute('title')) ?? '';
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  return title;
}
