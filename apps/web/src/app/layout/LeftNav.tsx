import { Badge, Divider, Tooltip, theme } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { NavLink } from 'react-router-dom';
import type { NavSize, SessionData } from '@drat/contracts';
import { NAV_ITEMS, type NavItem, type TourStop } from './navItems';
import { BrandMark } from '../../components/BrandMark';
import styles from './LeftNav.module.css';

interface Props {
  session: SessionData;
  size: NavSize;
  unread: number;
  onInbox: () => void;
  onLogout: () => void;
  onNavigate?: () => void;
  tourRef?: (stop: TourStop) => (el: HTMLElement | null) => void;
}

export function LeftNav({ session, size, unread, onInbox, onLogout, onNavigate, tourRef }: Props) {
  const { token } = theme.useToken();
  const small = size === 'SMALL';
  const items = NAV_ITEMS.filter((i) => i.visible(session));
  const main = items.filter((i) => !i.group);
  const admin = items.filter((i) => i.group === 'admin');

  const cssVars = {
    '--nav-fg': token.colorTextSecondary,
    '--nav-fg-active': token.colorPrimary,
    '--nav-bg-hover': token.colorFillTertiary,
    '--nav-bg-active': token.colorPrimaryBg,
  } as React.CSSProperties;

  const render = (item: NavItem) => {
    const content = (
      <>
        <span className={styles.icon}>
          {item.key === 'inbox' ? (
            <Badge count={unread} size="small" offset={[4, -2]} style={{ boxShadow: 'none' }}>
              <span style={{ fontSize: 17, color: 'var(--nav-fg)' }}>{item.icon}</span>
            </Badge>
          ) : (
            item.icon
          )}
        </span>
        <span className={styles.label}>{item.label}</span>
      </>
    );
    const ref = item.tour && tourRef ? tourRef(item.tour.stop) : undefined;
    const link =
      item.to === 'inbox' ? (
        <button
          type="button"
          className={styles.item}
          onClick={onInbox}
          ref={ref}
          aria-label={unread > 0 ? `Inbox, ${unread} unread` : 'Inbox'}
        >
          {content}
        </button>
      ) : (
        <NavLink
          to={item.to}
          ref={ref}
          onClick={onNavigate}
          className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
          aria-label={item.label}
        >
          {content}
        </NavLink>
      );
    return (
      <li key={item.key}>
        {small ? (
          <Tooltip title={item.label} placement="right">
            {link}
          </Tooltip>
        ) : (
          link
        )}
      </li>
    );
  };

  return (
    <nav className={`${styles.nav} ${small ? styles.small : ''}`} style={cssVars} aria-label="Main navigation">
      <div className={styles.brand}>
        <BrandMark size={small ? 34 : 30} />
        {!small && <span style={{ color: token.colorText }}>DRAT</span>}
      </div>
      <ul className={styles.list}>{main.map(render)}</ul>
      {admin.length > 0 && (
        <>
          <Divider plain style={{ margin: '8px 0', fontSize: 11, color: token.colorTextTertiary }}>
            {small ? 'Admin' : 'Administration'}
          </Divider>
          <ul className={styles.list}>{admin.map(render)}</ul>
        </>
      )}
      <ul className={styles.list} style={{ marginTop: 'auto' }}>
        <li>
          <button type="button" className={styles.item} onClick={onLogout} aria-label="Logout">
            <span className={styles.icon}>
              <LogoutOutlined />
            </span>
            <span className={styles.label}>Logout</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
