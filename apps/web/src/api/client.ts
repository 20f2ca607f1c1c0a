import { IDEMPOTENCY_HEADER, MSG, PASSWORD_CONFIRMATION_REQUIRED, type ConfirmPasswordReason } from '@drat/contracts';

/** The `{ message }` answer of many calls (a confirmation text to show). */
export type { MessageReply } from '@drat/contracts';

/** An API answer that is not 2xx, with the server's JSON body (the spec's error shapes). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(
      errorMessages(body)[0] ?? (status >= 500 || status === 0 ? MSG.somethingWrong : `Request failed (${status})`),
    );
    this.name = 'ApiError';
  }
}

/**
 * Every message in an error body: non_field_errors, detail, error/errors, then per-field lists
 * as 'Field : message' (1-core §8 "Login failure").
 */
export function errorMessages(body: Record<string, unknown> | undefined): string[] {
  if (!body) return [];
  const out: string[] = [];
  const push = (v: unknown, prefix = '') => {
    if (Array.isArray(v)) v.forEach((x) => push(x, prefix));
    else if (typeof v === 'string') out.push(prefix + v);
  };
  push(body.non_field_errors);
  push(body.detail);
  push(body.error);
  push(body.errors);
  for (const [key, value] of Object.entries(body)) {
    if (['non_field_errors', 'detail', 'error', 'errors', 'code', 'message'].includes(key)) continue;
    if (Array.isArray(value)) push(value, `${key.charAt(0).toUpperCase()}${key.slice(1)} : `);
  }
  return [...new Set(out)];
}

let token: string | null = null;
const unauthorizedListeners = new Set<() => void>();
const lapsedListeners = new Set<() => void>();

export function setAuthToken(next: string | null): void {
  token = next;
}

/** Called when the server says the session is gone (401 'Invalid token.'). */
export function onInvalidToken(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Called when the server says every plan of the signed-in user has ended (401, 1-core §6). */
export function onAccessLapsed(listener: () => void): () => void {
  lapsedListeners.add(listener);
  return () => lapsedListeners.delete(listener);
}

/**
 * Asks the person for their password when the server wants it confirmed before a sensitive change
 * (403 PASSWORD_CONFIRMATION_REQUIRED); resolves true once confirmed, false when they cancel.
 */
export type StepUpHandler = (reason: ConfirmPasswordReason) => Promise<boolean>;
let stepUp: StepUpHandler | null = null;

/** The app shell registers the password prompt here (app/layout/StepUpHost.tsx). */
export function onStepUp(handler: StepUpHandler): () => void {
  stepUp = handler;
  return () => {
    if (stepUp === handler) stepUp = null;
  };
}

function stepUpReason(status: number, body: Record<string, unknown>): ConfirmPasswordReason | null {
  if (status !== 403 || body.code !== PASSWORD_CONFIRMATION_REQUIRED || typeof body.reason !== 'string') return null;
  return body.reason as ConfirmPasswordReason;
}

type Query = Record<string, string | number | boolean | undefined | null>;

interface SendOptions {
  query?: Query;
  body?: unknown;
  accept?: string;
  confirmed?: boolean;
  /** Sent as Idempotency-Key: a repeat of the request is answered without doing it twice. */
  idempotencyKey?: string;
}

/** Sends one call with the session's token; a non-2xx answer becomes an ApiError with the server's JSON body. */
async function send(method: string, path: string, init: SendOptions = {}): Promise<Response> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(init.query ?? {}))
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: init.accept ?? 'application/json' };
  if (token) headers.authorization = `Token ${token}`;
  if (init.idempotencyKey) headers[IDEMPOTENCY_HEADER] = init.idempotencyKey;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body });
  } catch {
    throw new ApiError(0, {});
  }
  if (!response.ok) {
    const parsed = parseBody(await response.text());
    const errorBody = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
    if (response.status === 401 && errorBody.detail === MSG.invalidToken && token)
      unauthorizedListeners.forEach((l) => l());
    if (response.status === 401 && errorBody.detail === MSG.accountInactiveOrExpired && token)
      lapsedListeners.forEach((l) => l());
    // A sensitive change: the password is asked for, then the same call is sent once more.
    const reason = stepUpReason(response.status, errorBody);
    if (reason && stepUp && !init.confirmed && (await stepUp(reason))) {
      return send(method, path, { ...init, confirmed: true });
    }
    throw new ApiError(response.status, errorBody);
  }
  return response;
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return { error: text };
  }
}

async function request<T>(method: string, path: string, init: SendOptions = {}): Promise<T> {
  const response = await send(method, path, init);
  return parseBody(await response.text()) as T;
}

/** A file the server sent, with the name from its Content-Disposition header (null when it gave none). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** The file name of a Content-Disposition header: `filename*` (RFC 5987) first, then `filename`. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

async function download(path: string, query?: Query): Promise<DownloadedFile> {
  const response = await send('GET', path, { query, accept: '*/*' });
  return { blob: await response.blob(), filename: dispositionFilename(response.headers.get('content-disposition')) };
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown, options: Pick<SendOptions, 'idempotencyKey'> = {}) =>
    request<T>('POST', path, { body, ...options }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  /** A DELETE; `body` for the calls that name what to delete in JSON (user data's ids). */
  delete: <T>(path: string, query?: Query, body?: unknown) => request<T>('DELETE', path, { query, body }),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, { body: form }),
  /** A binary answer (a spreadsheet): its bytes and file name. */
  download,
};
