import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type PublishAlertResponse, type QuotesResponse, type SignalReply, type WebhookCreated } from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { ageAlert, createSwingBot } from './support/bots';
import { baseURL, launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

const cents = (n: number) => Math.round(n * 100) / 100;

/** An alert's price as its card writes it (2 decimals: not an OTC alert). */
const dollars = (v: number | null) => `$${v!.toFixed(2)}`;

/** Picks the bot whose trades "Trades placed by a bot" lists, by its option's words. */
async function pickTakenTradesOf(page: Page, option: string) {
  const open = page.locator('.ant-select-dropdown:visible');
  await page.getByRole('combobox', { name: 'Bot whose trades to show' }).click();
  await open.last().getByTitle(option, { exact: true }).click();
  await expect.poll(() => open.count()).toBe(0);
}

/** The MB tab of the live trades, with a row of `ticker` in it. */
async function mbTradeRow(page: Page, ticker: string) {
  await page.goto('/smart-trades');
  await page.getByRole('tab', { name: 'MB' }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: ticker });
  await expect.poll(() => row.count(), { timeout: 30_000, interval: 1_000 }).toBeGreaterThan(0);
  return row;
}

describe('money-management bots trade what is published, and what a signal sends', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a bot takes a matching alert a tool publishes with its key: the MB trade shows on Smart Trades and the bot’s log says why; a signal to the webhook trades too', async () => {
    const trader = await createUser({ plans: ['elite-monthly'], isLiveTrader: true });
    const token = await tokenOf(trader);
    const admin = await createUser({ isSuper: true, plans: [] });
    const adminToken = await tokenOf(admin);
    const bot = await createSwingBot(token, 'Journey swing bot');

    // A tool publishes a SWING alert on MSFT with its publisher key: risk 7%, reward 60%.
    const { key } = await call<{ key: string }>(adminToken, 'POST', '/alerts/publishers', {
      name: `Bots ${Date.now()}`,
    });
    const [quote] = (await call<QuotesResponse>(token, 'GET', '/market/quotes?tickers=MSFT')).quotes;
    const p = quote!.last;
    const published = await fetch(`${baseURL()}/api/alerts/publish`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: `bots-journey-${Date.now()}`,
        alert_type: 'SWING-ALERTS',
        ticker: 'MSFT',
        rating: 3,
        alert_price: cents(p),
        buy_range_low: cents(p * 0.97),
        buy_range_high: cents(p),
        target_range_low: cents(p * 1.3),
        target_range_high: cents(p * 1.6),
        stop_loss: cents(p * 0.93),
      }),
    });
    expect(published.status, await published.clone().text()).toBe(200);
    const { alert } = (await published.json()) as PublishAlertResponse;

    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    await mbTradeRow(page, 'MSFT');

    // The bot's log, on the Money Management screen, explains the trade.
    await page.goto('/money-management-bot');
    const botRow = page.locator('.ant-table-row').filter({ hasText: 'Journey swing bot' });
    await botRow.getByRole('button', { name: 'Actions for bot Journey swing bot' }).click();
    await page.getByRole('menuitem', { name: /(^| )Logs$/ }).click();
    const logs = page.getByRole('dialog', { name: 'Logs of Journey swing bot' });
    await logs.getByText(new RegExp(`^Took MSFT \\(alert #${alert.id}\\): trade #\\d+ buys `)).waitFor();
    await logs.getByRole('button', { name: 'Close' }).click();

    // "Trades placed by a bot": the bot's MSFT trade came from the alert, whose card (fetched when
    // opened) shows the ticker and the alert's buy range.
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count(), { timeout: 30_000 }).toBe(0);
    await pickTakenTradesOf(page, 'Journey swing bot (1 trade)');
    const tradeRow = page.locator('.ant-table-row').filter({ hasText: 'MSFT' });
    await tradeRow.getByRole('button', { name: `Alert #${alert.id}`, exact: true }).click();
    const alertModal = page.getByRole('dialog', { name: new RegExp(`^Alert #${alert.id} of trade #\\d+$`) });
    await alertModal.getByRole('heading', { name: 'MSFT', exact: true }).waitFor();
    const buyRange = `${dollars(alert.buy_range_low)} - ${dollars(alert.buy_range_high)}`;
    await alertModal.getByText(buyRange, { exact: true }).waitFor();
    await alertModal.getByRole('button', { name: 'Close' }).click();
    await alertModal.waitFor({ state: 'hidden' });

    // Replay on past alerts, from the bot's drawer: its settings over the SWING-ALERTS alerts of the
    // last 90 days take that alert again. A replay runs each trade over the ticker's hourly bars from
    // the alert on, and the hour's bar began before an alert published this minute (the server
    // skips it: "no hourly bar has closed since it was published"): the alert is made 3 hours old first, as one
    // published earlier in the day.
    await ageAlert(alert.id, 3);
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count(), { timeout: 30_000 }).toBe(0);
    await botRow.getByRole('button', { name: 'Actions for bot Journey swing bot' }).click();
    await page.getByRole('menuitem', { name: /(^| )Update$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Update Journey swing bot' });
    await drawer.getByRole('button', { name: 'Replay on past alerts' }).click();
    const replay = page.getByRole('dialog', { name: 'Replay Journey swing bot on past alerts' });
    expect(await replay.locator('.ant-segmented-item-selected').innerText()).toBe('90 days');
    await replay.getByRole('button', { name: /Run$/ }).click();
    const taken = replay.getByRole('listitem', { name: 'Taken' }).locator('.ant-statistic-content-value');
    await taken.waitFor({ timeout: 30_000 });
    expect(Number(await taken.innerText())).toBeGreaterThanOrEqual(1);
    // The Trades tab lists the alert taken, with its ticker.
    await replay.getByRole('tab', { name: /^Trades \(\d+\)$/ }).click();
    const replayed = replay
      .getByRole('tabpanel')
      .locator('.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: `#${alert.id}`, exact: true }) });
    await replayed.waitFor();
    expect(await replayed.innerText()).toContain('MSFT');
    await replay.getByRole('button', { name: 'Close' }).click();
    await replay.waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // A signal to the bot's webhook (TradingView sends the secret inside the message) trades too.
    const hook = await call<WebhookCreated>(token, 'POST', '/signals/webhook/', { bot_id: bot.id });
    const signal = await fetch(hook.url.replace(/^https?:\/\/[^/]+/, baseURL()), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({
        id: `tv-${Date.now()}`,
        ticker: 'AAPL',
        action: 'buy',
        offsets: { entry_1: -3, entry_2: -1, target_1: 30, target_2: 60, stop_loss: -5 },
        secret: hook.secret,
      }),
    });
    const reply = (await signal.json()) as SignalReply;
    expect(reply.status, reply.message).toBe('TRADED');
    await mbTradeRow(page, 'AAPL');
    // On the bots page the signal's trade says so, with no alert to open.
    await page.goto('/money-management-bot');
    await pickTakenTradesOf(page, 'Journey swing bot (2 trades)');
    const signalRow = page.locator('.ant-table-row').filter({ hasText: 'AAPL' });
    await signalRow.getByRole('cell', { name: 'Signal', exact: true }).waitFor();
    expect(await signalRow.getByRole('button', { name: /^Alert #/ }).count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
