/**
 * The product's API as a journey calls it beside the browser: to set the scene (publish an alert,
 * place a trade) or to read what the page should show.
 */
import { baseURL } from './browser';
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
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  const { user_data } = (await res.json()) as { user_data: { token: string } };
  return user_data.token;
}
