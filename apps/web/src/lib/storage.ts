/** Keys of what the web app keeps in the browser. */
export const STORAGE_KEYS = {
  session: 'drat.session',
  lastRoute: 'drat.lastRoute',
  theme: 'drat.theme',
  navSize: 'drat.navSize',
  discreet: 'drat.discreet',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}
