import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { DemoTradesResponse } from '@drat/contracts';
import { call, publishAlertAt, tokenOf, USUAL_LEVELS } from './support/api';
import { launch, newPage } from './support/browser';
import { expectPath, logThenCancel, signIn, tradeFromAlertCard } from './support/journeys';
import { createUser } from './support/users';

/** The README's demo trader and password (README "Demo accounts"; the e2e server seeds them). */
const DEMO = { email: 'demo@drat.local', password: 'DratDemo2026' };

describe("the README's demo accounts show demo trading whole", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('demo@ trades an alert from its card and finds it in Smart Trades under All and Alert, with details, log and cancel', async () => {
    const admin = await createUser({ isSuper: true, plans: [] });
    const { alert, bid } = await publishAlertAt(await tokenOf(admin), 'NVDA', USUAL_LEVELS);

    const page = await newPage(browser);
    await signIn(page, DEMO.email, DEMO.password);
    await expectPath(page, '/dashboard');
    // Its first sign-in opens the guided tour (a later run of the suite finds it done): closed, it is done.
    const tour = page.locator('.ant-tour');
    const toured = await tour.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (toured) await tour.locator('.ant-tour-close').click();
    // Its plan has the smart trader: the left navigation offers Smart Trades.
    await page
      .getByRole('link', { name: /Smart Trades/ })
      .first()
      .waitFor();

    const drawer = await tradeFromAlertCard(page, alert);
    await drawer.getByRole('button', { name: 'Trade', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm your trade' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Trade placed successfully').waitFor();

    // Smart Trades is not sent to the dashboard: the demo trade table, with the trade in it.
    await page.goto('/smart-trades');
    await expectPath(page, '/smart-trades');
    await page.getByText('Demo trades').first().waitFor();
    const token = await tokenOf({ email: DEMO.email, password: DEMO.password });
    const { data } = await call<DemoTradesResponse>(token, 'GET', '/demo-trading/trades');
    const trade = data.find((t) => t.alert_id === alert.id)!;
    expect(trade).toMatchObject({ ticker: 'NVDA', trade_type: 'ALERT' });
    expect(bid).toBeGreaterThan(0);
    const row = page.locator(`tr[data-row-key="${trade.id}"]`);
    await row.waitFor();
    // The trade-type filter: All, Alert and DIONE (§2.2); Alert keeps it, DIONE does not.
    const filterBy = async (label: string) => {
      await page.getByLabel('Trade type').click();
      await page.locator('.ant-select-item-option', { hasText: new RegExp(`^${label}$`) }).click();
    };
    await page.getByLabel('Trade type').click();
    const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await expect.poll(() => open.allInnerTexts()).toEqual(['All', 'Alert', 'DIONE']);
    await page.keyboard.press('Escape');
    await filterBy('DIONE');
    await expect.poll(() => row.isVisible()).toBe(false);
    await filterBy('Alert');
    await row.waitFor();

    await row.getByRole('button', { name: `Details of trade ${trade.id}` }).click();
    await page
      .getByRole('dialog', { name: `Trade ${trade.id}` })
      .getByText('NVDA')
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await logThenCancel(page, row, trade.id);
    await page.context().close();
  });

  it('a super user in demo mode keeps the SMT Templates and Create SMT Templates', async () => {
    const admin = await createUser({ isSuper: true, plans: [] });
    const page = await newPage(browser);
    await signIn(page, admin.email, admin.password);
    await expectPath(page, '/dashboard');
    await page.goto('/smart-trades');
    await page.getByText('Demo trades').first().waitFor();
    await page.getByText('SMT Templates', { exact: true }).click();
    await page.getByRole('button', { name: 'Create SMT Templates' }).waitFor();
    await page.getByRole('button', { name: 'Create SMT Templates' }).click();
    await page.getByRole('dialog').getByLabel('Name').first().waitFor();
    await page.context().close();
  });
});
