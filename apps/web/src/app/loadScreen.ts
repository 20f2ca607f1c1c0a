import type { ComponentType } from 'react';
import { loadAntApp } from './antApp';

/**
 * Fetches a lazily loaded screen (or dialog) together with what it uses from the app's root, both
 * kept out of the sign-in page's first download: React Query (app/queryClient.tsx, wrapped around
 * the screen) and antd's message and notification holders (app/antApp.tsx; the modal holder
 * follows when the browser is idle). Both are ready when the screen first renders.
 */
export async function loadScreen<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [Screen, { withQueryClient }] = await Promise.all([load(), import('./queryClient'), loadAntApp()]);
  return withQueryClient(Screen);
}
