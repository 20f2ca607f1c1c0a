import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Signs in through the login screen as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
  expect(new URL(page.url()).pathname).toBe(path);
}

/** Types each value into the field with that exact label (a trade drawer's levels). */
export async function fillFields(scope: Locator, values: Record<string, number | string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await scope.getByLabel(label, { exact: true }).fill(String(value));
  }
}

/** On the alerts page, Trade on the alert's card: the drawer with its levels (Trade <ticker>), once they show. */
export async function tradeFromAlertCard(page: Page, alert: { id: number; ticker: string }): Promise<Locator> {
  await page.goto('/alerts?category=STOCKS&type=SWING-ALERTS');
  await page
    .locator(`[data-testid="alert-card"][data-alert-id="${alert.id}"]`)
    .getByRole('button', { name: /Trade$/ })
    .click();
  const drawer = page.getByRole('dialog', { name: `Trade ${alert.ticker}` });
  await drawer.getByLabel('Buy Range Low', { exact: true }).waitFor();
  return drawer;
}

/** On Smart Trades (live mode), the Basic Smart Trade drawer, empty. */
export async function openBasicSmartTrade(page: Page): Promise<Locator> {
  await page.goto('/smart-trades');
  await page.getByRole('button', { name: 'Basic Smart Trade' }).click();
  return page.getByRole('dialog', { name: 'Basic Smart Trade' });
}

/**
 * A trade's row in a trade table: its log says it was submitted; Cancel (asked Yes / No) is
 * answered at once, and the row turns CANCELLED by itself once the broker confirms (a job).
 */
export async function logThenCancel(page: Page, row: Locator, tradeId: number): Promise<void> {
  await row.getByRole('button', { name: `Logs of trade ${tradeId}` }).click();
  await page
    .getByRole('dialog', { name: `Trade ${tradeId} logs` })
    .getByText('Trade submitted')
    .waitFor();
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: `Cancel trade ${tradeId}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
  await page.getByText('Trade cancelled successfully').waitFor();
  await expect.poll(() => row.getByText('CANCELLED').isVisible(), { timeout: 20_000 }).toBe(true);
}

/**
 * Clicks a dialog's button and waits for the dialog to close. A click the dialog did not take (seen
 * on a loaded CI machine: an antd dialog that had just opened stayed open, its button unclicked) is
 * said on the console and made once more, so the journey goes on while the miss stays visible.
 */
export async function clickToClose(dialog: Locator, button: string, ms = 5_000): Promise<void> {
  await dialog.getByRole('button', { name: button }).click();
  try {
    await dialog.waitFor({ state: 'hidden', timeout: ms });
  } catch {
    console.warn(`[journey] the dialog did not close on '${button}' within ${ms} ms: clicking it again`);
    await dialog
      .getByRole('button', { name: button })
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    await dialog.waitFor({ state: 'hidden' });
  }
}
