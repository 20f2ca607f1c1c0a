import { Component, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ConfirmEmailPage, LoginPage, ResetConfirmPage, ResetEmailSentPage, ResetRequestPage } from '../features/auth';
import { lazyPage } from '../lib/lazyPage';
import { PublicOnly } from './guards';
import { loadScreen } from './loadScreen';

// The sign-in screen is in the first download; every other route comes later (app/otherRoutes.tsx,
// with the signed-in shell), together with React Query and antd's toasts and modals
// (app/loadScreen.ts).
const OtherRoutes = lazyPage(() => loadScreen(async () => (await import('./otherRoutes')).OtherRoutes));

const login = (
  <PublicOnly>
    <LoginPage />
  </PublicOnly>
);

const routes: RouteObject[] = [
  { path: '/', element: login },
  { path: '/login', element: login },
  { path: '/reset-password', element: <ResetRequestPage /> },
  { path: '/reset-password/:token_activation_code/confirm-token', element: <ResetConfirmPage /> },
  { path: '/forgot/email-sent/password', element: <ResetEmailSentPage /> },
  { path: '/confirm-email/:token', element: <ConfirmEmailPage /> },
  { path: '*', element: <OtherRoutes /> },
];

interface BoundaryState {
  error: unknown;
  path: string;
}

/**
 * A screen that fails to render (a bug, a chunk that no longer loads after a deploy) shows the error
 * instead of a blank page, as the router's default error screen did; going to another address tries
 * again.
 */
class RouteErrorBoundary extends Component<{ path: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, path: this.props.path };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { path: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.path === state.path ? null : { error: null, path: props.path };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{error instanceof Error ? error.message : String(error)}</h3>
      </>
    );
  }
}

function Routes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary path={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}

/**
 * The app's routes. A BrowserRouter with useRoutes rather than a data router (createBrowserRouter):
 * the app uses no loaders, actions or fetchers, and the data router's code is about 16 KB gzipped
 * of the sign-in page's first download (issue 12, bench/web/bundle.ts).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes />
    </BrowserRouter>
  );
}
