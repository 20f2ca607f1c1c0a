import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { DemoTradeReply, QuotesResponse } from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

const cents = (n: number) => Math.round(n * 100) / 100;

describe('smart trades: the demo trade list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lists a placed demo trade, shows its details and log, and cancels it without a reload', async () => {
    const trader = await createUser({ plans: ['elite-monthly'] }); // smart-trader access, demo mode
    const token = await tokenOf(trader);
    const [quote] = (await call<QuotesResponse>(token, 'GET', '/market/quotes?tickers=MSFT')).quotes;
    const { data: trade } = await call<DemoTradeReply>(token, 'POST', '/demo-trading/create-demo-trade/', {
      ticker: 'MSFT',
      trade_type: 'CUSTOM',
      buy_range_low: cents(quote!.bid * 0.9),
      buy_range_high: cents(quote!.bid * 0.95),
      target_range_low: cents(quote!.bid * 1.1),
      target_range_high: cents(quote!.bid * 1.2),
      stop_loss: cents(quote!.bid * 0.8),
      amount_buy_range_low: 3,
      amount_buy_range_high: 2,
      trade_notes: 'journey trade',
    });

    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    await page.goto('/smart-trades');
    const row = page.locator(`tr[data-row-key="${trade.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('MSFT');
    expect(await row.getByText('PENDING').isVisible()).toBe(true);

    await row.getByRole('button', { name: `Details of trade ${trade.id}` }).click();
    const details = page.getByRole('dialog', { name: `Trade ${trade.id}` });
    await details.getByText('journey trade').waitFor();
    expect(await details.innerText()).toContain(`× 3`);
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: `Logs of trade ${trade.id}` }).click();
    const logs = page.getByRole('dialog', { name: `Trade ${trade.id} logs` });
    await logs.getByText('Trade submitted').waitFor();
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: `Cancel trade ${trade.id}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Trade cancelled successfully').waitFor();
    // The broker confirms the cancels (a job), and the row follows by itself.
    await expect.poll(() => row.getByText('CANCELLED').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.context().close();
  });
});
