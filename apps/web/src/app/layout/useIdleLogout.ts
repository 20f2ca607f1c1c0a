import { useEffect, useRef } from 'react';
import { IDLE_LOGOUT_DEBOUNCE_MS, IDLE_LOGOUT_MINUTES } from '@drat/contracts';
import { onInvalidToken } from '../../api/client';

const ACTIVITY = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/**
 * Signs out after 120 idle minutes (activity noted with a 500 ms debounce), and at once when the
 * server answers 401 'Invalid token.' (1-core §4).
 */
export function useIdleLogout(logout: (reason: 'idle' | 'expired') => void) {
  const lastActivity = useRef(0);
  useEffect(() => {
    lastActivity.current = Date.now();
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const noteActivity = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => (lastActivity.current = Date.now()), IDLE_LOGOUT_DEBOUNCE_MS);
    };
    ACTIVITY.forEach((e) => window.addEventListener(e, noteActivity, { passive: true }));
    const check = setInterval(() => {
      if (Date.now() - lastActivity.current >= IDLE_LOGOUT_MINUTES * 60_000) logout('idle');
    }, 15_000);
    const stopListening = onInvalidToken(() => logout('expired'));
    return () => {
      ACTIVITY.forEach((e) => window.removeEventListener(e, noteActivity));
      clearTimeout(debounce);
      clearInterval(check);
      stopListening();
    };
  }, [logout]);
}
