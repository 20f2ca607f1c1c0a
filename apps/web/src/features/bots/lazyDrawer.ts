import { lazyDialog } from '../../lib/lazyPage';

/** The bot drawer, with its pickers and the form's rules: fetched when first opened (lib/lazyPage.tsx). */
export const BotDrawer = lazyDialog(
  async () => (await import('./BotDrawer')).BotDrawer,
  (p) => p.state !== null,
);

/** The signals webhook and the signals it received: fetched when first opened. */
export const SignalsDrawer = lazyDialog(
  async () => (await import('./SignalsDrawer')).SignalsDrawer,
  (p) => p.open,
);
