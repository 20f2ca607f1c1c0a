import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  TRADE_MSG,
  type QuotesResponse,
  type SharedItemsResponse,
  type TradeDetailResponse,
  type TradeEntriesResponse,
  type TradesResponse,
  type TradeTemplatesResponse,
} from '@drat/contracts';
import { call, tokenOf } from './support/api';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

const cents = (n: number) => Math.round(n * 100) / 100;

/** Picks `option` in an antd select (the open dropdown is the last visible one). */
async function choose(page: Page, select: Locator, option: string) {
  const open = page.locator('.ant-select-dropdown:visible');
  await select.click();
  await open.last().getByTitle(option, { exact: true }).click();
  // The dropdown closes (its animation ends) before the next one opens.
  await expect.poll(() => open.count()).toBe(0);
}

describe('smart trades: what super users do (advanced trades, templates, sharing)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('an advanced trade with a condition row: range 2 buys only when range 1 has filled', async () => {
    const admin = await createUser({ isSuper: true, isLiveTrader: true, plans: [] });
    const token = await tokenOf(admin);
    const [quote] = (await call<QuotesResponse>(token, 'GET', '/market/quotes?tickers=MSFT')).quotes;
    const bid = quote!.bid;
    const page = await newPage(browser);
    await signIn(page, admin.email, admin.password);
    await expectPath(page, '/dashboard');
    await page.goto('/smart-trades');
    await page.getByRole('button', { name: 'Advanced Smart Trade' }).click();
    const drawer = page.getByRole('dialog', { name: 'Advanced Smart Trade' });
    await drawer.getByLabel('Symbol').fill('MSFT');
    await drawer.getByLabel('Stop Loss').fill(String(cents(bid * 0.7)));
    const ranges = [
      [0.9, 3, 1.2, 3],
      [0.85, 2, 1.1, 2],
    ] as const;
    for (const [i, [buy, qty, target, sell]] of ranges.entries()) {
      await drawer.getByRole('button', { name: 'Add range' }).click();
      const card = drawer
        .locator('.ant-card')
        .filter({ hasText: `Range ${i + 1}` })
        .first();
      await card.getByLabel('Buy Range', { exact: true }).fill(String(cents(bid * buy)));
      await card.getByLabel('Buy Quantity').fill(String(qty));
      await card.getByLabel('Target Range', { exact: true }).fill(String(cents(bid * target)));
      await card.getByLabel('Sell Quantity').fill(String(sell));
    }
    const row = drawer.locator('.ant-card').filter({ hasText: 'Condition row 1' }).first();
    await row.getByRole('button', { name: 'Order Filled' }).click();
    await row.getByRole('button', { name: 'Action' }).click();
    // IF range 1's buy is filled THEN execute range 2's buy.
    await choose(page, row.getByLabel('Order').nth(1), 'Range 2 buy');
    await drawer.getByRole('button', { name: 'Trade', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your trade: MSFT' });
    await confirm
      .getByText(/Estimate|Value/)
      .first()
      .waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(TRADE_MSG.tradePlaced).waitFor();

    const { data } = await call<TradesResponse>(token, 'GET', '/livetrading/trades');
    expect(data.map((t) => [t.trade_type, t.ticker])).toEqual([['ADVANCED', 'MSFT']]);
    const { data: detail } = await call<TradeDetailResponse>(
      token,
      'GET',
      `/livetrading/order-detail?order_id=${data[0]!.id}`,
    );
    expect(detail.extra_ranges.map((r) => r.buy_range_quantity)).toEqual([3, 2]);
    expect(detail.conditions).toHaveLength(1);
    expect(detail.conditions[0]!.map((c) => c.conditionType)).toEqual(['Order Filled', 'ACTION']);
    // The list shows it under Advanced.
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.locator(`tr[data-row-key="${data[0]!.id}"]`).getByText('PENDING').waitFor();
    await page.context().close();
  });

  it('a super user saves an SMT template, fills a trade from it, and shares the trade; the live trader sees it received', async () => {
    const admin = await createUser({ isSuper: true, isLiveTrader: true, plans: [] });
    const receiver = await createUser({ isLiveTrader: true, plans: ['elite-monthly'] });
    const token = await tokenOf(admin);
    const page = await newPage(browser);
    await signIn(page, admin.email, admin.password);
    await expectPath(page, '/dashboard');
    await page.goto('/smart-trades');

    // SMT Templates: create one, percentages below and above the last price.
    await page.locator('.ant-segmented').getByText('SMT Templates', { exact: true }).click();
    await page.getByRole('button', { name: 'Create SMT Templates' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create SMT Template' });
    const name = `Journey ${Date.now()}`;
    await drawer.getByLabel('Template name').fill(name);
    const percents = {
      'Buy Range Low': 10,
      'Buy Range High': 5,
      'Target Range Low': 10,
      'Target Range High': 20,
      'Stop Loss': 20,
    };
    for (const [entry, pct] of Object.entries(percents)) {
      await drawer.getByLabel(`${entry} percentage`).fill(String(pct));
      await choose(page, drawer.getByLabel(`${entry} based on`), 'Last Price');
    }
    await drawer.getByRole('button', { name: 'CREATE' }).click();
    await page.getByText(TRADE_MSG.templateCreated).waitFor();
    await page.getByRole('cell', { name }).first().waitFor();
    const template = (await call<TradeTemplatesResponse>(token, 'GET', '/livetrading/trade-templates')).data.find(
      (t) => t.name === name,
    )!;

    // Use it from its menu: the basic trade drawer opens with the template chosen; the symbol fills the prices.
    await page.getByRole('button', { name: `Actions for template ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Use' }).click();
    const trade = page.getByRole('dialog', { name: 'Basic Smart Trade' });
    await trade.getByLabel('Symbol').fill('MSFT');
    await trade.getByLabel('Buy Range Low', { exact: true }).click();
    await expect.poll(() => trade.getByLabel('Buy Range Low', { exact: true }).inputValue()).not.toBe('');
    const entries = await call<TradeEntriesResponse>(
      token,
      'GET',
      `/livetrading/trade-entries-parameter?ticker=MSFT&template=${template.id}`,
    );
    // The price may have moved between the two look-ups: the drawer's is within a cent or two of a fresh one.
    const shown = Number(await trade.getByLabel('Stop Loss', { exact: true }).inputValue());
    expect(Math.abs(shown - entries.stop_loss)).toBeLessThan(entries.stop_loss * 0.01);
    await trade.getByLabel('Total Shares').fill('2');
    await trade.getByRole('button', { name: 'Trade', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm your trade' }).getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText(TRADE_MSG.tradePlaced)
      .waitFor()
      .catch(async (err: unknown) => {
        // What the page said instead (a toast, a field's message) makes the failure readable.
        const said = await page.locator('.ant-message, .ant-form-item-explain-error').allInnerTexts();
        throw new Error(`${String(err)}; the page said: ${said.join(' | ')}`);
      });
    const [placed] = (await call<TradesResponse>(token, 'GET', '/livetrading/trades')).data;
    expect(placed).toMatchObject({ trade_type: 'SMT TEMPLATE', ticker: 'MSFT' });

    // Share it with the live trader, picked from the list.
    await page.locator('.ant-segmented').getByText('Smart Trades', { exact: true }).click();
    const rowOf = page.locator(`tr[data-row-key="${placed!.id}"]`);
    await rowOf.getByRole('button', { name: `Share trade ${placed!.id}` }).click();
    const share = page.getByRole('dialog', { name: `Share trade ${placed!.id} (MSFT)` });
    await share.getByLabel('User', { exact: true }).fill(receiver.email);
    await page
      .locator('.ant-select-dropdown:visible')
      .last()
      .getByTitle(receiver.email.toLowerCase(), { exact: true })
      .click();
    await share.getByRole('button', { name: 'Share' }).click();
    await page.getByText(TRADE_MSG.shared).waitFor();
    await page.context().close();

    const other = await newPage(browser);
    await signIn(other, receiver.email, receiver.password);
    await expectPath(other, '/dashboard');
    await other.goto('/smart-trades');
    await other.locator('.ant-segmented').getByText('Shared Trades', { exact: true }).click();
    await other.getByRole('cell', { name: admin.email.toLowerCase() }).first().waitFor();
    const received = await call<SharedItemsResponse>(
      await tokenOf(receiver),
      'GET',
      '/livetrading/smart-trade-share/received',
    );
    expect(received.data.map((s) => s.live_trade_order?.id)).toEqual([placed!.id]);
    await other.context().close();
  });
});
