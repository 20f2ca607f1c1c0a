import { useEffect } from 'react';
import { IDLE_LOGOUT_DEBOUNCE_MS, IDLE_LOGOUT_MINUTES } from '@drat/contracts';
import { onAccessLapsed, onInvalidToken } from '../../api/client';
import { fetchProfile } from '../../api/profile';
import { liveClient } from '../../lib/live';
import { createActivityClock } from './activityClock';
import { onOtherTabs, tellOtherTabs, updateSession, type SignOutReason } from '../session';

const ACTIVITY = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/**
 * Ends the session in this tab when it ends (1-core §4):
 * - after 120 idle minutes (activity noted with a 500 ms debounce), activity in any tab counting;
 * - at once when the server answers 401 'Invalid token.' (and a 401 'Your account is inactive or
 *   your subscription has expired.' marks the session expired: the renewal notice shows);
 * - when the server closes the live socket as unauthorized (the session ended: signed out
 *   elsewhere, password changed): one call confirms it, and its 401 signs out;
 * - when another tab signs out.
 */
export function useIdleLogout(logout: (reason: SignOutReason, fromOtherTab?: boolean) => void) {
  useEffect(() => {
    const activity = createActivityClock(IDLE_LOGOUT_MINUTES * 60_000);
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const noteActivity = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        const at = activity.used();
        if (at !== null) tellOtherTabs({ type: 'activity', at });
      }, IDLE_LOGOUT_DEBOUNCE_MS);
    };
    ACTIVITY.forEach((e) => window.addEventListener(e, noteActivity, { passive: true }));
    const check = setInterval(() => {
      if (activity.idle()) logout('idle');
    }, 15_000);
    const stopListening = onInvalidToken(() => logout('expired'));
    // The plans ended while signed in: the shell shows the renewal notice (the session stays).
    const stopLapsed = onAccessLapsed(() => updateSession({ expired: true }));
    const stopTabs = onOtherTabs((message) => {
      if (message.type === 'activity') activity.heard(message.at);
      else if (message.type === 'signed-out') logout(message.reason, true);
    });
    // A 4401 close: ask the server whether the session still stands; 'Invalid token.' signs out
    // through onInvalidToken above, anything else leaves the page as it is.
    const stopStatus = liveClient.onStatus(() => {
      if (liveClient.getStatus() === 'unauthorized') void fetchProfile().catch(() => undefined);
    });
    return () => {
      ACTIVITY.forEach((e) => window.removeEventListener(e, noteActivity));
      clearTimeout(debounce);
      clearInterval(check);
      stopListening();
      stopLapsed();
      stopTabs();
      stopStatus();
    };
  }, [logout]);
}
