import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  TRADE_MSG,
  type DemoTradeReply,
  type DemoTradesResponse,
  type QuotesResponse,
  type TradeDetailResponse,
} from '@drat/contracts';
import { call, publishAlertAt, tokenOf, USUAL_LEVELS } from './support/api';
import { launch, newPage } from './support/browser';
import { expectPath, logThenCancel, openBasicSmartTrade, signIn, tradeFromAlertCard } from './support/journeys';
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
    await details.getByText('journey trade').first().waitFor();
    expect(await details.innerText()).toContain(`× 3`);
    // While it runs, its stop loss can be lowered from the details (2-trading §2.3, §5.5).
    const lower = cents(quote!.bid * 0.75);
    await details.getByLabel('Stop Loss').fill(String(lower));
    await details.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(TRADE_MSG.tradeEdited).waitFor();
    const { data: edited } = await call<TradeDetailResponse>(
      token,
      'GET',
      `/livetrading/order-detail?order_id=${trade.id}`,
    );
    expect(edited.stop_loss).toBe(lower);
    await page.keyboard.press('Escape');

    await logThenCancel(page, row, trade.id);
    await page.context().close();
  });

  it("a trade the broker refuses after 'Trade placed successfully': a toast in the broker's words, the inbox keeps it, the row says FAIL and why", async () => {
    const trader = await createUser({ plans: ['elite-monthly'] });
    const token = await tokenOf(trader);
    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    await page.goto('/smart-trades');
    await page.getByText('Demo trades').first().waitFor();
    // 10,000 shares at about the price: far more than the demo account's 100,000 buys.
    const [quote] = (await call<QuotesResponse>(token, 'GET', '/market/quotes?tickers=MSFT')).quotes;
    const { data: trade, message } = await call<DemoTradeReply>(token, 'POST', '/demo-trading/create-demo-trade/', {
      ticker: 'MSFT',
      trade_type: 'CUSTOM',
      buy_range_low: cents(quote!.bid * 0.99),
      buy_range_high: cents(quote!.bid),
      target_range_low: cents(quote!.bid * 1.2),
      target_range_high: cents(quote!.bid * 1.3),
      stop_loss: cents(quote!.bid * 0.8),
      amount_buy_range_low: 5000,
      amount_buy_range_high: 5000,
    });
    expect(message).toBe(TRADE_MSG.tradePlaced);
    const toast = page.locator('.drat-notification-toast').filter({ hasText: `Trade ${trade.id} (MSFT) failed` });
    await toast.waitFor({ timeout: 20_000 });
    const said = await toast.innerText();
    expect(said).toContain('The broker refused its orders:');
    const row = page.locator(`tr[data-row-key="${trade.id}"]`);
    await row.getByText('FAIL', { exact: true }).waitFor();
    const reason = said.split('The broker refused its orders: ')[1]!.trim();
    expect(await row.innerText()).toContain(reason);
    // The inbox keeps it: the toast opens it.
    await toast.click();
    await page.getByRole('dialog').getByText(`Trade ${trade.id} (MSFT) failed`).waitFor();
    await page.context().close();
  });

  it('the drawer says each rule as soon as its values are entered, before the empty fields are filled (§5.1)', async () => {
    const trader = await createUser({ plans: ['elite-monthly'], isLiveTrader: true });
    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    const drawer = await openBasicSmartTrade(page);
    const field = (label: string) => drawer.getByLabel(label, { exact: true });
    await drawer.getByLabel('Symbol').fill('INTC');
    // A buy range low of 20 over a high of 10, the targets and the stop still empty: the buy
    // range's rule shows on both its fields at once, with 'Please check your inputs' in place of
    // the buttons; nothing asks for the fields not yet reached.
    await field('Buy Range Low').fill('20');
    await field('Buy Range High').fill('10');
    await drawer.getByText(TRADE_MSG.buyLowBelowHigh).waitFor();
    await drawer.getByText(TRADE_MSG.buyHighAboveLow).waitFor();
    await drawer.getByText(TRADE_MSG.checkInputs).waitFor();
    expect(await drawer.getByRole('button', { name: 'Trade', exact: true }).count()).toBe(0);
    expect(await drawer.getByText('Enter the target range low.').count()).toBe(0);
    // Mended, the buttons come back; Trade then asks for what is missing, each on its field.
    await field('Buy Range Low').fill('9');
    await drawer.getByRole('button', { name: 'Trade', exact: true }).click();
    await drawer.getByText('Enter the target range low.').waitFor();
    await drawer.getByText('Enter the stop loss.').waitFor();
    await expect.poll(() => drawer.getByText(TRADE_MSG.buyLowBelowHigh).count()).toBe(0);
    // A target under its own buy is said as soon as it is typed (§5.2).
    await field('Target Range Low').fill('9.5');
    await drawer.getByText(TRADE_MSG.adjustBuyTarget(2)).waitFor();
    await page.context().close();
  });

  it('from an alert card, Trade opens the drawer with its levels; 6 shares split 3/3 are placed on the demo account', async () => {
    const admin = await createUser({ isSuper: true, plans: [] });
    const trader = await createUser({ plans: ['elite-monthly'] });
    const adminToken = await tokenOf(admin);
    const token = await tokenOf(trader);
    const { alert, bid: p } = await publishAlertAt(adminToken, 'AMD', USUAL_LEVELS);

    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    const drawer = await tradeFromAlertCard(page, alert);
    expect(Number(await drawer.getByLabel('Buy Range Low', { exact: true }).inputValue())).toBe(cents(p * 0.9));
    expect(await drawer.getByLabel('Shares at Buy Range Low').inputValue()).toBe('1');
    // A stop loss over the buy range: as soon as it is typed, the contracts' §5 words land under the
    // field and the buttons give way to 'Please check your inputs' (§5.1); nothing is placed.
    const stop = drawer.getByLabel('Stop Loss');
    await stop.fill('99999');
    await drawer.getByText(TRADE_MSG.invalidStopLoss).waitFor();
    await drawer.getByText(TRADE_MSG.checkInputs).waitFor();
    expect(await drawer.getByRole('button', { name: 'Trade', exact: true }).count()).toBe(0);
    await stop.fill(String(cents(p * 0.8)));
    await drawer.getByRole('button', { name: 'Trade', exact: true }).waitFor();
    await expect.poll(() => drawer.getByText(TRADE_MSG.invalidStopLoss).count()).toBe(0);
    await drawer.getByLabel('Total Shares').fill('6');
    await expect.poll(() => drawer.getByLabel('Shares at Buy Range High').inputValue()).toBe('3');
    await drawer.getByRole('button', { name: 'Trade', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your trade' });
    await confirm.getByText(/Estimated cost/).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Trade placed successfully').waitFor();

    const { data } = await call<DemoTradesResponse>(token, 'GET', '/demo-trading/trades');
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ ticker: 'AMD', trade_type: 'ALERT', alert_id: alert.id, buy_range_1_stocks: 3 });
    await page.goto('/smart-trades');
    await page.locator(`tr[data-row-key="${data[0]!.id}"]`).getByText('PENDING').waitFor();
    await page.context().close();
  });
});
