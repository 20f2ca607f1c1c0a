import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  BROKER_MSG,
  MSG,
  TRADE_MSG,
  TRADING_MSG,
  type LiveAccountsResponse,
  type QuotesResponse,
  type TradeListResponse,
} from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { launch, newPage } from './support/browser';
import { clickToClose, expectPath, fillFields, signIn } from './support/journeys';
import { holdShares } from './support/broker';
import { ageSessions, createUser, type E2eUser } from './support/users';

const cents = (n: number) => Math.round(n * 100) / 100;

/** Types the password into the prompt the server asked for (or the switch opened) and confirms. */
async function confirmPassword(page: Page, user: E2eUser): Promise<void> {
  const prompt = page.getByRole('dialog', { name: /Confirm your password|Switch to demo mode/ });
  await prompt.waitFor();
  await prompt.getByLabel('Password').fill(user.password);
  await clickToClose(prompt, 'Confirm', 10_000);
}

/** The top bar's demo/live switch (2-trading §4). */
const modeSwitch = (page: Page) => page.getByLabel('Trading mode');
const cardValue = (page: Page, title: string) =>
  page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');

/** A new trader whose plan has the live trader, on Broker Settings with `broker` chosen in the broker menu. */
async function brokerSettingsWith(browser: Browser, broker: string): Promise<Page> {
  const trader = await createUser({ plans: ['elite-monthly'] });
  const page = await newPage(browser);
  await signIn(page, trader.email, trader.password);
  await expectPath(page, '/dashboard');
  await page.goto('/trade/settings');
  await page.getByLabel('Broker', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: broker }).click();
  return page;
}

