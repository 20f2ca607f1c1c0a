/** The renewal page of expired users (RENEWAL_PATH). */
export { RenewPage } from './RenewPage';
