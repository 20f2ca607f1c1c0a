import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { SIGNAL_MSG, STEP_UP_TEXTS, type SignalReply } from '@drat/contracts';
import { tokenOf } from './support/api';
import { createSwingBot } from './support/bots';
import { baseURL, launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { ageSessions, createUser } from './support/users';

/** Sends a signal as TradingView does: JSON as text/plain, the secret inside; to this server's address. */
async function sendSignal(url: string, body: Record<string, unknown>): Promise<{ status: number; reply: unknown }> {
  const res = await fetch(url.replace(/^https?:\/\/[^/]+/, baseURL()), {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(body),
  });
  return { status: res.status, reply: await res.json() };
}

/** The signals list's rows whose text contains `text` (the drawer's one table). */
const signalRows = (drawer: Locator, text: string) => drawer.locator('.ant-table-row').filter({ hasText: text });

/** Picks `option` in an antd select (the open dropdown is the last visible one). */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').last().getByTitle(option, { exact: true }).click();
}

describe('the signals webhook on the Money Management screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('makes a webhook after the password, shows its address and secret once; a signal trades, its twin does nothing, and after a revoke a signal is refused', async () => {
    const trader = await createUser({ plans: ['elite-monthly'], isLiveTrader: true });
    const token = await tokenOf(trader);
    const name = 'Journey signal bot';
    await createSwingBot(token, name);

    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    await page.goto('/money-management-bot');
    await page.getByRole('heading', { name: 'Your bots' }).waitFor();
    await page.getByRole('button', { name: 'Signals' }).click();
    const drawer = page.getByRole('dialog', { name: /^Signals/ });
    // None yet: what a webhook does, and the bot to make it for.
    await drawer.getByText(/A webhook is an address of your own/).waitFor();
    await drawer.getByText(/No signals yet/).waitFor();

    // Long after signing in, making it asks for the password, then goes on by itself.
    await ageSessions(trader.email, 20);
    await choose(page, drawer.getByLabel('Bot that takes the signals'), name);
    await drawer.getByRole('button', { name: 'Make webhook' }).click();
    const prompt = page.getByRole('dialog', { name: STEP_UP_TEXTS.SIGNAL_WEBHOOK.title });
    await prompt.getByText(STEP_UP_TEXTS.SIGNAL_WEBHOOK.explanation).waitFor();
    await prompt.getByLabel('Password').fill(trader.password);
    await prompt.getByRole('button', { name: 'Confirm' }).click();

    // The address and the secret, this once.
    await drawer.getByText(SIGNAL_MSG.created).waitFor();
    const url = await drawer.getByLabel('Webhook address', { exact: true }).inputValue();
    const secret = await drawer.getByLabel('Secret', { exact: true }).inputValue();
    expect(url).toMatch(/\/api\/signals\/hook\/[A-Za-z0-9_-]{16,64}$/);
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(await drawer.getByLabel('TradingView alert message', { exact: true }).inputValue()).toContain(
      `"secret": "${secret}"`,
    );
    // The webhook as it stays: its bot and the end of its address.
    await drawer.getByText(`…${url.slice(-6)}`).waitFor();
    expect(await drawer.locator('.ant-descriptions').innerText()).toContain(name);

    // A buy signal trades: the list shows it TRADED (read again on the trade's event).
    const id = `tv-${Date.now()}`;
    const signal = {
      id,
      ticker: 'AAPL',
      action: 'buy',
      offsets: { entry_1: -3, entry_2: -1, target_1: 30, target_2: 60, stop_loss: -5 },
      secret,
    };
    const first = await sendSignal(url, signal);
    expect(first.status, JSON.stringify(first.reply)).toBe(200);
    expect((first.reply as SignalReply).status, (first.reply as SignalReply).message).toBe('TRADED');
    const row = signalRows(drawer, id);
    await row.getByText('TRADED', { exact: true }).waitFor();
    expect(await row.innerText()).toMatch(/#\d+/);

    // The same id again: answered as received before, and nothing new in the list.
    const again = await sendSignal(url, signal);
    expect(again.reply).toMatchObject({ status: 'DUPLICATE', message: SIGNAL_MSG.duplicate(id) });
    await drawer.getByRole('button', { name: 'Refresh the signals' }).click();
    await expect.poll(() => signalRows(drawer, id).count()).toBe(1);
    expect(await drawer.getByText('TRADED', { exact: true }).count()).toBe(1);

    // Copied: the secret is gone from the page. Revoke, asked first.
    await drawer.getByRole('button', { name: 'I have copied them' }).click();
    await expect.poll(() => drawer.getByLabel('Secret', { exact: true }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the webhook?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText(SIGNAL_MSG.revoked).waitFor();
    await drawer.getByText(/A webhook is an address of your own/).waitFor();

    // A signal to the old address is refused, and listed as refused.
    const late = await sendSignal(url, { ...signal, id: `${id}-late` });
    expect(late.status).toBe(404);
    expect(late.reply).toEqual({ detail: SIGNAL_MSG.hookUnknown });
    await drawer.getByRole('button', { name: 'Refresh the signals' }).click();
    await drawer.getByText('REFUSED', { exact: true }).waitFor();
    expect(await drawer.getByText('TRADED', { exact: true }).count()).toBe(1);
    await page.context().close();
  }, 120_000);
});
