import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TRADE_MSG, type DemoAccount, type DemoTradeReply, type QuotesResponse } from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

const cents = (n: number) => Math.round(n * 100) / 100;
const usd = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The value a dashboard card shows, as text. */
const card = async (page: Page, title: string) =>
  (await page.locator('.ant-card').filter({ hasText: title }).locator('.ant-statistic-content').innerText()).trim();

describe('the demo account on the dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows 100,000 to start, holds buying power for a placed demo trade, and resets after the confirm', async () => {
    const trader = await createUser({ plans: ['stocks-monthly'] });
    const token = await tokenOf(trader);
    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    await expect.poll(() => card(page, 'Portfolio Value')).toContain('100,000.00');
    expect(await card(page, 'Buying Power (Total Cash)')).toContain('100,000.00');
    expect(await card(page, 'Equity Value')).toContain('0.00');

    // A demo trade whose buys rest under the market: their cost is held from the buying power,
    // and the open page follows without a reload (the trade's event over the socket).
    const [quote] = await call<QuotesResponse>(token, 'GET', '/market/quotes?tickers=AAPL').then((r) => r.quotes);
    const low = cents(quote!.bid * 0.9);
    const high = cents(quote!.bid * 0.95);
    await call<DemoTradeReply>(token, 'POST', '/demo-trading/create-demo-trade/', {
      ticker: 'AAPL',
      trade_type: 'CUSTOM',
      buy_range_low: low,
      buy_range_high: high,
      target_range_low: cents(quote!.bid * 1.1),
      target_range_high: cents(quote!.bid * 1.2),
      stop_loss: cents(quote!.bid * 0.8),
      amount_buy_range_low: 10,
      amount_buy_range_high: 10,
    });
    const held = cents(10 * low + 10 * high);
    await expect
      .poll(() => card(page, 'Buying Power (Total Cash)'), { timeout: 15_000 })
      .toContain(usd(100_000 - held));

    // Reset: the spec's confirm, then the account is back to 100,000.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText(TRADE_MSG.confirmResetDemo).waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
    await page.getByText(TRADE_MSG.demoReset).waitFor();
    await expect.poll(() => card(page, 'Buying Power (Total Cash)')).toContain('100,000.00');
    const account = await call<DemoAccount>(token, 'GET', '/demo-trading');
    expect(account.buying_power).toBe(100_000);
    await page.context().close();
  });
});
