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

/**
 * The tabs of this browser share one session (localStorage) and tell each other over a
 * BroadcastChannel: activity (the idle limit follows activity in any tab), signing in, and signing
 * out (a logout in one tab signs out the others).
 */
export type TabMessage =
  { type: 'activity'; at: number } | { type: 'signed-in' } | { type: 'signed-out'; reason: SignOutReason };
const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('drat-session');
const tabListeners = new Set<(message: TabMessage) => void>();
channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
  const message = event.data;
  // Signed in elsewhere: take the stored session (this tab's login page then moves on).
  if (message.type === 'signed-in') {
    const stored = readJson<SessionData>(STORAGE_KEYS.session);
    if (stored && stored.token !== current?.token) adopt(stored);
  }
  tabListeners.forEach((l) => l(message));
});

/** Tells this browser's other tabs (not this one). */
export function tellOtherTabs(message: TabMessage): void {
  channel?.postMessage(message);
}

/** What the other tabs say, while subscribed. */
export function onOtherTabs(listener: (message: TabMessage) => void): () => void {
  tabListeners.add(listener);
  return () => tabListeners.delete(listener);
}

function adopt(next: SessionData | null): void {
  current = next;
  setAuthToken(next?.token ?? null);
  if (next) lastSignOut = null;
  emit();
}

function emit() {
  listeners.forEach((l) => l());
}

export function getSession(): SessionData | null {
  return current;
}

export function setSession(next: SessionData | null): void {
  const signedIn = next !== null && next.token !== current?.token;
  writeJson(STORAGE_KEYS.session, next);
  adopt(next);
  if (signedIn) tellOtherTabs({ type: 'signed-in' });
}

export function updateSession(patch: Partial<SessionData>): void {
  if (current) setSession({ ...current, ...patch });
}

/**
 * Ends the session locally: removes the stored auth and last route, theme back to light (1-core §4),
 * and signs out this browser's other tabs too (unless it is their word: `fromOtherTab`).
 */
export function clearSession(reason: SignOutReason, fromOtherTab = false): void {
  lastSignOut = reason;
  localStorage.removeItem(STORAGE_KEYS.lastRoute);
  localStorage.setItem(STORAGE_KEYS.theme, 'light' satisfies Theme);
  setSession(null);
  if (!fromOtherTab) tellOtherTabs({ type: 'signed-out', reason });
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
