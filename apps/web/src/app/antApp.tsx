import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
// antd's own token hook, which also gives the CSS-variable class (the public theme.useToken does not).
import { useToken } from 'antd/es/theme/internal';

/**
 * antd's App context (`App.useApp()`: message, notification, modal) without their code in the
 * first download. The context holds stand-ins that call antd's own API once its holders
 * (AntAppHolders.tsx, a chunk of its own) have mounted; a call made before fetches them and runs
 * when they are there. Screens loaded with app/loadScreen.ts (every route after sign-in, with the
 * signed-in shell: app/otherRoutes.tsx; the reset and OTP screens) wait for `loadAntApp()` before they render, so there every call reaches antd at once and
 * returns what antd returns. The holders sit at the root, so a toast outlives the page that showed
 * it ('OTP Successfully verified' while the dashboard opens, a refused page's message after its
 * redirect).
 */
type AppApi = useAppProps;
type Method = (...args: unknown[]) => unknown;

let api: AppApi | null = null;
/** The holders' code is here (fetched by loadAntApp): the root mounts them. */
let fetched = false;
let loading: Promise<void> | null = null;
const waiting: ((api: AppApi) => void)[] = [];
const listeners = new Set<() => void>();
let resolveReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/** Fetches and mounts the holders (once); resolves when antd's API answers. */
export function loadAntApp(): Promise<void> {
  loading ??= import('./AntAppHolders').then(
    () => {
      fetched = true;
      listeners.forEach((l) => l());
      return ready;
    },
    (err: unknown) => {
      loading = null; // the next call tries again
      throw err;
    },
  );
  return loading;
}

function register(real: AppApi): void {
  api = real;
  waiting.splice(0).forEach((call) => call(real));
  resolveReady();
}

function standIn<K extends keyof AppApi>(kind: K, methods: readonly string[]): AppApi[K] {
  const method = (real: AppApi, name: string) => (real[kind] as unknown as Record<string, Method>)[name]!;
  const entries = methods.map((name) => [
    name,
    (...args: unknown[]) => {
      if (api) return method(api, name)(...args);
      waiting.push((real) => method(real, name)(...args));
      loadAntApp().catch(() => undefined);
      return undefined;
    },
  ]);
  return Object.fromEntries(entries) as AppApi[K];
}

const STAND_INS: AppApi = {
  message: standIn('message', ['open', 'info', 'success', 'error', 'warning', 'loading', 'destroy']),
  notification: standIn('notification', ['open', 'info', 'success', 'error', 'warning', 'destroy']),
  modal: standIn('modal', ['confirm', 'info', 'success', 'error', 'warning']),
};

// Rendered once loadAntApp has fetched its module, so it never suspends for long.
const Holders = lazy(async () => ({ default: (await import('./AntAppHolders')).AntAppHolders }));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * In place of antd's `<App>`: the same context, and a root as antd's App root is: the theme's hash
 * and CSS-variable classes (antd's link style and token variables reach every element below, not
 * only those inside an antd component) and its text colour, size, line height and font.
 */
export function AntAppProvider({ children }: { children: ReactNode }) {
  const [, token, hashId, , cssVar] = useToken();
  const holders = useSyncExternalStore(subscribe, () => fetched);
  return (
    <AppContext.Provider value={STAND_INS}>
      <div
        className={`${hashId} ${cssVar?.key ?? ''}`}
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {holders ? (
          <Suspense fallback={null}>
            <Holders onReady={register} />
          </Suspense>
        ) : null}
        {children}
      </div>
    </AppContext.Provider>
  );
}
