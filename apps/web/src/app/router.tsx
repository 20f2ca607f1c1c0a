import { createBrowserRouter, Outlet } from 'react-router-dom';
import { ConfirmEmailPage, LoginPage, ResetConfirmPage, ResetEmailSentPage, ResetRequestPage } from '../features/auth';
import { lazyPage } from '../lib/lazyPage';
import { PublicFrame } from './layout/PublicFrame';
import { PageGuard, PublicOnly, RequireAuth } from './guards';
import { PAGES, PUBLIC_PAGES } from './pages';

// The sign-in screen is in the first download; the signed-in shell and the rare pages come later.
const AppLayout = lazyPage(async () => (await import('./layout/AppLayout')).AppLayout);
const NotFoundPage = lazyPage(async () => (await import('./NotFoundPage')).NotFoundPage);

const login = (
  <PublicOnly>
    <LoginPage />
  </PublicOnly>
);

export const router = createBrowserRouter([
  { path: '/', element: login },
  { path: '/login', element: login },
  { path: '/reset-password', element: <ResetRequestPage /> },
  { path: '/reset-password/:token_activation_code/confirm-token', element: <ResetConfirmPage /> },
  { path: '/forgot/email-sent/password', element: <ResetEmailSentPage /> },
  { path: '/confirm-email/:token', element: <ConfirmEmailPage /> },
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
]);
