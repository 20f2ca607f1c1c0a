/** Settings (1-core §2): account details, security, notifications and appearance. */
export { SettingsPage } from './SettingsPage';
