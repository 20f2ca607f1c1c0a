import { loadScreen } from './loadScreen';

/**
 * The signed-in shell (app/layout/AppLayout.tsx), loaded with app/loadScreen.ts. Apart from
 * loadScreen.ts: the shell's pages (app/pages.tsx) use loadScreen, so one file holding both would
 * import itself through the shell.
 */
export const loadShell = () => loadScreen(async () => (await import('./layout/AppLayout')).AppLayout);
