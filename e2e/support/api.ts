/**
 * The product's API as a journey calls it beside the browser: to set the scene (publish an alert,
 * place a trade) or to read what the page should show.
 */
import type { PublishAlertResponse, QuotesResponse } from '@drat/contracts';
import { baseURL, clientAddress } from './browser';
import type { E2eUser } from './users';

/** Calls `/api{path}` as the holder of `token`; throws with the answer when it is not 2xx. */
export async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { authorization: `Token ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Signs in as `user` and answers the session token. */
export async function tokenOf(user: E2eUser): Promise<string> {
  const res = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  const { user_data } = (await res.json()) as { user_data: { token: string } };
  return user_data.token;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** The usual alert of the journeys: buys at 0.90 and 0.95 of the bid, targets 1.10 and 1.20, stop 0.80. */
export const USUAL_LEVELS = { buyLow: 0.9, buyHigh: 0.95, targetLow: 1.1, targetHigh: 1.2, stop: 0.8 } as const;

/**
 * Publishes a SWING-ALERTS alert on `ticker` as the super user holding `adminToken`, its levels as
 * fractions of the bid now (buy range, targets, stop); answers the alert and the bid it used.
 */
export async function publishAlertAt(
  adminToken: string,
  ticker: string,
  levels: { buyLow: number; buyHigh: number; targetLow: number; targetHigh: number; stop: number },
): Promise<{ alert: PublishAlertResponse['alert']; bid: number }> {
  const [quote] = (await call<QuotesResponse>(adminToken, 'GET', `/market/quotes?tickers=${ticker}`)).quotes;
  const bid = quote!.bid;
  const { alert } = await call<PublishAlertResponse>(adminToken, 'POST', '/alerts/create/', {
    alert_type: 'SWING-ALERTS',
    ticker,
    rating: 3,
    alert_price: cents(bid),
    buy_range_low: cents(bid * levels.buyLow),
    buy_range_high: cents(bid * levels.buyHigh),
    target_range_low: cents(bid * levels.targetLow),
    target_range_high: cents(bid * levels.targetHigh),
    stop_loss: cents(bid * levels.stop),
  });
  return { alert, bid };
}
