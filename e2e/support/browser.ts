import { randomInt } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's chromium with the flags this closed network needs (ENVIRONMENT.md). */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseURL = () => inject('baseURL');

const violations = new WeakMap<Page, string[]>();

/** The pages of the running journey, for the report of a failure (support/on-failure.ts). */
export const openPages = new Set<Page>();

/** What the page's Content-Security-Policy refused so far (chromium reports it on the console). */
export const cspViolations = (page: Page): string[] => violations.get(page) ?? [];

/**
 * A client address of its own for each journey, as the product's proxy would report it
 * (X-Forwarded-For; the e2e server trusts the loopback proxy): the journeys are different people,
 * so the sign-in limit per address (50 in 15 minutes) counts each apart, as it would in life.
 */
export const clientAddress = () => `10.${[0, 0, 0].map(() => randomInt(1, 255)).join('.')}`;

/** A fresh browser context (own localStorage) at the product's address. */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 860 }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const refused: string[] = [];
  violations.set(page, refused);
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return page;
}

export interface MailboxMessage {
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** The demo mailbox (outbox), newest first. */
export async function mailbox(to: string): Promise<MailboxMessage[]> {
  const res = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(to.toLowerCase())}`);
  const { messages } = (await res.json()) as { messages: MailboxMessage[] };
  return messages.filter((m) => m.recipient === to.toLowerCase());
}

/** Waits for the newest e-mail to `to` whose subject matches. */
export async function waitForMail(to: string, subject: RegExp, after = 0): Promise<MailboxMessage> {
  for (let i = 0; i < 60; i++) {
    const found = (await mailbox(to)).find((m) => subject.test(m.subject) && Date.parse(m.createdAt) >= after);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No e-mail to ${to} matching ${subject}`);
}
