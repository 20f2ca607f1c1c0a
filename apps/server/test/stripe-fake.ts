import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A local HTTP server speaking the part of Stripe's v1 API the payments adapter uses, with the
 * shapes of the `stripe` package's pinned API version (Stripe.API_VERSION, '2026-10-28.endive' for
 * stripe@23.1.0; esm/apiVersion.js). Point the real SDK at it:
 *   new Stripe(fake.apiKey, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 })
 *
 * - Requests are form-encoded with bracket notation (`line_items[0][price_data][unit_amount]=9999`,
 *   esm/utils.js stringifyRequestData), authenticated with `Authorization: Bearer <key>`
 *   (esm/utils.js createApiKeyAuthenticator); GET parameters ride in the query string.
 * - Errors answer `{ error: { type, code?, param?, message } }` (docs.stripe.com/api/errors); the SDK
 *   turns them into StripeError subclasses by HTTP status (esm/Error.js generateV1Error).
 * - POSTs with an `Idempotency-Key` already answered get the same answer again
 *   (docs.stripe.com/api/idempotent_requests), so the SDK's retries do not create twice.
 *
 * Events (`complete`, `expire`, `cancelAtPeriodEnd`, `renew`, `deleteSubscription`, `refund`) are
 * built as Stripe sends them to a webhook endpoint (esm/resources/Events.d.ts EventBase), and
 * `signEvent` signs a body with the SDK's own `webhooks.generateTestHeaderString`.
 */

export const STRIPE_API_VERSION: string = Stripe.API_VERSION;

