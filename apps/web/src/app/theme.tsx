import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, theme as antTheme } from 'antd';
import type { Theme } from '@drat/contracts';
import { getSession, subscribeSession, updateSession } from './session';
import { STORAGE_KEYS } from '../lib/storage';
import { AntAppProvider } from './antApp';

const listeners = new Set<() => void>();
const stored = () => (localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light') as Theme;

export function getTheme(): Theme {
  return getSession()?.theme ?? stored();
}

/** Applies a theme at once and remembers it locally; the server copy is saved by saveTheme. */
export function applyTheme(theme: Theme): void {
  localStorage.setItem(STORAGE_KEYS.theme, theme);
  if (getSession()) updateSession({ theme });
  listeners.forEach((l) => l());
}

/** Saves the theme on the server and locally (1-core §4 "Theme"); on failure the old theme returns. */
export async function saveTheme(theme: Theme): Promise<void> {
  const previous = getTheme();
  applyTheme(theme);
  try {
    // Fetched here, from Settings (which has it already): not part of the sign-in page's download.
    const { setTheme: setThemeOnServer } = await import('../api/profile');
    await setThemeOnServer(theme);
  } catch (err) {
    applyTheme(previous);
    throw err;
  }
}

/** The theme follows the signed-in user's saved choice, so it also changes when a session starts or ends. */
function subscribeTheme(listener: () => void) {
  listeners.add(listener);
  const stopSession = subscribeSession(listener);
  return () => {
    listeners.delete(listener);
    stopSession();
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, getTheme);
}

export const BRAND_COLOR = '#1668dc';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
    document.body.style.background = theme === 'dark' ? '#0b0f17' : '#f4f6fa';
  }, [theme]);
  return (
    <ConfigProvider
      theme={{
        algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: {
          colorPrimary: BRAND_COLOR,
          borderRadius: 8,
          fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        },
      }}
    >
      <AntAppProvider>{children}</AntAppProvider>
    </ConfigProvider>
  );
}
