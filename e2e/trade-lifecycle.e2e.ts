import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  TRADE_MSG,
  type DemoAccount,
  type DemoTradesResponse,
  type QuotesResponse,
  type TradeLogsResponse,
  type TradesResponse,
} from '@drat/contracts';
import { call, publishAlertAt, tokenOf } from './support/api';
import { launch, newPage } from './support/browser';
import { expectPath, fillFields, openBasicSmartTrade, signIn } from './support/journeys';
import { createUser } from './support/users';

const cents = (n: number) => Math.round(n * 100) / 100;
/** A dashboard card's figure. */
const card = async (page: Page, title: string) =>
  (await page.locator('.ant-card').filter({ hasText: title }).locator('.ant-statistic-content').innerText()).trim();

/**
 * Ends an OPEN trade whose buys filled over the market: its stop loss raised to just under its
 * buy range low, which is over the bid, so the next quote sells everything held at market (the
 * targets are above the buys, as §5.2 asks, and would wait for the market to rise).
 */
async function stopOverTheBid(token: string, tradeId: number, buyRangeLow: number): Promise<void> {
  await call(token, 'POST', '/livetrading/order-edit/', {
    order_id: String(tradeId),
    stop_loss: cents(buyRangeLow - 0.01),
  });
}

describe('smart trades: a basic smart trade from the drawer to COMPLETED', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a live trader saves a custom trade as a draft, trades the draft, and watches it fill and complete without a reload', async () => {
    const trader = await createUser({ plans: ['elite-monthly'], isLiveTrader: true });
    const token = await tokenOf(trader);
    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    const drawer = await openBasicSmartTrade(page);

    // The symbol's price and name appear when the field loses focus (§4 "Live price fields").
    await drawer.getByLabel('Symbol').fill('msft');
    await drawer.getByLabel('Buy Range Low', { exact: true }).click();
    await drawer.getByText(/Last price/).waitFor();
    expect(await drawer.getByLabel('Shares at Buy Range Low').inputValue()).toBe('50');

    // Buys over the ask fill at once; each target is above its own buy (§5.2), so the trade ends by
    // its stop, raised over the bid once it is OPEN (stopOverTheBid).
    const [quote] = (await call<QuotesResponse>(token, 'GET', '/market/quotes?tickers=MSFT')).quotes;
    const levels = {
      'Buy Range Low': cents(quote!.ask * 1.05),
      'Buy Range High': cents(quote!.ask * 1.06),
      'Target Range Low': cents(quote!.ask * 1.3),
      'Target Range High': cents(quote!.ask * 1.35),
      'Stop Loss': cents(quote!.bid * 0.5),
    };
    await fillFields(drawer, levels);
    await drawer.getByLabel('Total Shares').fill('4');
    await expect.poll(() => drawer.getByLabel('Shares at Buy Range High').inputValue()).toBe('2');
    // Replay first: the same levels over the last 20 days of hourly bars, on a chart.
    await drawer.getByRole('button', { name: 'Replay' }).click();
    const replay = page.getByRole('dialog', { name: 'Replay of MSFT: the last 20 days' });
    await replay.getByLabel('Replay chart').waitFor();
    await replay.getByText('Realised P/L').first().waitFor();
    await replay.getByRole('button', { name: 'Close' }).click();
    await drawer.getByRole('button', { name: 'Save as Draft' }).click();
    await page.getByText(TRADE_MSG.draftSaved).waitFor();

    const drafts = (await call<TradesResponse>(token, 'GET', '/livetrading/trades')).data;
    expect(drafts.map((t) => [t.status, t.ticker, t.buy_range_1_stocks])).toEqual([['DRAFT', 'MSFT', 2]]);
    const draft = drafts[0]!;
    const draftRow = page.locator(`tr[data-row-key="${draft.id}"]`);
    await draftRow.getByText('DRAFT').waitFor();

    // The draft's Trade opens the drawer with what was saved; confirming places it and the draft goes.
    await draftRow.getByRole('button', { name: `Trade draft ${draft.id}` }).click();
    const again = page.getByRole('dialog', { name: 'Trade MSFT' });
    expect(Number(await again.getByLabel('Buy Range Low', { exact: true }).inputValue())).toBe(levels['Buy Range Low']);
    await again.getByRole('button', { name: 'Trade', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your trade' });
    await confirm.getByText(/Estimated cost/).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(TRADE_MSG.tradePlaced).waitFor();

    const placed = (await call<TradesResponse>(token, 'GET', '/livetrading/trades')).data;
    expect(placed).toHaveLength(1);
    const trade = placed[0]!;
    expect(trade.id).not.toBe(draft.id);
    const row = page.locator(`tr[data-row-key="${trade.id}"]`);
    await row.waitFor();
    // The runner fills the buys, then sells at the stop; the row follows over the socket.
    await expect.poll(async () => (await row.innerText()).includes('OPEN'), { timeout: 30_000 }).toBe(true);
    await stopOverTheBid(token, trade.id, levels['Buy Range Low']);
    await expect.poll(async () => (await row.innerText()).includes('COMPLETED'), { timeout: 60_000 }).toBe(true);
    const { data: log } = await call<TradeLogsResponse>(token, 'GET', `/logs/live-trades?trade_id=${trade.id}`);
    const text = log.map((l) => l.text).join('\n');
    expect(text).toMatch(/Trade submitted/);
    expect(text).toMatch(/Status PENDING → OPEN/);
    expect(text).toMatch(/bought \d+ at/);
    expect(text).toMatch(/Status OPEN → COMPLETED/);
    await page.context().close();
  });

  it('from an alert card: Trade, adjust the levels and amounts, confirm; the demo trade goes PENDING → OPEN → COMPLETED and the dashboard shows the account after it', async () => {
    const admin = await createUser({ isSuper: true, plans: [] });
    const trader = await createUser({ plans: ['elite-monthly'] });
    const adminToken = await tokenOf(admin);
    const token = await tokenOf(trader);
    const { alert } = await publishAlertAt(adminToken, 'AAPL', {
      buyLow: 0.97,
      buyHigh: 0.99,
      targetLow: 1.05,
      targetHigh: 1.1,
      stop: 0.9,
    });

    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    await page.goto('/alerts?category=STOCKS&type=SWING-ALERTS');
    await page
      .locator(`[data-testid="alert-card"][data-alert-id="${alert.id}"]`)
      .getByRole('button', { name: /Trade$/ })
      .click();
    const drawer = page.getByRole('dialog', { name: 'Trade AAPL' });
    // The trader buys now (over the ask: the simulated market fills each order at its next look),
    // targets above the buys (§5.2), and ends the trade by raising the stop over the bid once OPEN.
    const [now] = (await call<QuotesResponse>(token, 'GET', '/market/quotes?tickers=AAPL')).quotes;
    const levels = {
      'Buy Range Low': cents(now!.ask * 1.04),
      'Buy Range High': cents(now!.ask * 1.05),
      'Target Range Low': cents(now!.ask * 1.3),
      'Target Range High': cents(now!.ask * 1.35),
      'Stop Loss': cents(now!.bid * 0.5),
    };
    await fillFields(drawer, levels);
    await drawer.getByLabel('Total Shares').fill('10');
    await expect.poll(() => drawer.getByLabel('Shares at Buy Range Low').inputValue()).toBe('5');
    await drawer.getByRole('button', { name: 'Trade', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm your trade' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(TRADE_MSG.tradePlaced).waitFor();

    const { data } = await call<DemoTradesResponse>(token, 'GET', '/demo-trading/trades');
    expect(data.map((t) => [t.trade_type, t.alert_id])).toEqual([['ALERT', alert.id]]);
    const id = data[0]!.id;
    await page.goto('/smart-trades');
    const row = page.locator(`tr[data-row-key="${id}"]`);
    await row.waitFor();
    // The row follows the trade over the socket, without a reload.
    await expect.poll(async () => (await row.innerText()).includes('OPEN'), { timeout: 30_000 }).toBe(true);
    await stopOverTheBid(token, id, levels['Buy Range Low']);
    await expect.poll(async () => (await row.innerText()).includes('COMPLETED'), { timeout: 60_000 }).toBe(true);
    const { data: log } = await call<TradeLogsResponse>(token, 'GET', `/logs/live-trades?trade_id=${id}`);
    const told = log.map((l) => l.text).join('\n');
    // The log tells the whole way: submitted (PENDING), bought (OPEN), sold (COMPLETED).
    expect(told).toMatch(/Trade submitted/);
    expect(told).toMatch(/Status PENDING → OPEN/);
    expect(told).toMatch(/bought \d+ at/);
    expect(told).toMatch(/sold \d+ at/);
    expect(told).toMatch(/Status OPEN → COMPLETED/);

    // The dashboard's demo cards show the account after the round trip: moved by exactly what the
    // trade made or lost (the price may have risen or fallen between the buy and the exit).
    const { data: after } = await call<DemoTradesResponse>(token, 'GET', '/demo-trading/trades');
    const made = after[0]!.profit_loss_data;
    const profitLoss =
      (made?.buy_range_one_execution?.profit_loss ?? 0) + (made?.buy_range_two_execution?.profit_loss ?? 0);
    const account = await call<DemoAccount>(token, 'GET', '/demo-trading');
    expect(account.account_value).toBeCloseTo(100_000 + profitLoss, 2);
    await page.goto('/dashboard');
    const shown = account.account_value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect.poll(() => card(page, 'Portfolio Value')).toContain(shown);
    await page.context().close();
  });
});