describe('live trading: broker authorization, the Trade Monitor, positions, demo and live', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a trader switches to live, authorizes the simulated brokerage with their password, places a smart trade, modifies its order in the Trade Monitor and switches back to demo', async () => {
    const trader = await createUser({ plans: ['elite-monthly'] });
    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    // Signed in a while ago: connecting a broker asks for the password again.
    await ageSessions(trader.email, 15);

    // Demo → Live: the switch-to-live dialog, Proceed goes to Broker Settings.
    await modeSwitch(page).getByText('Live').click();
    const ask = page.getByRole('dialog', { name: 'Switch to live trading' });
    await clickToClose(ask, 'Proceed');
    await expectPath(page, '/trade/settings');
    await page.getByText('You trade on your demo account.').waitFor();
    await page.getByText('No brokerage account is connected.').waitFor();

    // Authorize the simulated brokerage (the broker menu's first entry): password, then straight back.
    await page.getByRole('button', { name: 'Authorize' }).click();
    await confirmPassword(page, trader);
    await page.getByText(BROKER_MSG.authorized).waitFor({ timeout: 20_000 });
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByText('Connected to Simulated brokerage.').waitFor();
    await expect.poll(() => cardValue(page, 'Account Type').innerText()).toBe('CASH');
    await expect.poll(() => cardValue(page, 'Buying Power').innerText()).toBe('100,000.00');
    // A cash account has no Available Funds card (2-trading §2.7).
    expect(await page.locator('.ant-statistic').filter({ hasText: 'Available Funds' }).count()).toBe(0);
    expect(await modeSwitch(page).locator('.ant-segmented-item-selected').innerText()).toBe('Live');

    // A smart trade from the Basic Smart Trade drawer, on the account shown with its buying power.
    const token = await tokenOf(trader);
    const { data } = await call<LiveAccountsResponse>(token, 'GET', '/livetrading/accounts');
    const account = data.accounts[0]!.account_id;
    const [quote] = (await call<QuotesResponse>(token, 'GET', '/market/quotes?tickers=MSFT')).quotes;
    await page.goto('/smart-trades');
    await page.getByRole('button', { name: 'Basic Smart Trade' }).click();
    const drawer = page.getByRole('dialog', { name: 'Basic Smart Trade' });
    await drawer.getByTestId('live-buying-power').getByText('Buying power 100,000.00').waitFor();
    await drawer.getByLabel('Symbol').fill('MSFT');
    // Buys resting under the market: the orders stay working, to be modified.
    const levels = {
      'Buy Range Low': cents(quote!.bid * 0.9),
      'Buy Range High': cents(quote!.bid * 0.95),
      'Target Range Low': cents(quote!.bid * 1.1),
      'Target Range High': cents(quote!.bid * 1.2),
      'Stop Loss': cents(quote!.bid * 0.8),
    };
    await fillFields(drawer, levels);
    await drawer.getByLabel('Total Shares').fill('4');
    await drawer.getByRole('button', { name: 'Trade', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm your trade' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(TRADE_MSG.tradePlaced).waitFor();

    // The Trade Monitor: both buys working (over the socket, as the broker answers), each modifiable.
    await page.getByText('Trade Monitor', { exact: true }).first().click();
    const monitor = page.locator('.ant-card').filter({ hasText: 'Trade Monitor' });
    await monitor.getByRole('tab', { name: /Working/ }).click();
    const rows = monitor.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    const orders = (await call<TradeListResponse>(token, 'POST', '/livetrading/trade-list/', { account_id: account }))
      .data.working_orders;
    const order = orders.find((o) => o.price === levels['Buy Range Low'])!;
    const row = monitor.locator(`tr[data-row-key="${order.id}"]`);
    expect(await row.innerText()).toContain('MSFT');
    await row.getByRole('button', { name: 'Modify' }).click();

    // Modify: type and duration required; a limit keeps its price field. Lower the price, make it Day.
    const modal = page.getByRole('dialog', { name: `Modify order ${order.id}` });
    // Prefilled by the dialog once it is open (an effect): read until they come.
    await expect.poll(() => modal.getByLabel('Class').inputValue()).toBe('equity');
    await expect.poll(() => modal.getByLabel('Side').inputValue()).toBe('buy');
    const lower = cents(levels['Buy Range Low'] - 1);
    await modal.getByLabel('Limit price').fill(String(lower));
    await modal.getByLabel('Duration').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Day' }).click();
    await modal.getByRole('button', { name: 'Modify' }).click();
    await page.getByText(BROKER_MSG.orderModified).waitFor();
    await expect.poll(() => row.innerText()).toContain(lower.toFixed(2));
    const after = (await call<TradeListResponse>(token, 'POST', '/livetrading/trade-list/', { account_id: account }))
      .data.all_orders;
    expect(after.find((o) => o.id === order.id)).toMatchObject({ price: lower, duration: 'day' });

    // The dashboard shows the brokerage account: buying power less what the working buys hold.
    await page.goto('/dashboard');
    await expect
      .poll(async () => Number((await cardValue(page, 'Buying Power').innerText()).replace(/,/g, '')))
      .toBeLessThan(100_000);
    // Its account selector (fetched when a live trader's dashboard shows it) names the account.
    await expect.poll(() => page.getByLabel('Brokerage account').locator('..').innerText()).toContain(account);

    // Live → Demo: the password, then 'Now set to Demo Mode'.
    await modeSwitch(page).getByText('Demo').click();
    await confirmPassword(page, trader);
    await page.getByText(TRADING_MSG.demoMode).waitFor();
    await expect.poll(() => modeSwitch(page).locator('.ant-segmented-item-selected').innerText()).toBe('Demo');
    await page.getByText('Demo account').first().waitFor();
    await page.context().close();
  });

  it('a trader whose plan has neither the smart trader nor live trading is told so by the switch and stays in demo', async () => {
    const demo = await createUser({ plans: ['stocks-monthly'] });
    const page = await newPage(browser);
    await signIn(page, demo.email, demo.password);
    await expectPath(page, '/dashboard');
    await modeSwitch(page).getByText('Live').click();
    await page.getByText(MSG.smartTraderDenied).waitFor();
    expect(await modeSwitch(page).locator('.ant-segmented-item-selected').innerText()).toBe('Demo');
    expect(await page.getByRole('dialog', { name: 'Switch to live trading' }).count()).toBe(0);
    // Broker Settings is not theirs either: back to / with the live trader's words.
    await page.goto('/trade/settings');
    await page.getByText(MSG.liveTraderDenied).waitFor();
    await page.context().close();
  });

  it('a trader authorizes Tradier through its authorize page and comes back to Broker Settings with a margin account', async () => {
    const page = await brokerSettingsWith(browser, 'Tradier');
    await page.getByRole('button', { name: 'Authorize' }).click();
    // Tradier's page (the local one) approves and redirects to /trade/settings?code&state.
    await page.getByText(BROKER_MSG.authorized).waitFor({ timeout: 20_000 });
    await page.getByText('Connected to Tradier.').waitFor();
    await page.getByText(/Authorization ends/).waitFor();
    await expect.poll(() => cardValue(page, 'Account Type').innerText()).toBe('MARGIN');
    // A margin account shows Available Funds.
    await cardValue(page, 'Available Funds').waitFor();
    expect(await page.getByLabel('Brokerage account').locator('..').innerText()).toMatch(/VA\d+ · Tradier · MARGIN/);
    expect(await page.getByRole('button', { name: 'Re-authorize' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('a trader connects Alpaca with their own API key pair: a wrong secret is told under its field, the right one connects', async () => {
    const page = await brokerSettingsWith(browser, 'Alpaca');
    await page.getByText('Or connect with your API keys').click();
    // Empty: the contracts' words under each field, before any call.
    await page.getByRole('button', { name: 'Connect with keys' }).click();
    await page.getByText(BROKER_MSG.keyIdRequired).waitFor();
    await page.getByText(BROKER_MSG.secretKeyRequired).waitFor();
    await page.getByLabel('API key ID').fill('pkjourney1');
    await page.getByLabel('API secret key').fill('not-the-secret');
    await page.getByRole('button', { name: 'Connect with keys' }).click();
    await page.getByText(BROKER_MSG.keysRefused('Alpaca')).waitFor();
    await page.getByLabel('API secret key').fill('secret-pkjourney1');
    await page.getByRole('button', { name: 'Connect with keys' }).click();
    await page.getByText(BROKER_MSG.authorized).waitFor();
    await page.getByText('Connected to Alpaca.').waitFor();
    await expect.poll(() => cardValue(page, 'Account Type').innerText()).toBe('CASH');
    expect(await modeSwitch(page).locator('.ant-segmented-item-selected').innerText()).toBe('Live');
    await page.context().close();
  });

  it('a super user exits an open position from the Positions view: the order is placed and the position goes', async () => {
    const admin = await createUser({ isSuper: true, isLiveTrader: true, plans: [] });
    const token = await tokenOf(admin);
    const { data } = await call<LiveAccountsResponse>(token, 'GET', '/livetrading/accounts');
    const account = data.accounts[0]!.account_id;
    await holdShares(account, 'AAPL', 6, 1200);

    const page = await newPage(browser);
    await signIn(page, admin.email, admin.password);
    await expectPath(page, '/dashboard');
    await page.goto('/smart-trades');
    await page.getByText('Positions', { exact: true }).click();
    const positions = page.locator('.ant-card').filter({ hasText: 'Open Positions' });
    const row = positions.locator('tr[data-row-key="AAPL"]');
    await row.waitFor();
    expect(await row.innerText()).toContain('6');
    await row.getByRole('button', { name: 'Exit' }).click();

    // The Exit: class, side, type and duration prefilled to sell all at market today.
    const modal = page.getByRole('dialog', { name: 'Exit AAPL' });
    await expect.poll(() => modal.getByLabel('Quantity').inputValue()).toBe('6');
    await modal.getByRole('button', { name: 'Place order' }).click();
    await page.getByText(BROKER_MSG.orderPlaced).waitFor();
    // The market sell fills as it is placed; the position leaves the open list.
    await row.waitFor({ state: 'detached', timeout: 45_000 });
    const sold = (await call<TradeListResponse>(token, 'POST', '/livetrading/trade-list/', { account_id: account }))
      .data.filled_orders;
    expect(sold).toMatchObject([{ symbol: 'AAPL', side: 'sell', type: 'market', quantity: 6, exec_quantity: 6 }]);
    await page.context().close();
  });
});
