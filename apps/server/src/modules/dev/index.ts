/** Demo mode only: the demo mailbox (/dev/mailbox). */
export { mailboxRoutes } from './mailbox.routes';
