import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../lib/lazyPage';
import { PageGuard, RequireAuth } from './guards';
import { PublicFrame } from './layout/PublicFrame';
import { loadShell } from './loadShell';
import { PAGES, PUBLIC_PAGES } from './pages';

const AppLayout = lazyPage(loadShell);
const NotFoundPage = lazyPage(async () => (await import('./NotFoundPage')).NotFoundPage);

const routes: RouteObject[] = [
  {
    element: (
      <PublicFrame>
        <Outlet />
      </PublicFrame>
    ),
    children: PUBLIC_PAGES.map((p) => ({ path: p.path, element: p.element })),
  },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: PAGES.map((page) => ({ path: page.path, element: <PageGuard page={page} /> })),
  },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Every route but the sign-in and password-reset screens (app/router.tsx): the signed-in pages in
 * their shell, the public sales pages and unknown addresses. A chunk of its own, with the pages'
 * table (app/pages.tsx), so the sign-in page's first download does not carry it.
 */
export function OtherRoutes() {
  return useRoutes(routes);
}
