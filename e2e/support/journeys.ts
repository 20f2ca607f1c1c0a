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
