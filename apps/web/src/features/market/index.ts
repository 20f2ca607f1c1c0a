/**
 * Market data screens (issue 3): the dashboard's widgets and the price chart. The live quotes and
 * user events they read are app-wide, in lib/live.
 */
export { MarketWidgets } from './widgets/MarketWidgets';
export { TickerChart } from './TickerChart';
