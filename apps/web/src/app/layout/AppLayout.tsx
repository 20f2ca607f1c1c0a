import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Alert, theme } from 'antd';
import { HAMBURGER_BREAKPOINT_PX, MSG, NAV_SIZES, RENEWAL_PATH, type NavSize } from '@drat/contracts';
import { useLiveConnection } from '../../lib/live';
import { InboxModal, useNotificationEvents, useUnreadCount } from '../../features/notifications';
import { PAGES } from '../pages';
import { useSession, type SignOutReason } from '../session';
import { STORAGE_KEYS } from '../../lib/storage';
import { lazyDialog } from '../../lib/lazyPage';
import { StepUpHost } from './StepUpHost';
import { LeftNav } from './LeftNav';
import type { TourStop } from './navItems';
import { TopBar } from './TopBar';
import { useIdleLogout } from './useIdleLogout';
import { useLogout } from './useLogout';

function useIsMobile() {
  const query = `(max-width: ${HAMBURGER_BREAKPOINT_PX - 1}px)`;
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const onChange = () => setMobile(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [query]);
  return mobile;
}

/** The phone's navigation drawer, fetched the first time the hamburger opens it. */
const NavDrawer = lazyDialog(
  async () => (await import('./NavDrawer')).NavDrawer,
  (p) => p.open,
);

/** Shown once, on a first login: fetched only then. */
const FirstLoginTour = lazyDialog(
  async () => (await import('./FirstLoginTour')).FirstLoginTour,
  (p) => p.session.first_login,
);

const storedSize = (): NavSize => (localStorage.getItem(STORAGE_KEYS.navSize) === 'SMALL' ? 'SMALL' : 'LARGE');

/** The signed-in shell: left navigation, top bar, idle logout, first-login tour. */
export function AppLayout() {
  const session = useSession()!;
  const { token } = theme.useToken();
  const location = useLocation();
  const mobile = useIsMobile();
  const logout = useLogout();
  const [size, setSize] = useState<NavSize>(storedSize);
  const [drawer, setDrawer] = useState(false);
  const [inbox, setInbox] = useState(false);
  // Tour targets live in a ref: NavLink merges refs anew on every render, so state here would loop.
  const tourTargets = useRef<Partial<Record<TourStop, HTMLElement | null>>>({});
  const tourTarget = useCallback((stop: TourStop) => tourTargets.current[stop] ?? null, []);
  const dragging = useRef(false);

  // The shared WebSocket (live quotes, user events): open while signed in, closed on logout.
  useLiveConnection(session.token);
  // The inbox badge and live notifications (toasts that open the inbox).
  const unread = useUnreadCount();
  const openInbox = useCallback(() => setInbox(true), []);
  useNotificationEvents({ inboxOpen: inbox, openInbox });
  useIdleLogout(
    useCallback((reason: SignOutReason, fromOtherTab?: boolean) => void logout(reason, fromOtherTab), [logout]),
  );

  const changeSize = (next: NavSize) => {
    setSize(next);
    localStorage.setItem(STORAGE_KEYS.navSize, next);
  };

  // Drag handle rule (2-trading §2.11): released at x ≤ 100 while small makes it large; otherwise small.
  useEffect(() => {
    const up = (e: PointerEvent) => {
      if (!dragging.current) return;
      dragging.current = false;
      document.body.style.cursor = '';
      changeSize(size === 'SMALL' && e.clientX <= NAV_SIZES.SMALL ? 'LARGE' : 'SMALL');
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, [size]);

  const tourRef = useCallback(
    (stop: TourStop) => (el: HTMLElement | null) => {
      tourTargets.current[stop] = el;
    },
    [],
  );

  const title = PAGES.find((p) => location.pathname === p.path)?.title ?? 'DRAT';
  const width = NAV_SIZES[size];
  const nav = (navSize: NavSize, onNavigate?: () => void) => (
    <LeftNav
      session={session}
      size={navSize}
      unread={unread}
      onInbox={() => {
        onNavigate?.();
        setInbox(true);
      }}
      onLogout={() => void logout('logout')}
      onNavigate={onNavigate}
      tourRef={mobile ? undefined : tourRef}
    />
  );

  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      {!mobile && (
        <aside
          style={{
            position: 'fixed',
            inset: '0 auto 0 0',
            width,
            background: token.colorBgContainer,
            borderRight: `1px solid ${token.colorBorderSecondary}`,
            transition: 'width .2s',
            zIndex: 20,
          }}
        >
          {nav(size)}
          <div
            role="separator"
            aria-orientation="vertical"
            aria-label="Resize navigation"
            title="Drag to resize the navigation"
            onPointerDown={(e) => {
              e.preventDefault();
              dragging.current = true;
              document.body.style.cursor = 'col-resize';
            }}
            onDoubleClick={() => changeSize(size === 'SMALL' ? 'LARGE' : 'SMALL')}
            style={{ position: 'absolute', top: 0, right: -4, width: 8, height: '100%', cursor: 'col-resize' }}
          />
        </aside>
      )}
      {mobile && (
        <NavDrawer open={drawer} onClose={() => setDrawer(false)}>
          {nav('LARGE', () => setDrawer(false))}
        </NavDrawer>
      )}
      <div
        style={{
          marginLeft: mobile ? 0 : width,
          transition: 'margin-left .2s',
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <TopBar
          session={session}
          title={title}
          mobile={mobile}
          onHamburger={() => setDrawer(true)}
          onLogout={() => void logout('logout')}
        />
        {session.expired && (
          <Alert
            type="warning"
            banner
            title={
              <span>
                {MSG.accountInactiveOrExpired} <Link to={RENEWAL_PATH}>Renew your subscription</Link>
              </span>
            }
          />
        )}
        <main style={{ flex: 1, padding: mobile ? 12 : 24, width: '100%', maxWidth: 1600 }}>
          <Outlet />
        </main>
      </div>
      <InboxModal open={inbox} onClose={() => setInbox(false)} />
      <FirstLoginTour session={session} target={tourTarget} enabled={!mobile} />
      <StepUpHost />
    </div>
  );
}