/** A decoded form body: bracket keys become nested objects, numeric keys arrays; leaves stay strings. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface StripeFakeRequest {
  method: string;
  path: string;
  query: FormObject;
  body: FormObject;
  rawBody: string;
  headers: IncomingHttpHeaders;
}

/** A Checkout Session as this API version renders it (fields from esm/resources/Checkout/Sessions.d.ts `Session`). */
export type FakeSession = Partial<Stripe.Checkout.Session> & {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  metadata: Record<string, string>;
  expires_at: number;
};
export type FakeSubscription = Omit<Partial<Stripe.Subscription>, 'items'> & {
  id: string;
  object: 'subscription';
  status: Stripe.Subscription.Status;
  customer: string;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: (Partial<Stripe.SubscriptionItem> & { current_period_start: number; current_period_end: number })[];
    has_more: boolean;
    url: string;
  };
};
export type FakeCharge = Partial<Stripe.Charge> & { id: string; object: 'charge'; payment_intent: string };
export interface FakeEvent<T = unknown> {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: T; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

interface LineItemInput {
  amount: number;
  currency: string;
  name: string;
  quantity: number;
  interval: string | null;
  intervalCount: number;
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += BASE62[byte % 62];
  return `${prefix}_${out}`;
}
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=v` → `{ a: { b: [{ c: 'v' }] } }` (the inverse of the SDK's stringifyRequestData). */
export function decodeForm(raw: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const head = key.match(/^[^[]+/)?.[0] ?? key;
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: FormObject | FormValue[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, FormValue>;
      const index = Array.isArray(node) ? (segment === '' ? node.length : Number(segment)) : segment;
      if (last) {
        container[index as string] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[i + 1] ?? '');
      container[index as string] ??= nextIsIndex ? [] : {};
      node = container[index as string] as FormObject | FormValue[];
    });
  }
  return root;
}

/** Calendar arithmetic for a billing period (UTC), as Stripe anchors month/year intervals. */
function addInterval(from: number, interval: string, count: number): number {
  const d = new Date(from * 1000);
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + count);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  else d.setUTCFullYear(d.getUTCFullYear() + count);
  return Math.floor(d.getTime() / 1000);
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}
const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(code && { code }), ...(param && { param }) });
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

/** The error body a `failNext(status)` answers (types from docs.stripe.com/api/errors#errors-type). */
function scriptedError(status: number): StripeApiError {
  if (status === 401)
    return new StripeApiError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
  if (status === 402)
    return new StripeApiError(402, { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
  if (status === 409)
    return new StripeApiError(409, {
      type: 'invalid_request_error',
      code: 'lock_timeout',
      message:
        'This object cannot be accessed right now because another API request or Stripe process is accessing it.',
    });
  if (status === 429)
    return new StripeApiError(429, {
      type: 'invalid_request_error',
      code: 'rate_limit',
      message: 'Request rate limit exceeded.',
    });
  if (status >= 500) return new StripeApiError(status, { type: 'api_error', message: 'An unknown error occurred.' });
  return new StripeApiError(status, { type: 'invalid_request_error', message: `Scripted ${status}.` });
}

function str(v: FormValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
function obj(v: FormValue | undefined): FormObject | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
}
function list(v: FormValue | undefined): FormValue[] | undefined {
  if (Array.isArray(v)) return v;
  // The SDK always sends indexed arrays; `{ '0': … }` would only come from a hand-made body.
  const o = obj(v);
  return o ? Object.values(o) : undefined;
}
function int(v: FormValue | undefined, param: string): number | undefined {
  const s = str(v);
  if (s === undefined || s === '') return undefined;
  if (!/^-?\d+$/.test(s)) throw invalid(`Invalid integer: ${s}`, param, 'parameter_invalid_integer');
  return Number(s);
}
function metadataOf(v: FormValue | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(obj(v) ?? {})) if (typeof val === 'string' && val !== '') out[k] = val;
  return out;
}

export async function startStripeFake(opts: { apiKey?: string } = {}) {
  const apiKey = opts.apiKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const requests: StripeFakeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const charges = new Map<string, FakeCharge>();
  /** What each session was created with (line items, trial) that the Session object does not echo. */
  const sessionInputs = new Map<
    string,
    { items: LineItemInput[]; trialDays: number | undefined; subscriptionMetadata: Record<string, string> }
  >();
  /** Each subscription's billing interval (its Price's `recurring`). */
  const subscriptionIntervals = new Map<string, { interval: string; intervalCount: number }>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const failures: number[] = [];

  function event<T>(type: string, object: T, previous?: Record<string, unknown>): FakeEvent<T> {
    // A deep copy: the event is a snapshot, later changes to the object do not show in it.
    const snapshot = JSON.parse(JSON.stringify(object)) as T;
    return {
      id: randomId('evt', 24),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: now(),
      data: { object: snapshot, ...(previous && { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  function parseLineItems(body: FormObject, mode: string): LineItemInput[] {
    const items = list(body.line_items);
    if (!items || items.length === 0) throw missing('line_items');
    return items.map((raw, i) => {
      const item = obj(raw) ?? {};
      const at = `line_items[${i}]`;
      if (str(item.price)) throw invalid(`No such price: '${str(item.price)}'`, `${at}[price]`, 'resource_missing');
      const priceData = obj(item.price_data);
      if (!priceData) throw invalid(`You must specify either \`price\` or \`price_data\` in ${at}.`, at);
      const currency = str(priceData.currency);
      if (!currency) throw missing(`${at}[price_data][currency]`);
      const amount = int(priceData.unit_amount, `${at}[price_data][unit_amount]`);
      if (amount === undefined) throw missing(`${at}[price_data][unit_amount]`);
      if (amount < 0) throw invalid('This value must be greater than or equal to 0.', `${at}[price_data][unit_amount]`);
      const name = str(obj(priceData.product_data)?.name);
      if (!name) throw missing(`${at}[price_data][product_data][name]`);
      const quantity = int(item.quantity, `${at}[quantity]`);
      if (quantity === undefined)
        throw invalid(`Quantity is required. Add \`quantity\` to \`${at}\``, `${at}[quantity]`);
      const recurring = obj(priceData.recurring);
      const interval = recurring ? (str(recurring.interval) ?? null) : null;
      if (recurring && !['day', 'week', 'month', 'year'].includes(interval ?? ''))
        throw invalid(
          `Invalid interval: must be one of day, month, week, or year`,
          `${at}[price_data][recurring][interval]`,
        );
      if (mode === 'payment' && interval)
        throw invalid(
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          'line_items',
        );
      return {
        amount,
        currency: currency.toLowerCase(),
        name,
        quantity,
        interval,
        intervalCount: int(recurring?.interval_count, `${at}[price_data][recurring][interval_count]`) ?? 1,
      };
    });
  }

  // POST /v1/checkout/sessions (docs.stripe.com/api/checkout/sessions/create; params in
  // esm/resources/Checkout/Sessions.d.ts SessionCreateParams).
  function createSession(body: FormObject): FakeSession {
    const mode = str(body.mode);
    // The types mark `mode` optional ("required conditionally"); the adapter always sends it.
    if (!mode) throw missing('mode');
    if (!['payment', 'subscription', 'setup'].includes(mode))
      throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
    if (mode === 'setup') throw invalid('The fake Stripe server does not do `setup` mode.', 'mode');
    // stripe-node 23.0.0 (2026-09-30.endive) removed `payment_method_types` from SessionCreateParams
    // (CHANGELOG.md #2832): sending it is an unknown parameter now.
    if (body.payment_method_types !== undefined)
      throw invalid('Received unknown parameter: payment_method_types', 'payment_method_types', 'parameter_unknown');
    const uiMode = str(body.ui_mode) ?? 'hosted_page';
    if (uiMode !== 'hosted_page') throw invalid('The fake Stripe server only does `ui_mode=hosted_page`.', 'ui_mode');
    const successUrl = str(body.success_url);
    if (!successUrl) throw missing('success_url');
    const items = parseLineItems(body, mode);
    if (mode === 'subscription' && !items.some((i) => i.interval))
      throw invalid(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        'line_items',
      );
    const created = now();
    // "It can be anywhere from 30 minutes to 24 hours after Checkout Session creation. By default,
    // this value is 24 hours from creation." (SessionCreateParams.expires_at)
    const expiresAt = int(body.expires_at, 'expires_at') ?? created + 24 * 3600;
    if (expiresAt < created + 30 * 60)
      throw invalid(
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );
    if (expiresAt > created + 24 * 3600)
      throw invalid(
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    const subscriptionData = obj(body.subscription_data);
    if (subscriptionData && mode !== 'subscription')
      throw invalid('You can only specify `subscription_data` in `subscription` mode.', 'subscription_data');
    const trialDays = int(subscriptionData?.trial_period_days, 'subscription_data[trial_period_days]');
    if (trialDays !== undefined && trialDays < 1)
      throw invalid('This value must be greater than or equal to 1.', 'subscription_data[trial_period_days]');
    const allowPromotionCodes = str(body.allow_promotion_codes);
    const currency = items[0]!.currency;
    const total = items.reduce((sum, i) => sum + i.amount * i.quantity, 0);
    const id = randomId('cs_test', 58);
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: allowPromotionCodes === undefined ? null : allowPromotionCodes === 'true',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: str(body.cancel_url) ?? null,
      client_reference_id: str(body.client_reference_id) ?? null,
      client_secret: null,
      created,
      currency,
      customer: str(body.customer) ?? null,
      customer_creation: mode === 'payment' ? ((str(body.customer_creation) as 'always') ?? 'if_required') : null,
      customer_details: null,
      customer_email: str(body.customer_email) ?? null,
      expires_at: expiresAt,
      invoice: null,
      livemode: false,
      metadata: metadataOf(body.metadata),
      mode,
      // 2022-08-01: the PaymentIntent of a `payment` session is created on confirmation, so null until then.
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl, // `{CHECKOUT_SESSION_ID}` stays literal here; Stripe fills it in on redirect.
      ui_mode: 'hosted_page',
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    sessionInputs.set(id, { items, trialDays, subscriptionMetadata: metadataOf(subscriptionData?.metadata) });
    return session;
  }

  function getSession(id: string): FakeSession {
    const session = sessions.get(id);
    if (!session)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'session',
        message: `No such checkout.session: '${id}'`,
      });
    return session;
  }
  function getSubscription(id: string): FakeSubscription {
    const sub = subscriptions.get(id);
    if (!sub)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such subscription: '${id}'`,
      });
    return sub;
  }

  /** Renders `expand[]` the fake knows (`subscription` on a session). */
  function expanded(session: FakeSession, expand: FormValue[] | undefined): unknown {
    const fields = (expand ?? []).filter((e): e is string => typeof e === 'string');
    if (fields.includes('subscription') && typeof session.subscription === 'string')
      return { ...session, subscription: subscriptions.get(session.subscription) ?? session.subscription };
    return session;
  }

  // POST /v1/checkout/sessions/:id/expire — "A Checkout Session can be expired when it is in one of
  // these statuses: open" (SessionResource.expire); otherwise 400.
  function expireSession(id: string): FakeSession {
    const session = getSession(id);
    if (session.status !== 'open')
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
      );
    session.status = 'expired';
    session.url = null; // "This value is only present when the session is active."
    return session;
  }

  function route(method: string, path: string, query: FormObject, body: FormObject): unknown {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)))
      return expanded(getSession(decodeURIComponent(m[1]!)), list(query.expand));
    if (method === 'POST' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)))
      return expireSession(decodeURIComponent(m[1]!));
    if (method === 'GET' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/)))
      return getSubscription(decodeURIComponent(m[1]!));
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://docs.stripe.com or we can help at https://support.stripe.com/.`,
    });
  }

  function send(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': randomId('req', 14),
      'stripe-version': STRIPE_API_VERSION,
      ...extra,
    });
    res.end(JSON.stringify(body, null, 2));
  }

  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const [path = '', search = ''] = (req.url ?? '').split('?');
      const method = req.method ?? '';
      const record: StripeFakeRequest = {
        method,
        path,
        query: decodeForm(search),
        body: decodeForm(rawBody),
        rawBody,
        headers: req.headers,
      };
      requests.push(record);
      try {
        if (req.headers.authorization !== `Bearer ${apiKey}`) {
          const given = (req.headers.authorization ?? '').replace(/^Bearer /, '');
          throw new StripeApiError(401, {
            type: 'invalid_request_error',
            message: given
              ? `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
              : 'You did not provide an API key.',
          });
        }
        const failing = failures.shift();
        if (failing !== undefined) throw scriptedError(failing);
        const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
        const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
        if (replay) return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
        const answer = route(method, path, record.query, record.body);
        // Serialised now: the stored reply must not follow later changes to the object.
        const frozen: unknown = JSON.parse(JSON.stringify(answer));
        if (typeof key === 'string') idempotent.set(key, { status: 200, body: frozen });
        return send(res, 200, frozen);
      } catch (e) {
        if (e instanceof StripeApiError) return send(res, e.status, { error: e.body });
        return send(res, 500, { error: { type: 'api_error', message: String(e) } });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';

  return {
    url: `http://${host}:${port}`,
    host,
    port,
    apiKey,
    sessions,
    subscriptions,
    charges,
    requests,
    /** The next `times` authenticated requests answer `status` with Stripe's error body for it. */
    failNext(status: number, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },

    /**
     * The buyer pays: the session becomes complete (payment_status 'paid', or 'no_payment_required'
     * when a trial defers the first payment), with customer_details, a customer (subscription mode,
     * or `customer_creation=always`), a PaymentIntent (payment mode) or a Subscription (subscription
     * mode: 'trialing' until trial_end, else 'active'; its period on items.data[], where this API
     * version keeps it). Returns the `checkout.session.completed` event.
     */
    complete(sessionId: string, buyer: { email?: string; name?: string } = {}): FakeEvent<FakeSession> {
      const session = getSession(sessionId);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
      const input = sessionInputs.get(sessionId)!;
      const email = buyer.email ?? session.customer_email ?? 'buyer@example.com';
      const customer =
        (session.customer as string | null) ??
        (session.mode === 'subscription' || session.customer_creation === 'always' ? randomId('cus', 14) : null);
      session.status = 'complete';
      session.url = null;
      session.customer = customer;
      session.customer_details = {
        address: null,
        business_name: null,
        email,
        individual_name: null,
        name: buyer.name ?? null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      };
      if (session.mode === 'payment') {
        session.payment_intent = randomId('pi', 24);
        session.payment_status = 'paid';
        const charge: FakeCharge = {
          id: randomId('ch', 24),
          object: 'charge',
          amount: session.amount_total ?? 0,
          amount_captured: session.amount_total ?? 0,
          amount_refunded: 0,
          captured: true,
          created: now(),
          currency: session.currency ?? 'usd',
          customer,
          livemode: false,
          metadata: {},
          paid: true,
          payment_intent: session.payment_intent,
          receipt_email: email,
          refunded: false,
          status: 'succeeded',
        };
        charges.set(charge.id, charge);
      } else {
        const start = now();
        const trialEnd = input.trialDays ? start + input.trialDays * 86400 : null;
        const recurring = input.items.find((i) => i.interval)!;
        const periodEnd = trialEnd ?? addInterval(start, recurring.interval!, recurring.intervalCount);
        const id = randomId('sub', 24);
        const subscription: FakeSubscription = {
          id,
          object: 'subscription',
          billing_cycle_anchor: trialEnd ?? start,
          cancel_at: null,
          cancel_at_period_end: false,
          canceled_at: null,
          cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
          collection_method: 'charge_automatically',
          created: start,
          currency: session.currency ?? 'usd',
          customer: customer!,
          ended_at: null,
          items: {
            object: 'list',
            data: input.items
              .filter((i) => i.interval)
              .map((i) => ({
                id: randomId('si', 14),
                object: 'subscription_item' as const,
                created: start,
                current_period_start: start,
                current_period_end: periodEnd,
                metadata: {},
                quantity: i.quantity,
                subscription: id,
              })),
            has_more: false,
            url: `/v1/subscription_items?subscription=${id}`,
          },
          latest_invoice: randomId('in', 24),
          livemode: false,
          metadata: input.subscriptionMetadata,
          start_date: start,
          status: trialEnd ? 'trialing' : 'active',
          trial_end: trialEnd,
          trial_start: trialEnd ? start : null,
        };
        subscriptions.set(id, subscription);
        subscriptionIntervals.set(id, { interval: recurring.interval!, intervalCount: recurring.intervalCount });
        session.subscription = id;
        session.invoice = subscription.latest_invoice as string;
        session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
      }
      return event('checkout.session.completed', session);
    },

    /** The session runs out (or is expired): the `checkout.session.expired` event. */
    expire(sessionId: string): FakeEvent<FakeSession> {
      return event('checkout.session.expired', expireSession(sessionId));
    },

    /** The customer cancels in the portal: `cancel_at_period_end` (and `cancel_at`) set, `customer.subscription.updated`. */
    cancelAtPeriodEnd(subscriptionId: string): FakeEvent<FakeSubscription> {
      const sub = getSubscription(subscriptionId);
      const previous = {
        cancel_at: sub.cancel_at,
        cancel_at_period_end: sub.cancel_at_period_end,
        canceled_at: sub.canceled_at,
      };
      sub.cancel_at_period_end = true;
      sub.cancel_at = Math.min(...sub.items.data.map((i) => i.current_period_end));
      sub.canceled_at = now();
      sub.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: 'cancellation_requested',
      };
      return event('customer.subscription.updated', sub, previous);
    },

    /**
     * The subscription renews (or a trial ends and is paid): the items' period moves on one interval,
     * status 'active', `customer.subscription.updated` with the old period in previous_attributes.
     */
    renew(subscriptionId: string): FakeEvent<FakeSubscription> {
      const sub = getSubscription(subscriptionId);
      const previous = { status: sub.status, items: JSON.parse(JSON.stringify(sub.items)) as unknown };
      const { interval, intervalCount } = subscriptionIntervals.get(subscriptionId)!;
      for (const item of sub.items.data) {
        item.current_period_start = item.current_period_end;
        item.current_period_end = addInterval(item.current_period_end, interval, intervalCount);
      }
      sub.status = 'active';
      sub.latest_invoice = randomId('in', 24);
      return event('customer.subscription.updated', sub, previous);
    },

    /** The subscription ends (period over after cancel_at_period_end, or cancelled now): `customer.subscription.deleted`. */
    deleteSubscription(subscriptionId: string): FakeEvent<FakeSubscription> {
      const sub = getSubscription(subscriptionId);
      const at = now();
      sub.status = 'canceled';
      sub.ended_at = at;
      sub.canceled_at ??= at;
      sub.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: sub.cancellation_details?.reason ?? 'cancellation_requested',
      };
      return event('customer.subscription.deleted', sub);
    },

    /**
     * A one-time payment is refunded in full: `charge.refunded` with the Charge (it names its
     * `payment_intent`; a Charge has no `invoice` field in this API version).
     */
    refund(paymentIntentId: string): FakeEvent<FakeCharge> {
      const charge = [...charges.values()].find((c) => c.payment_intent === paymentIntentId);
      if (!charge) throw new Error(`no charge for ${paymentIntentId}`);
      const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
      charge.amount_refunded = charge.amount ?? 0;
      charge.refunded = true;
      return event('charge.refunded', charge, previous);
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;

/**
 * A webhook delivery as Stripe makes it: the event as a JSON body (pretty-printed, as Stripe sends
 * it) and its `Stripe-Signature` header (`t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), computed
 * by the SDK's own `webhooks.generateTestHeaderString` (esm/Webhooks.js).
 */
export function signEvent(event: unknown, secret: string, timestamp?: number): { body: string; header: string } {
  const body = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    ...(timestamp !== undefined && { timestamp }),
  });
  return { body, header };
}
