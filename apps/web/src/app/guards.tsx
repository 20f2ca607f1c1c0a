import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
// antd's App context without App's code (message, notification, modal): app/antApp.tsx provides it.
import useApp from 'antd/es/app/useApp';
import { landingRoute } from './access';
import type { PageDef } from './pages';
import { useSession } from './session';
import { STORAGE_KEYS } from '../lib/storage';

/** Signed-in users never see the login screen: they go to their last page or the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to={landingRoute(session, localStorage.getItem(STORAGE_KEYS.lastRoute))} replace />;
  return <>{children}</>;
}

/** Protected paths send visitors to /, remembering where they wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    localStorage.setItem(STORAGE_KEYS.lastRoute, location.pathname + location.search);
    return <Navigate to="/" replace />;
  }
  return <>{children}</>;
}

/** A page's own rule (1-core §2 guards); an allowed visit becomes the last stored route. */
export function PageGuard({ page }: { page: PageDef }) {
  const session = useSession();
  const location = useLocation();
  const { message } = useApp();
  const allowed = session !== null && (page.allow?.(session) ?? true);
  const warned = useRef(false);

  useEffect(() => {
    if (allowed) localStorage.setItem(STORAGE_KEYS.lastRoute, location.pathname + location.search);
    else if (page.deniedMessage && !warned.current) {
      warned.current = true;
      void message.error(page.deniedMessage);
    }
  }, [allowed, location.pathname, location.search, message, page.deniedMessage]);

  useEffect(() => {
    document.title = `${page.title} · DRAT`;
  }, [page.title]);

  if (!allowed) {
    if (localStorage.getItem(STORAGE_KEYS.lastRoute)?.startsWith(page.path))
      localStorage.removeItem(STORAGE_KEYS.lastRoute);
    return <Navigate to={page.deniedTo ?? '/dashboard'} replace />;
  }
  return <>{page.element}</>;
}
