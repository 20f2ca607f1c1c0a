import type { ReactNode } from 'react';
import type { SessionData } from '@drat/contracts';
import { CHECKOUT_COMPLETE_PATH, MSG, RENEWAL_PATH } from '@drat/contracts';
import { can } from './access';
import { lazyPage } from '../lib/lazyPage';
// An alert's Trade opens smart trades' drawer (fetched when first opened): handed to the alerts
// page here, so neither feature imports the other (smart trades show an alert's card). The index
// is small: its page and drawers are fetched when first shown (features/smart-trades/index.ts).
import { AlertTradeDrawer, SmartTradesPage } from '../features/smart-trades';

// Each area is its own chunk, fetched when one of its pages is first opened (lib/lazyPage.tsx).
const PlaceholderPage = lazyPage(async () => (await import('../features/placeholders')).PlaceholderPage);
const DashboardPage = lazyPage(async () => (await import('../features/dashboard')).DashboardPage);
const SettingsPage = lazyPage(async () => (await import('../features/settings')).SettingsPage);
const AlertsPage = lazyPage(async () => (await import('../features/alerts')).AlertsPage);
const CompletedAlertsPage = lazyPage(async () => (await import('../features/alerts')).CompletedAlertsPage);
const TriggersPage = lazyPage(async () => (await import('../features/triggers')).TriggersPage);
const TrackersPage = lazyPage(async () => (await import('../features/trackers')).TrackersPage);
const ToolsPage = lazyPage(async () => (await import('../features/tools')).ToolsPage);
const ResourcesPage = lazyPage(async () => (await import('../features/resources')).ResourcesPage);
const ManageResourcesPage = lazyPage(async () => (await import('../features/resources')).ManageResourcesPage);
const NewsPage = lazyPage(async () => (await import('../features/news')).NewsPage);
const BrokerSettingsPage = lazyPage(async () => (await import('../features/brokerage')).BrokerSettingsPage);
const BotsPage = lazyPage(async () => (await import('../features/bots')).BotsPage);
const AllBotsPage = lazyPage(async () => (await import('../features/bots')).AllBotsPage);
const AllSmartTradesPage = lazyPage(async () => (await import('../features/admin-trades')).AllSmartTradesPage);
const SmartTraderPage = lazyPage(async () => (await import('../features/admin-trades')).SmartTraderPage);
const ManageUsersPage = lazyPage(async () => (await import('../features/admin-users')).ManageUsersPage);
const PasswordResetPage = lazyPage(async () => (await import('../features/admin-users')).PasswordResetPage);
const NotificationsPage = lazyPage(async () => (await import('../features/admin-notifications')).NotificationsPage);
const NotificationStatusPage = lazyPage(
  async () => (await import('../features/admin-notifications')).NotificationStatusPage,
);
const UserDataPage = lazyPage(async () => (await import('../features/user-data')).UserDataPage);
const UploadUsersPage = lazyPage(async () => (await import('../features/user-data')).UploadUsersPage);
const PendingChangesPage = lazyPage(async () => (await import('../features/user-data')).PendingChangesPage);
const AlertTypesPage = lazyPage(async () => (await import('../features/alert-types')).AlertTypesPage);
const RenewPage = lazyPage(async () => (await import('../features/renewal')).RenewPage);
const CheckoutCompletePage = lazyPage(async () => (await import('../features/checkout')).CheckoutCompletePage);

export interface PageDef {
  path: string;
  title: string;
  element: ReactNode;
  /** Who may open it; others are redirected to `deniedTo` (with `deniedMessage` as a toast). */
  allow?: (s: SessionData) => boolean;
  deniedTo?: string;
  deniedMessage?: string;
}

const later = (path: string, title: string, holds: string, rest: Partial<PageDef> = {}): PageDef => ({
  path,
  title,
  element: <PlaceholderPage title={title} holds={holds} />,
  ...rest,
});

const admin = { allow: can.admin, deniedTo: '/dashboard' };
const alerts = { allow: can.alerts, deniedTo: '/dashboard' };

