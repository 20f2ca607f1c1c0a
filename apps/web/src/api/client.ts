import { MSG } from '@drat/contracts';

/** An API answer that is not 2xx, with the server's JSON body (the spec's error shapes). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(errorMessages(body)[0] ?? (status >= 500 || status === 0 ? MSG.somethingWrong : `Request failed (${status})`));
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

export function setAuthToken(next: string | null): void {
  token = next;
}

/** Called when the server says the session is gone (401 'Invalid token.'). */
export function onInvalidToken(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

type Query = Record<string, string | number | boolean | undefined | null>;

async function request<T>(method: string, path: string, init: { query?: Query; body?: unknown } = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Token ${token}`;
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
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = { error: text };
  }
  if (!response.ok) {
    const errorBody = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
    if (response.status === 401 && errorBody.detail === MSG.invalidToken && token) unauthorizedListeners.forEach((l) => l());
    throw new ApiError(response.status, errorBody);
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, query?: Query) => request<T>('DELETE', path, { query }),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, { body: form }),
};
