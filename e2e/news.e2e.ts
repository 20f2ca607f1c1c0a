import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NEWS_FIRST_PAGE, NEWS_MORE, NEWS_MSG } from '@drat/contracts';
import { launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { createUser } from './support/users';

/**
 * The news page (2-trading §2.8) over the simulated market's headlines: tabs, 'Recent News' with
 * See More, the selected headline's 'Related News', and a category the user's plans do not give.
 */
describe('news', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  const recent = (page: Page) => page.getByRole('list', { name: 'Recent News' }).getByRole('listitem');
  const related = (page: Page) => page.getByRole('region', { name: 'Related News' });

  it('a subscriber reads the hot news, sees more, picks a headline and opens other tabs', async () => {
    const user = await createUser({ plans: ['stocks-monthly'] });
    const page = await newPage(browser);
    await signIn(page, user.email, user.password);
    await expectPath(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'News' }).click();
    await expectPath(page, '/news');

    // The tabs, in the spec's order, Hot-News open.
    await page.getByRole('tab', { name: 'Hot-News' }).waitFor();
    const tabs = await page.getByRole('tab').allInnerTexts();
    expect(tabs).toEqual(['Hot-News', 'Health-Care', 'OTC-News', 'Crypto', 'NFT', 'Halts', 'Offering', 'Splits']);
    expect(await page.getByRole('tab', { name: 'Hot-News' }).getAttribute('aria-selected')).toBe('true');

    // 'Recent News': the first 15 headlines, each with its time and a link to read it.
    await page.getByText('Recent News', { exact: true }).waitFor();
    await expect.poll(() => recent(page).count()).toBe(NEWS_FIRST_PAGE);
    const first = recent(page).first();
    await first.getByText(/^(Just now|\d+ min ago|\d+ h ago|\d+ days? ago)$/).waitFor();
    // The simulated market's articles are the ticker in DRAT's tools: a link inside the app.
    expect(await first.getByRole('link', { name: 'Read' }).getAttribute('href')).toMatch(/^\/tools\?/);
    expect(await first.getByRole('link', { name: 'Read' }).getAttribute('target')).toBeNull();

    // 'Related News' beside it: cards of the first headline, each a linked title with its source.
    const panel = related(page);
    await panel.getByText('Related News', { exact: true }).waitFor();
    await expect.poll(() => panel.getByRole('article').count()).toBeGreaterThan(0);
    expect(await panel.getByRole('article').count()).toBeLessThanOrEqual(3);
    const card = panel.getByRole('article').first();
    expect(await card.getByRole('link').count()).toBe(1);
    await card.getByText('DRAT Market Wire').waitFor();

    // See More: three more.
    await page.getByRole('button', { name: 'See More' }).click();
    await expect.poll(() => recent(page).count()).toBe(NEWS_FIRST_PAGE + NEWS_MORE);

    // Picking another headline shows its related news (named above the cards).
    const third = recent(page).nth(2);
    const headline = (await third.getByRole('button').innerText()).trim();
    await third.getByRole('button').click();
    await panel.getByText(headline).first().waitFor();
    await expect.poll(() => panel.getByRole('article').count()).toBeGreaterThan(0);

    // Halts: its headlines, or a word that there are none now.
    await page.getByRole('tab', { name: 'Halts' }).click();
    // (The simulated halts are written 'Trading in XYZ halted: …'; on a weekend there are none.)
    await expect
      .poll(async () =>
        (await page.getByText('No news in this category right now.').isVisible()) ||
        ((await recent(page).count()) > 0 && /halted/.test(await recent(page).first().innerText()))
          ? 'shown'
          : 'waiting',
      )
      .toBe('shown');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('halts');
    expect(await recent(page).count()).toBeLessThanOrEqual(NEWS_FIRST_PAGE);

    // Crypto: the simulated crypto names make news every few days.
    await page.getByRole('tab', { name: 'Crypto' }).click();
    await expect.poll(() => recent(page).count()).toBeGreaterThan(0);
    expect(await page.getByText(NEWS_MSG.forbidden).count()).toBe(0);

    await page.context().close();
  });

  it('a subscriber whose plans do not include OTC is told so on OTC-News, and reads the other tabs', async () => {
    const user = await createUser({ plans: ['options-monthly'] });
    const page = await newPage(browser);
    await signIn(page, user.email, user.password);
    await expectPath(page, '/dashboard');
    await page.goto('/news');
    await expect.poll(() => recent(page).count()).toBe(NEWS_FIRST_PAGE);

    await page.getByRole('tab', { name: 'OTC-News' }).click();
    await page.getByText(NEWS_MSG.forbidden).waitFor();
    expect(await page.getByRole('button', { name: 'See More' }).count()).toBe(0);
    expect(await page.getByText(NEWS_MSG.failed).count()).toBe(0);

    // Back on Hot-News, the headlines are there again.
    await page.getByRole('tab', { name: 'Hot-News' }).click();
    await expect.poll(() => recent(page).count()).toBe(NEWS_FIRST_PAGE);
    await page.context().close();
  });
});
