/** My Dashboard (1-core §2): the market widgets. */
export { DashboardPage } from './DashboardPage';
