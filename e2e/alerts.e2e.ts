import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AlertDto, BarsResponse, CompletedAlertsResponse, PublishAlertResponse } from '@drat/contracts';
import { connect } from '../apps/server/src/db/client';
import { alerts } from '../apps/server/src/db/schema/index';
import { SAMPLE_STOCK_ALERT } from '../apps/server/test/sample-alerts';
import { baseURL, launch, newPage } from './support/browser';
import { expectPath, signIn } from './support/journeys';
import { call, tokenOf } from './support/api';
import { createUser } from './support/users';

const TYPE = 'DAY-TRADE-ALERTS';
/** Liquid names of the simulated market that move a few cents a minute. */
const TICKERS = ['TSLA', 'NVDA', 'AMD', 'META', 'NFLX'];
/** Complete minute bars the alert's levels are drawn from (recent enough that its triggers are not 'late'). */
const WINDOW = 10;
const cents = (n: number) => Math.round(n * 100) / 100;

interface Plan {
  ticker: string;
  /** Start of the first bar of the window (epoch ms). */
  from: number;
  levels: Record<
    'alert_price' | 'buy_range_low' | 'buy_range_high' | 'target_range_low' | 'target_range_high' | 'stop_loss',
    number
  >;
}

/**
 * Levels the recent bars are known to have played out, by the lifecycle rules (docs of
 * @drat/engine evaluateAlert): the buy range sits on the window's lowest low, so the alert is
 * entered there and the stop, far below it, is never touched; target 2 is the highest high after
 * that low, so the price reaches it after entry. Replaying the window completes the alert 'TARGET 2'.
 */
async function planFromBars(token: string): Promise<Plan> {
  for (const ticker of TICKERS) {
    const { bars } = await call<BarsResponse>(token, 'GET', `/market/bars?ticker=${ticker}&interval=1min`);
    const window = bars.slice(-WINDOW - 1, -1); // the last bar is the minute still running
    if (window.length < WINDOW) continue;
    let k = 0;
    window.forEach((b, i) => {
      if (b.low < window[k]!.low) k = i;
    });
    const low = window[k]!.low;
    const high = Math.max(...window.slice(k).map((b) => b.high));
    if (high - low < 0.06) continue;
    return {
      ticker,
      from: window[0]!.time * 1000,
      levels: {
        alert_price: low,
        buy_range_low: cents(low - 0.01),
        buy_range_high: cents(low + 0.01),
        target_range_low: cents((low + high) / 2),
        target_range_high: high,
        stop_loss: cents(low * 0.9),
      },
    };
  }
  throw new Error('No ticker moved enough in the last minutes to draw a completed alert from');
}

/**
 * The alert is published now; its publication time is then moved to the start of the window, so
 * the next lifecycle run (every minute) catches up over bars that are already known. This is what
 * the lifecycle does after downtime, and it makes the completion certain instead of a wait on chance.
 */
async function backdate(alertId: number, createdAt: number): Promise<void> {
  const database = connect(inject('databaseUrl'), 1);
  try {
    await database.db
      .update(alerts)
      .set({ createdAt: new Date(createdAt), evaluatedThrough: null })
      .where(eq(alerts.id, alertId));
  } finally {
    await database.close();
  }
}

/** Win rate of 1-core §9 from the rows: completed alerts exiting above their alert price, over all completed. */
/** 1-core §9 over every row the table shows: exits (a half-completed one's so far) above the alert price. */
function expectedWinRate(rows: AlertDto[]): string {
  const wins = rows.filter((a) => (a.exit_price ?? a.half_exit_price ?? a.alert_price) > a.alert_price).length;
  return (rows.length ? Math.round((wins / rows.length) * 10_000) / 100 : 0).toFixed(2);
}

const winRateShown = async (page: Page) =>
  (await page.getByTestId('win-rate').locator('.ant-statistic-content-value').innerText()).trim();

