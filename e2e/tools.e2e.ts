import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '@drat/contracts';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

/** The number a credit box on /tools shows ('Dione Credits', 'Trade Ideas Credits'). */
const creditOf = async (page: Page, label: string) => Number(await page.getByTestId(label).textContent());

/** The research tools (1-core §2 Tools, §4 Tool search): Dione to the DIONE Tracker, and the 10K sheet. */
describe('tools', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('searches a ticker with Dione, tracks it onto the DIONE Tracker, and downloads a 10K sheet', async () => {
    const user = await createUser({ plans: ['elite-monthly'], credits: { dione: 3, tradeIdeas: 3 } });
    const page = await newPage(browser);
    await signIn(page, user.email, user.password);
    await expectPath(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tools' }).click();
    await expectPath(page, '/tools');

    // The Elite plan shows all three tools; Dione opens first.
    for (const tab of ['Dione', 'Ask DRAT', 'Range Radar']) await page.getByRole('tab', { name: tab }).waitFor();
    expect(await page.getByRole('tab', { name: 'Dione' }).getAttribute('aria-selected')).toBe('true');
    expect(await creditOf(page, 'Dione Credits')).toBe(3);

    // A search with spaces around the ticker: both cards, one credit spent, a new recent search.
    await page.getByLabel('Dione ticker').fill('  aapl ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const short = page.getByRole('region', { name: 'Short Term' });
    const long = page.getByRole('region', { name: 'Long Term' });
    await short.waitFor();
    await long.waitFor();
    for (const card of [short, long]) {
      for (const label of ['Last Price', 'Buy Range', 'Target Range', 'Stop Loss', 'Risk Vs Reward', 'Drat Quote']) {
        await card.getByText(label, { exact: true }).waitFor();
      }
    }
    await expect.poll(() => creditOf(page, 'Dione Credits')).toBe(2);
    await page.getByRole('navigation', { name: 'Recent Dione Searches' }).getByText('AAPL', { exact: true }).waitFor();

    // Track the long term: its price and targets land on the DIONE Tracker tab of My Trackers.
    const targets =
      (await long
        .getByText(/^\$[\d,.]+ - \$[\d,.]+$/)
        .nth(1)
        .textContent()) ?? '';
    const [target1, target2] = targets.split(' - ');
    await long.getByRole('button', { name: 'Track Long Term' }).click();
    await page.getByText('Tracked', { exact: true }).first().waitFor();
    await long.getByRole('button', { name: 'Long Term tracked' }).waitFor();
    expect(await long.getByRole('button', { name: 'Long Term tracked' }).isDisabled()).toBe(true);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Trackers' }).click();
    await expectPath(page, '/trackers');
    await page.getByRole('tab', { name: 'DIONE Tracker' }).click();
    const row = page.getByRole('tabpanel', { name: 'DIONE Tracker' }).getByRole('row', { name: /AAPL/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(target1);
    expect(await row.textContent()).toContain(target2);

    // Ask DRAT's 10K sheet: Download waits for a ticker and a range, then saves the server's .xlsx.
    await page.goto('/tools?tab=ask-drat');
    const sheet = page.getByRole('form', { name: '10K analysis sheet' });
    const download = sheet.getByRole('button', { name: 'Download Sheet' });
    await download.waitFor();
    expect(await download.isDisabled()).toBe(true);
    await sheet.getByLabel('Ticker').fill(' aapl');
    expect(await download.isDisabled()).toBe(true);
    await sheet.getByLabel('Range of years').click();
    await page.getByTitle('3 years', { exact: true }).click();
    await expect.poll(() => download.isDisabled()).toBe(false);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^AAPL_10K_analysis_\d{8}-\d{4}\.xlsx$/);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await page.context().close();
  });

  it('sends a user without any tool right away with the spec message', async () => {
    const user = await createUser({ plans: ['offer25-smart-trader'] });
    const page = await newPage(browser);
    await signIn(page, user.email, user.password);
    await expectPath(page, '/dashboard');
    expect(
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tools' }).count(),
    ).toBe(0);
    await page.goto('/tools');
    await page.getByText(MSG.noToolsAccess).waitFor();
    await expectPath(page, '/dashboard');
    await page.context().close();
  });
});
