import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TRADE_MSG, type Profile, type QuotesResponse, type TradeReply, type TradesResponse } from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';

/** A trade's levels as fractions of the bid: its buys rest under the market, so it stays PENDING. */
const LEVELS = {
  buy_range_low: 0.9,
  buy_range_high: 0.95,
  target_range_low: 1.1,
  target_range_high: 1.2,
  stop_loss: 0.8,
} as const;
const levelsAt = (bid: number) =>
  Object.fromEntries(Object.entries(LEVELS).map(([field, f]) => [field, Math.round(bid * f * 100) / 100]));
/** The seeded live trader (README's demo accounts): its trades go to the simulated brokerage. */
const LIVE = { email: 'live@drat.local', password: 'DratDemo2026' };

describe('smart trades: the live trade list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lists a live trade under All and Custom, cancels it, archives it, finds it archived and exports the list', async () => {
    const token = await tokenOf(LIVE);
    const { user } = await call<Profile>(token, 'GET', '/profile/userProfile');
    const [quote] = (await call<QuotesResponse>(token, 'GET', '/market/quotes?tickers=MSFT')).quotes;
    const { data: trade } = await call<TradeReply>(token, 'POST', '/livetrading/create-trade/', {
      account_id: `SIM-${user}`,
      ticker: 'MSFT',
      trade_type: 'CUSTOM',
      ...levelsAt(quote!.bid),
      amount_buy_range_low: 2,
      amount_buy_range_high: 2,
    });

    const page = await newPage(browser);
    await signIn(page, LIVE.email, LIVE.password);
    await expectPath(page, '/dashboard');
    await page.goto('/smart-trades');
    await page.getByRole('heading', { name: 'Live trades' }).waitFor();
    const row = page.locator(`tr[data-row-key="${trade.id}"]`);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('MSFT');
    expect(text).toContain(`SIM-${user}`);
    expect(await row.getByText('PENDING').isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    // Not a super user: no SMT Template tab.
    expect(await page.getByRole('tab', { name: 'SMT Template' }).count()).toBe(0);

    // The tabs filter by trade type.
    await page.getByRole('tab', { name: 'Alert' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Custom' }).click();
    await row.waitFor();

    // Cancel (after its confirm): the broker confirms the cancels and the row follows by itself.
    await row.getByRole('button', { name: `Cancel trade ${trade.id}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
    await page.getByText(TRADE_MSG.tradeCancelled).waitFor();
    await expect.poll(() => row.getByText('CANCELLED').isVisible(), { timeout: 20_000 }).toBe(true);

    // Archive: it leaves the list, and is found under View Archived Trades.
    await row.getByRole('button', { name: `Archive trade ${trade.id}` }).click();
    await page.getByText(TRADE_MSG.tradeArchived).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'View Archived Trades' }).click();
    await page.getByRole('heading', { name: 'Archived trades' }).waitFor();
    await row.waitFor();
    expect(await row.getByRole('button', { name: `Un-archive trade ${trade.id}` }).isVisible()).toBe(true);
    const archived = await call<TradesResponse>(token, 'GET', '/livetrading/archived-trades');
    expect(archived.data.map((t) => t.id)).toContain(trade.id);

    // Export: the archived Custom trades as a spreadsheet.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('archived-smart-trades-custom.xlsx');
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an .xlsx is a zip

    // Back to the unarchived list.
    await page.getByRole('button', { name: 'View Unarchived Trades' }).click();
    await page.getByRole('heading', { name: 'Live trades' }).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