describe('alerts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a published alert appears without reload, is tracked, completes at its target, counts in the win rate and reaches the inbox', async () => {
    const admin = await createUser({ isSuper: true, plans: [] });
    const trader = await createUser({ plans: ['stocks-monthly'] });
    const adminToken = await tokenOf(admin);
    const traderToken = await tokenOf(trader);

    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    await page.goto(`/alerts?category=STOCKS&type=${TYPE}`);
    await page.getByRole('button', { name: 'Resources' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: TYPE, pressed: true }).isVisible()).toBe(true);

    // A super user publishes an alert; the trader's open page shows it (live event, or the 30 s refresh).
    const plan = await planFromBars(adminToken);
    const { alert } = await call<PublishAlertResponse>(adminToken, 'POST', '/alerts/create/', {
      alert_type: TYPE,
      ticker: plan.ticker,
      rating: 4,
      notes: 'Journey alert: levels drawn from the last minutes.',
      embeds: [{ fields: [{ label: 'Setup <-> Trigger', value: 'Range low <-> Range high' }] }],
      ...plan.levels,
    });
    await backdate(alert.id, plan.from);
    const card: Locator = page.locator(`[data-testid="alert-card"][data-alert-id="${alert.id}"]`);
    await card.waitFor({ timeout: 45_000 });
    await expect.poll(() => card.getByText('Setup <-> Trigger').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Range high', { exact: true }).isVisible()).toBe(true);

    // Track: a spinner, then 'Tracked'.
    await card.getByRole('button', { name: /Track$/ }).click();
    await expect.poll(() => card.getByRole('button', { name: /Tracked$/ }).isVisible(), { timeout: 10_000 }).toBe(true);

    // The lifecycle job (every minute) replays the window: entered, target 1, target 2.
    await expect
      .poll(
        async () => {
          const { data } = await call<CompletedAlertsResponse>(
            traderToken,
            'GET',
            `/alerts/completed-alerts?name=${TYPE}`,
          );
          return data.find((a) => a.id === alert.id)?.completed_status ?? 'ONGOING';
        },
        { timeout: 150_000, interval: 2_000 },
      )
      .toBe('TARGET 2');
    // The open card follows without a reload.
    await expect.poll(() => card.getByText('ALERT COMPLETED').isVisible(), { timeout: 45_000 }).toBe(true);

    // Completed alerts: the row, its result, and the win rate of every completed alert of the type.
    await page.goto(`/completed-alerts?category=STOCKS&type=${TYPE}`);
    const row = page.locator(`tr[data-row-key="${alert.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('TARGET 2');
    expect(await row.innerText()).toContain(plan.ticker);
    // Other demo alerts of the type may complete meanwhile: compare the page with the data it read.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('win-rate').waitFor();
          await expect.poll(() => winRateShown(page)).not.toBe('—');
          const { data, win_rate } = await call<CompletedAlertsResponse>(
            traderToken,
            'GET',
            `/alerts/completed-alerts?name=${TYPE}`,
          );
          const shown = await winRateShown(page);
          return shown === expectedWinRate(data) && shown === win_rate.toFixed(2);
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);

    // The tracker shows the whole way to target 2.
    await page.goto('/trackers');
    const tracker = page.getByTestId('tracker-card').filter({ hasText: plan.ticker });
    await expect
      .poll(() => tracker.first().getByRole('progressbar').getAttribute('aria-valuenow'), { timeout: 15_000 })
      .toBe('100');

    // Its triggers reach the inbox, live. On a fresh demo database the fan-out also works through the
    // scanner's backfilled triggers, hence the long wait.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: /^Inbox/ })
      .click();
    const inbox = page.getByRole('dialog', { name: 'Inbox' });
    await expect
      .poll(
        () =>
          inbox
            .getByText(new RegExp(`${plan.ticker}: target 2 reached`))
            .first()
            .isVisible(),
        { timeout: 240_000, interval: 2_000 },
      )
      .toBe(true);
    await page.context().close();
  }, 540_000);

  it('a super user makes a publisher key, a tool publishes with it, and once revoked it is refused', async () => {
    const admin = await createUser({ isSuper: true, plans: [] });
    const page = await newPage(browser);
    await signIn(page, admin.email, admin.password);
    await expectPath(page, '/dashboard');
    await page.goto('/alerts');
    await page.getByRole('button', { name: 'Publisher keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publisher API keys' });
    const name = `Journey desk ${Date.now()}`;
    await dialog.getByLabel('Publisher').fill(name);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const key = (await dialog.getByTestId('new-publisher-key').locator('code').innerText()).trim();
    expect(key.length).toBeGreaterThan(20);

    const publish = (id: string) =>
      fetch(`${baseURL()}/api/alerts/publish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id, ...SAMPLE_STOCK_ALERT }),
      });
    const first = await publish(`journey-${Date.now()}`);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(((await first.json()) as PublishAlertResponse).created).toBe(true);

    const row = dialog.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.getByText(/^Revoked/).isVisible()).toBe(true);
    const refused = await publish(`journey-${Date.now()}-2`);
    expect(refused.status).toBe(401);
    await page.context().close();
  }, 60_000);

  it('the alerts screen leads to how its alerts played out; super users also to the admin view', async () => {
    const trader = await createUser({ plans: ['stocks-monthly'] });
    const page = await newPage(browser);
    await signIn(page, trader.email, trader.password);
    await expectPath(page, '/dashboard');
    await page.goto('/alerts?category=STOCKS&type=SWING-ALERTS');
    expect(await page.getByRole('link', { name: 'Completed Alerts (Admin View)' }).count()).toBe(0);
    // The button's name also carries its icon's label ('history Completed Alerts').
    await page.getByRole('link', { name: /Completed Alerts$/ }).click();
    await expectPath(page, '/completed-alerts');
    expect(new URL(page.url()).searchParams.get('type')).toBe('SWING-ALERTS');
    await page
      .getByText(/win rate/i)
      .first()
      .waitFor();
    await page.context().close();

    const admin = await createUser({ isSuper: true, plans: [] });
    const adminPage = await newPage(browser);
    await signIn(adminPage, admin.email, admin.password);
    await expectPath(adminPage, '/dashboard');
    await adminPage.goto('/alerts');
    await adminPage.getByRole('link', { name: 'Completed Alerts (Admin View)' }).click();
    await expectPath(adminPage, '/admin-completed-alerts');
    await adminPage.getByRole('heading', { name: 'Completed Alerts (Admin View)' }).first().waitFor();
    await adminPage.context().close();
  });
});
