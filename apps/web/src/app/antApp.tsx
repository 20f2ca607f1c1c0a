import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
// antd's own token hook, which also gives the CSS-variable class (the public theme.useToken does not).
import { useToken } from 'antd/es/theme/internal';

/**
 * antd's App context (`App.useApp()`: message, notification, modal) without their code in the
 * first download. The context holds stand-ins that call antd's own API once its holders have
 * mounted; a call made before fetches them and runs when they are there. There are two holders,
 * each a chunk of its own: the toasts' (message and notification, AntAppHolders.tsx) and the
 * dialogs' (modal, ModalHolder.tsx). Screens loaded with app/loadScreen.ts (every route after
 * sign-in, with the signed-in shell: app/otherRoutes.tsx; the reset and OTP screens) wait for
 * `loadAntApp()`, the toasts, before they render, so there a toast reaches antd at once and returns
 * what antd returns. The dialogs' holder is fetched by the first `modal` call (a confirmation
 * opened by a click), which opens when it is there: no screen shows one on its first render, so
 * no screen downloads antd's Modal for it. The holders sit at the root, so a toast outlives the
 * page that showed it ('OTP Successfully verified' while the dashboard opens, a refused page's
 * message after its redirect).
 */
type AppApi = useAppProps;
type Method = (...args: unknown[]) => unknown;

/** One holder: its chunk, fetched once, and the API it hands over when mounted. */
interface Holder<A> {
  load: () => Promise<unknown>;
  api: A | null;
  /** Its code is here: the root mounts it. */
  fetched: boolean;
  loading: Promise<void> | null;
  waiting: ((api: A) => void)[];
  ready: Promise<void>;
  resolveReady: () => void;
}

function holder<A>(load: () => Promise<unknown>): Holder<A> {
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  return { load, api: null, fetched: false, loading: null, waiting: [], ready, resolveReady };
}

const toasts = holder<Pick<AppApi, 'message' | 'notification'>>(() => import('./AntAppHolders'));
const dialogs = holder<AppApi['modal']>(() => import('./ModalHolder'));
const listeners = new Set<() => void>();

/** Fetches and mounts a holder (once); resolves when its API answers. */
function fetchHolder<A>(h: Holder<A>): Promise<void> {
  h.loading ??= h.load().then(
    () => {
      h.fetched = true;
      listeners.forEach((l) => l());
      return h.ready;
    },
    (err: unknown) => {
      h.loading = null; // the next call tries again
      throw err;
    },
  );
  return h.loading;
}

/** Fetches and mounts the toasts' holder (message, notification); resolves when antd's API answers. */
export function loadAntApp(): Promise<void> {
  return fetchHolder(toasts);
}

function register<A>(h: Holder<A>, real: A): void {
  h.api = real;
  h.waiting.splice(0).forEach((call) => call(real));
  h.resolveReady();
}
const registerToasts = (real: Pick<AppApi, 'message' | 'notification'>) => register(toasts, real);
const registerDialogs = (real: AppApi['modal']) => register(dialogs, real);

/** An object whose methods call `methods` of the holder's API, or wait for it. */
function standIn<A>(h: Holder<A>, pick: (api: A) => object, methods: readonly string[]) {
  const method = (real: A, name: string) => (pick(real) as Record<string, Method>)[name]!;
  const entries = methods.map((name) => [
    name,
    (...args: unknown[]) => {
      if (h.api) return method(h.api, name)(...args);
      h.waiting.push((real) => method(real, name)(...args));
      fetchHolder(h).catch(() => undefined);
      return undefined;
    },
  ]);
  return Object.fromEntries(entries) as never;
}

const STAND_INS: AppApi = {
  message: standIn(toasts, (a) => a.message, ['open', 'info', 'success', 'error', 'warning', 'loading', 'destroy']),
  notification: standIn(toasts, (a) => a.notification, ['open', 'info', 'success', 'error', 'warning', 'destroy']),
  modal: standIn(dialogs, (a) => a, ['confirm', 'info', 'success', 'error', 'warning']),
};

// Rendered once their module is fetched, so they never suspend for long.
const ToastHolders = lazy(async () => ({ default: (await import('./AntAppHolders')).AntAppHolders }));
const DialogHolder = lazy(async () => ({ default: (await import('./ModalHolder')).ModalHolder }));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** Which holders the root mounts: 1 the toasts', 2 the dialogs' (a number, so the snapshot compares by value). */
const fetchedHolders = () => (toasts.fetched ? 1 : 0) | (dialogs.fetched ? 2 : 0);

/**
 * In place of antd's `<App>`: the same context, and a root as antd's App root is: the theme's hash
 * and CSS-variable classes (antd's link style and token variables reach every element below, not
 * only those inside an antd component) and its text colour, size, line height and font.
 */
export function AntAppProvider({ children }: { children: ReactNode }) {
  const [, token, hashId, , cssVar] = useToken();
  const holders = useSyncExternalStore(subscribe, fetchedHolders);
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
        {holders & 1 ? (
          <Suspense fallback={null}>
            <ToastHolders onReady={registerToasts} />
          </Suspense>
        ) : null}
        {holders & 2 ? (
          <Suspense fallback={null}>
            <DialogHolder onReady={registerDialogs} />
          </Suspense>
        ) : null}
        {children}
      </div>
    </AppContext.Provider>
  );
}
