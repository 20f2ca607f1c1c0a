import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  TRADE_MSG,
  type DemoTradeReply,
  type Profile,
  type QuotesResponse,
  type SmartTraderStats,
  type TradeReply,
} from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';

/** The README's demo trader, live trader and super user (the e2e server seeds them). */
const DEMO = { email: 'demo@drat.local', password: 'DratDemo2026' };
const LIVE = { email: 'live@drat.local', password: 'DratDemo2026' };
const ADMIN = { email: 'admin@drat.local', password: 'DratDemo2026' };

const cents = (n: number) => Math.round(n * 100) / 100;
/** A trade whose buys rest under the market: it stays PENDING until cancelled. */
const restingAt = (bid: number) => ({
  ticker: 'MSFT',
  trade_type: 'CUSTOM' as const,
  buy_range_low: cents(bid * 0.9),
  buy_range_high: cents(bid * 0.95),
  target_range_low: cents(bid * 1.1),
  target_range_high: cents(bid * 1.2),
  stop_loss: cents(bid * 0.8),
  amount_buy_range_low: 2,
  amount_buy_range_high: 1,
});

/**
 * Signs in through the login screen, past the first sign-in's guided tour (not what these journeys
 * look at: marked done beforehand, as closing it would).
 */
async function signInPast(page: Page, user: { email: string; password: string }) {
  await call(await tokenOf(user), 'POST', '/profile/not-first-login/');
  await signIn(page, user.email, user.password);
  await expectPath(page, '/dashboard');
}

/** Picks `option` in an antd select (the open dropdown is the last visible one). */
async function choose(page: Page, select: Locator, option: string) {
  const open = page.locator('.ant-select-dropdown:visible');
  await select.click();
  await open.last().getByTitle(option).click();
  await expect.poll(() => open.count()).toBe(0);
}