/** Signed-in pages of 1-core §2 and 3-bots-admin-public §2.14, with their guards. */
export const PAGES: PageDef[] = [
  { path: '/dashboard', title: 'My Dashboard', element: <DashboardPage /> },
  { path: '/settings', title: 'Settings', element: <SettingsPage /> },
  { path: '/alerts', title: 'Alerts', element: <AlertsPage TradeDrawer={AlertTradeDrawer} />, ...alerts },
  later('/alerts-testing', 'Alerts', 'A test view of the alert list for super users.', admin),
  { path: '/completed-alerts', title: 'Completed Alerts', element: <CompletedAlertsPage /> },
  {
    path: '/admin-completed-alerts',
    title: 'Completed Alerts (Admin View)',
    element: <CompletedAlertsPage admin />,
    ...admin,
  },
  { path: '/triggers', title: 'Triggers', element: <TriggersPage />, ...alerts },
  { path: '/trackers', title: 'My Trackers', element: <TrackersPage />, ...alerts },
  {
    path: '/tools',
    title: 'Tools',
    element: <ToolsPage />,
    allow: can.tools,
    deniedTo: '/',
    deniedMessage: MSG.noToolsAccess,
  },
  { path: '/resources', title: 'Resources', element: <ResourcesPage /> },
  { path: '/news', title: 'News', element: <NewsPage /> },
  {
    path: '/smart-trades',
    title: 'Smart Trades',
    element: <SmartTradesPage />,
    allow: can.smartTrades,
    deniedTo: '/dashboard',
    deniedMessage: MSG.smartTraderDenied,
  },
  {
    path: '/trade/settings',
    title: 'Broker Settings',
    element: <BrokerSettingsPage />,
    allow: can.liveSettings,
    deniedTo: '/',
    deniedMessage: MSG.liveTraderDenied,
  },
  {
    path: '/money-management-bot',
    title: 'Money Management Bots',
    element: <BotsPage />,
    allow: can.bots,
    deniedTo: '/dashboard',
  },
  { path: '/manage-resources', title: 'Manage Resources', element: <ManageResourcesPage />, ...admin },
  { path: '/notifications', title: 'Create Notification', element: <NotificationsPage />, ...admin },
  { path: '/notifications-status', title: 'Notification Status', element: <NotificationStatusPage />, ...admin },
  { path: '/manage-users', title: 'Manage Users', element: <ManageUsersPage />, ...admin },
  { path: '/pwd-reset', title: 'Password Reset', element: <PasswordResetPage />, ...admin },
  { path: '/all-smart-trades', title: 'Read SMT & Logs', element: <AllSmartTradesPage />, ...admin },
  { path: '/all-money-management-bots', title: 'Read MM Bot & Logs', element: <AllBotsPage />, ...admin },
  { path: '/management/smart-trader', title: 'Smart Trader Analysis', element: <SmartTraderPage />, ...admin },
  { path: '/alert-types', title: 'Manage Alert-Types', element: <AlertTypesPage />, ...admin },
  { path: '/manage-alert-types', title: 'Manage Alert-Types', element: <AlertTypesPage />, ...admin },
  { path: '/user-data', title: 'Fetch Users', element: <UserDataPage />, ...admin },
  { path: '/upload-users', title: 'Upload Users', element: <UploadUsersPage />, ...admin },
  { path: '/updates', title: 'Pending User Changes', element: <PendingChangesPage />, ...admin },
];

/** Public pages of this app (1-core §2's public paths, and where a buyer lands after paying). */
export const PUBLIC_PAGES: PageDef[] = [
  { path: RENEWAL_PATH, title: 'Renew your subscription', element: <RenewPage /> },
  later('/forum', 'Forum', 'The DRAT community forum.'),
  later('/challenge', 'Trade Challenge', 'The current DRAT trade challenge and how to join it.'),
  // The sales pages (/pay, the offers, the challenges) are the public entry's (src/public), not this app's.
  { path: CHECKOUT_COMPLETE_PATH, title: 'Payment', element: <CheckoutCompletePage /> },
];
