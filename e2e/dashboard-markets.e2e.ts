import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MARKET_MSG } from '@drat/contracts';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

describe("the dashboard's price chart", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows the ticker a trader picks from the list, types or clicks in the hotlists, and says why a ticker it cannot show is refused', async () => {
    const trader = await createUser({ plans: ['stocks-monthly'] });
    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    await page.getByLabel('SPY price chart').waitFor();
    const box = page.getByLabel('Ticker', { exact: true });
    expect(await box.getAttribute('placeholder')).toBe('SPY');

    // The suggestions are the overview's and the hotlists' tickers, in the box's own list. A pick
    // replaces the text in one go, and browsers tell it apart from typing in one of two ways: an
    // input event named insertReplacementText, or one with no inputType at all. Both show it.
    const options = page.locator('datalist option');
    await expect.poll(() => options.count()).toBeGreaterThan(5);
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map(async (n) => (await options.nth(n).getAttribute('value'))!),
    );
    const pick = (value: string, inputType?: string) =>
      box.evaluate(
        (input: HTMLInputElement, [text, how]) => {
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
          input.dispatchEvent(
            how
              ? new InputEvent('input', { bubbles: true, inputType: how, data: text })
              : new Event('input', { bubbles: true }),
          );
        },
        [value, inputType] as const,
      );
    await pick(first!, 'insertReplacementText');
    await page.getByLabel(`${first} price chart`).waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await box.getAttribute('placeholder')).toBe(first);
    await pick(second!);
    await page.getByLabel(`${second} price chart`).waitFor();

    // Typed, even a whole symbol of the list waits for Enter (it may be the start of a longer one).
    await box.fill(third!);
    expect(await box.inputValue()).toBe(third!);
    expect(await page.getByLabel(`${second} price chart`).count()).toBe(1);
    await box.press('Enter');
    await page.getByLabel(`${third} price chart`).waitFor();
    // Any ticker the market knows, looked up first.
    await box.fill('aapl');
    await box.press('Enter');
    await page.getByLabel('AAPL price chart').waitFor();
    expect(await box.inputValue()).toBe('');

    // A text that is not a ticker, and a ticker the market does not know: told, and the chart stays.
    await box.fill('A$');
    await box.press('Enter');
    await page.getByText(MARKET_MSG.tickerInvalid).waitFor();
    expect(await box.inputValue()).toBe('A$');
    await box.fill('ZZZZQ');
    await box.press('Enter');
    await page.getByText(MARKET_MSG.unknownTicker('ZZZZQ')).waitFor();
    expect(await page.getByLabel('AAPL price chart').count()).toBe(1);
    expect(await box.inputValue()).toBe('ZZZZQ');

    // A hotlist row shows its ticker in the chart.
    const rows = page.locator('tr[aria-label^="Show "][aria-label$=" in the chart"]');
    await rows.first().waitFor();
    const symbols = (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('aria-label')!))).map(
      (label) => /^Show (\S+) in the chart$/.exec(label)![1]!,
    );
    const symbol = symbols.find((s) => s !== 'AAPL')!;
    const row = rows.nth(symbols.indexOf(symbol));
    await row.click();
    await page.getByLabel(`${symbol} price chart`).waitFor();
    await page.context().close();
  });
});