/** A row action asked Yes / No first (Cancel), answered Yes. */
async function confirmAction(page: Page, row: Locator, name: string) {
  await row.getByRole('button', { name }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Yes' }).click();
}

describe("super users: every user's smart trades, and the counts by status", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("picks the demo trader, reads their trade's log, cancels it for them, and the trader's log names the super user", async () => {
    const demoToken = await tokenOf(DEMO);
    const [quote] = (await call<QuotesResponse>(demoToken, 'GET', '/market/quotes?tickers=MSFT')).quotes;
    const { data: trade } = await call<DemoTradeReply>(demoToken, 'POST', '/demo-trading/create-demo-trade/', {
      ...restingAt(quote!.bid),
      trade_notes: 'placed by the demo trader',
    });

    const page = await newPage(browser);
    await signInPast(page, ADMIN);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Read SMT & Logs' })
      .click();
    await expectPath(page, '/all-smart-trades');
    await page.getByRole('heading', { name: 'Smart trades' }).waitFor();

    // The user picker: the users with trades, with how many; the demo trader picked, only theirs show.
    await choose(page, page.getByLabel('Trade owner'), DEMO.email);
    await page.getByText(`Not archived: the trades of ${DEMO.email}, newest first.`).waitFor();
    const row = page.locator(`tr[data-row-key="${trade.id}"]`);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('MSFT');
    expect(text).toContain(DEMO.email);
    expect(text).toContain('Dana Demo');
    expect(text).toContain('DEMO-');
    expect(await row.getByText('PENDING', { exact: true }).isVisible()).toBe(true);
    const owners = await page.locator('tbody tr.ant-table-row').allInnerTexts();
    expect(owners.every((t) => t.includes(DEMO.email))).toBe(true);
    // A running demo trade: its details, log and Cancel; no archive.
    expect(await row.getByRole('button', { name: `Archive trade ${trade.id}`, exact: true }).count()).toBe(0);

    // View Details: the admin view, read by its order id.
    await row.getByRole('button', { name: `Details of trade ${trade.id}` }).click();
    const details = page.getByRole('dialog', { name: `Trade ${trade.id}` });
    await details.getByText('placed by the demo trader').waitFor();
    expect(await details.innerText()).toContain(`DEMO-`);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // View Logs: the panel under the table shows this trade's log.
    await row.getByRole('button', { name: `Logs of trade ${trade.id}` }).click();
    const logs = page.getByRole('region', { name: `Trade ${trade.id} logs` });
    await logs.getByText('Trade submitted', { exact: true }).waitFor();

    // Cancel Trade, asked first: the trader's own call, on their behalf.
    await confirmAction(page, row, `Cancel trade ${trade.id}`);
    await page.getByText(TRADE_MSG.tradeCancelled).waitFor();
    await expect.poll(() => row.getByText('CANCELLED', { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    await logs.getByText(`Cancelled by a super user (${ADMIN.email})`, { exact: false }).waitFor();

    // The Smart Trader Analysis, from the top bar's menu: the counts the server keeps, OPEN as Active.
    const stats = (await call<SmartTraderStats>(await tokenOf(ADMIN), 'GET', '/management/smart-trader')).data;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /Smart Trader Analysis/ }).click();
    await expectPath(page, '/management/smart-trader');
    for (const [title, list] of [
      ['Equity', stats.equity],
      ['Options', stats.options],
    ] as const) {
      const card = page.getByRole('region', { name: title });
      await card.waitFor();
      for (const [status, label] of [
        ['COMPLETED', 'Completed'],
        ['OPEN', 'Active'],
        ['PENDING', 'Pending'],
        ['CANCELLED', 'Cancelled'],
      ] as const) {
        const tile = card.getByRole('group', { name: `${title} ${label}` });
        const count = list.find((x) => x.status === status)!.count;
        await expect.poll(() => tile.innerText()).toContain(String(count));
      }
    }
    expect(stats.equity.find((x) => x.status === 'CANCELLED')!.count).toBeGreaterThan(0);
    await page.context().close();

    // The trader reads the same log on their own Smart Trades page: the super user is named.
    const trader = await newPage(browser);
    await signInPast(trader, DEMO);
    await trader.goto('/smart-trades');
    const theirs = trader.locator(`tr[data-row-key="${trade.id}"]`);
    await theirs.waitFor();
    expect(await theirs.getByText('CANCELLED', { exact: true }).isVisible()).toBe(true);
    await theirs.getByRole('button', { name: `Logs of trade ${trade.id}` }).click();
    await trader
      .getByRole('dialog', { name: `Trade ${trade.id} logs` })
      .getByText(`Cancelled by a super user (${ADMIN.email})`, { exact: false })
      .waitFor();
    await trader.context().close();
  });

  it("archives a live trader's finished trade for them, finds it archived and un-archives it", async () => {
    const liveToken = await tokenOf(LIVE);
    const { user } = await call<Profile>(liveToken, 'GET', '/profile/userProfile');
    const [quote] = (await call<QuotesResponse>(liveToken, 'GET', '/market/quotes?tickers=MSFT')).quotes;
    const { data: trade } = await call<TradeReply>(liveToken, 'POST', '/livetrading/create-trade/', {
      account_id: `SIM-${user}`,
      ...restingAt(quote!.bid),
    });
    await call<TradeReply>(liveToken, 'POST', '/livetrading/cancel-live-trade/', { live_trade_id: trade.id });

    const page = await newPage(browser);
    await signInPast(page, ADMIN);
    await page.goto('/all-smart-trades');
    await choose(page, page.getByLabel('Trade owner'), LIVE.email);
    const row = page.locator(`tr[data-row-key="${trade.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(`SIM-${user}`);
    // Finished once the broker confirms the cancel: Archive is offered then.
    await expect.poll(() => row.getByText('CANCELLED', { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    await row.getByRole('button', { name: `Archive trade ${trade.id}`, exact: true }).click();
    await page.getByText(TRADE_MSG.tradeArchived).waitFor();
    await row.waitFor({ state: 'detached' });

    await page.getByText('Archived', { exact: true }).click();
    await page.getByRole('heading', { name: 'Archived smart trades' }).waitFor();
    const archived = page.locator(`tr[data-row-key="${trade.id}"]`);
    await archived.waitFor();
    expect(await archived.getByRole('button', { name: `Archive trade ${trade.id}`, exact: true }).count()).toBe(0);
    await archived.getByRole('button', { name: `Un-archive trade ${trade.id}` }).click();
    await page.getByText(TRADE_MSG.tradeUnarchived).waitFor();
    await archived.waitFor({ state: 'detached' });

    // Still the trader's, back in their list that is not archived.
    const theirs = await call<{ data: { id: number; archived: boolean }[] }>(liveToken, 'GET', '/livetrading/trades');
    expect(theirs.data.find((t) => t.id === trade.id)).toMatchObject({ archived: false });
    await page.context().close();
  });
});
