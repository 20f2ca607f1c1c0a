import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../lib/lazyPage';
import { PageGuard, RequireAuth } from './guards';
import { AppLayout } from './layout/AppLayout';
import { PublicFrame } from './layout/PublicFrame';
import { PAGES, PUBLIC_PAGES } from './pages';

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
 * their shell, the public pages and unknown addresses. A chunk of its own, with the pages' table
 * (app/pages.tsx) and the signed-in shell, so the sign-in page's first download carries neither.
 * The shell is imported here, not fetched apart: each page is fetched from this chunk, so the
 * bundler leaves in the page's chunk only what the shell does not already hold (issue 29: with the
 * shell fetched apart, each screen fetched the antd parts it shares with the shell as some fifty
 * small files, each compressed on its own).
 */
export function OtherRoutes() {
  return useRoutes(routes);
}
