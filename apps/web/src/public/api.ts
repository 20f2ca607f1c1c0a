/**
 * The public pages' calls (no sign-in code, no antd: a small download). A visitor who is signed in
 * (the app's stored session) buys for their own account: their token goes along.
 */
import type {
  Catalogue,
  CheckoutBody,
  CheckoutStarted,
  FreeTrialBody,
  LocalCheckout,
  LocalPayBody,
} from '@drat/contracts';
import { CHECKOUT_CLAIM_STORAGE } from '@drat/contracts';

/** A failed call: its status and the server's body (`{ field: [msg] }`, `{ detail }`). */
export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(
      firstMessage(body) ??
        (status === 0 ? 'The server cannot be reached. Try again.' : 'Something went wrong. Try again.'),
    );
  }
  /** The messages under one field. */
  field(name: string): string | undefined {
    const v = this.body[name];
    return Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
  }
}

function firstMessage(body: Record<string, unknown>): string | undefined {
  for (const key of ['detail', 'non_field_errors', 'error']) {
    const v = body[key];
    if (typeof v === 'string') return v;
    if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  }
  for (const v of Object.values(body)) if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return undefined;
}

function token(): string | null {
  try {
    const raw = localStorage.getItem('drat.session');
    const t = raw ? (JSON.parse(raw) as { token?: unknown }).token : null;
    return typeof t === 'string' ? t : null;
  } catch {
    return null;
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const t = token();
  if (t) headers.authorization = `Token ${t}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new CallError(0, {});
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new CallError(res.status, json);
  return json as T;
}

export const fetchCatalogue = (challenge = 1) => call<Catalogue>('GET', `/payments/catalogue?challenge=${challenge}`);

/** Starts a checkout and goes to the provider's page; the claim stays in this browser (it signs a new buyer in once). */
export async function checkout(body: CheckoutBody): Promise<void> {
  const started = await call<CheckoutStarted>('POST', '/payments/payment-checkout/', body);
  try {
    localStorage.setItem(CHECKOUT_CLAIM_STORAGE + started.id, started.claim);
  } catch {
    // Private mode: the buyer signs in with the e-mailed link instead.
  }
  window.location.assign(started.url);
}

export const registerFreeTrial = (body: FreeTrialBody) =>
  call<{ message: string }>('POST', '/profile/register-free-trial/', body);

export const fetchLocalCheckout = (id: string) =>
  call<LocalCheckout>('GET', `/payments/local-checkout/${encodeURIComponent(id)}/`);
export const payLocalCheckout = (id: string, body: LocalPayBody) =>
  call<{ redirect_url: string }>('POST', `/payments/local-checkout/${encodeURIComponent(id)}/pay/`, body);
