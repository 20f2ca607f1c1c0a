import { lazyDialog } from '../../lib/lazyPage';

/** The bot drawer, with its pickers and the form's rules: fetched when first opened (lib/lazyPage.tsx). */
export const BotDrawer = lazyDialog(
  async () => (await import('./BotDrawer')).BotDrawer,
  (p) => p.state !== null,
);
