import type { ReactNode } from 'react';
import {
  AimOutlined,
  BellOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  InboxOutlined,
  KeyOutlined,
  LineChartOutlined,
  NotificationOutlined,
  ReadOutlined,
  RobotOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { SessionData } from '@drat/contracts';
import { can } from '../access';

export type TourStop =
  'dashboard' | 'smartTrades' | 'tools' | 'alerts' | 'trackers' | 'triggers' | 'news' | 'settings' | 'resources';

export interface NavItem {
  key: string;
  label: string;
  icon: ReactNode;
  /** A route, or 'inbox' for the inbox modal. */
  to: string;
  visible: (s: SessionData) => boolean;
  tour?: { stop: TourStop; description: string };
  group?: 'admin';
}

const always = () => true;

/** The left navigation and who sees each link (2-trading §2.11). */
export const NAV_ITEMS: NavItem[] = [
  {
    key: 'home',
    label: 'Home',
    icon: <HomeOutlined />,
    to: '/dashboard',
    visible: always,
    tour: {
      stop: 'dashboard',
      description: 'Your dashboard: portfolio value, buying power, equity and Dione credits at a glance.',
    },
  },
  { key: 'inbox', label: 'Inbox', icon: <InboxOutlined />, to: 'inbox', visible: always },
  {
    key: 'smart-trades',
    label: 'Smart Trader',
    icon: <LineChartOutlined />,
    to: '/smart-trades',
    visible: can.smartTrades,
    tour: {
      stop: 'smartTrades',
      description: 'Smart trades: two buy ranges, two targets, a stop loss, trailing profit and conditions.',
    },
  },
  { key: 'bots', label: 'Money Management', icon: <RobotOutlined />, to: '/money-management-bot', visible: can.bots },
  {
    key: 'tools',
    label: 'Tools',
    icon: <ToolOutlined />,
    to: '/tools',
    visible: can.tools,
    tour: { stop: 'tools', description: 'Dione, Ask DRAT and Range Radar: research any ticker.' },
  },
  {
    key: 'alerts',
    label: 'Alerts',
    icon: <BellOutlined />,
    to: '/alerts',
    visible: can.alerts,
    tour: { stop: 'alerts', description: 'Trade alerts with buy ranges, targets and stop losses.' },
  },
  {
    key: 'trackers',
    label: 'My Trackers',
    icon: <AimOutlined />,
    to: '/trackers',
    visible: can.alerts,
    tour: { stop: 'trackers', description: 'Alerts and Dione results you track, with progress towards their targets.' },
  },
  {
    key: 'triggers',
    label: 'Triggers',
    icon: <ThunderboltOutlined />,
    to: '/triggers',
    visible: can.alerts,
    tour: { stop: 'triggers', description: 'Every price event on an alert as it happens.' },
  },
  {
    key: 'news',
    label: 'News',
    icon: <ReadOutlined />,
    to: '/news',
    visible: always,
    tour: { stop: 'news', description: 'Market news by category.' },
  },
  {
    key: 'resources',
    label: 'Resources',
    icon: <FolderOpenOutlined />,
    to: '/resources',
    visible: always,
    tour: { stop: 'resources', description: 'Documents, videos and sheets from the DRAT team.' },
  },
  {
    key: 'settings',
    label: 'Settings',
    icon: <SettingOutlined />,
    to: '/settings',
    visible: always,
    tour: { stop: 'settings', description: 'Your theme, notification preferences, password and two-factor sign-in.' },
  },
  {
    key: 'notifications',
    label: 'Create Notification',
    icon: <NotificationOutlined />,
    to: '/notifications',
    visible: can.admin,
    group: 'admin',
  },
  {
    key: 'alert-types',
    label: 'Manage Alert-Types',
    icon: <TagsOutlined />,
    to: '/alert-types',
    visible: can.admin,
    group: 'admin',
  },
  {
    key: 'manage-users',
    label: 'Manage Users',
    icon: <TeamOutlined />,
    to: '/manage-users',
    visible: can.admin,
    group: 'admin',
  },
  {
    key: 'all-smart-trades',
    label: 'Read SMT & Logs',
    icon: <FileSearchOutlined />,
    to: '/all-smart-trades',
    visible: can.admin,
    group: 'admin',
  },
  {
    key: 'all-bots',
    label: 'Read MM Bot & Logs',
    icon: <RobotOutlined />,
    to: '/all-money-management-bots',
    visible: can.admin,
    group: 'admin',
  },
  {
    key: 'user-data',
    label: 'Fetch Users',
    icon: <DatabaseOutlined />,
    to: '/user-data',
    visible: can.admin,
    group: 'admin',
  },
  {
    key: 'pwd-reset',
    label: 'Password Reset',
    icon: <KeyOutlined />,
    to: '/pwd-reset',
    visible: can.admin,
    group: 'admin',
  },
];
