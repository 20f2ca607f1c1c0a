import { useSyncExternalStore } from 'react';
import type { SessionData, Theme } from '@drat/contracts';
import { setAuthToken } from '../api/client';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';

/**
 * The signed-in user's session data (1-core §3), kept in localStorage so a reload stays signed in.
 * A tiny external store: React reads it with useSession(), plain code with getSession().
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let current: SessionData | null = readJson<SessionData>(STORAGE_KEYS.session);
setAuthToken(current?.token ?? null);

export type SignOutReason = 'logout' | 'expired' | 'idle';
let lastSignOut: SignOutReason | null = null;

function emit() {
  listeners.forEach((l) => l());
}

export function getSession(): SessionData | null {
  return current;
}

export function setSession(next: SessionData | null): void {
  current = next;
  setAuthToken(next?.token ?? null);
  writeJson(STORAGE_KEYS.session, next);
  if (next) lastSignOut = null;
  emit();
}

export function updateSession(patch: Partial<SessionData>): void {
  if (current) setSession({ ...current, ...patch });
}

/** Ends the session locally: removes the stored auth and last route, theme back to light (1-core §4). */
export function clearSession(reason: SignOutReason): void {
  lastSignOut = reason;
  localStorage.removeItem(STORAGE_KEYS.lastRoute);
  localStorage.setItem(STORAGE_KEYS.theme, 'light' satisfies Theme);
  setSession(null);
}

export function lastSignOutReason(): SignOutReason | null {
  return lastSignOut;
}

export function subscribeSession(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionData | null {
  return useSyncExternalStore(subscribeSession, getSession);
}
