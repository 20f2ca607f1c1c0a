import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import { MSG } from '@drat/contracts';
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
 * what antd returns. The dialogs' holder is fetched once the toasts' is there and the browser has
 * a moment, or by a first `modal` call (a confirmation opened by a click) before that, which then
 * opens when it is there: no screen shows one on its first render, so no screen's first download
 * holds antd's Modal for it. While it is on its way, one call waits (a second click does not open
 * a second confirmation); if it cannot be fetched, the call is dropped and a toast says so. The
 * holders sit at the root, so a toast outlives the page that showed it ('OTP Successfully
 * verified' while the dashboard opens, a refused page's message after its redirect).
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

/** Runs `work` when the browser is idle (within two seconds). */
const whenIdle = (work: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 2_000 }) : setTimeout(work, 200);

/**
 * Fetches and mounts the toasts' holder (message, notification); resolves when antd's API answers.
 * The dialogs' holder follows when the browser is idle.
 */
export function loadAntApp(): Promise<void> {
  const loading = fetchHolder(toasts);
  loading.then(
    () => whenIdle(() => void fetchHolder(dialogs).catch(() => undefined)),
    () => undefined,
  );
  return loading;
}

function register<A>(h: Holder<A>, real: A): void {
  h.api = real;
  h.waiting.splice(0).forEach((call) => call(real));
  h.resolveReady();
}
const registerToasts = (real: Pick<AppApi, 'message' | 'notification'>) => register(toasts, real);
const registerDialogs = (real: AppApi['modal']) => register(dialogs, real);

/**
 * An object whose methods call `methods` of the holder's API, or wait for it. `oneAtATime`: while
 * the holder is on its way, a call made when one already waits is dropped (a dialog asked for
 * twice by two clicks opens once). `failed` runs when the holder cannot be fetched; the calls that
 * waited are dropped, not run later with what they held then.
 */
function standIn<A>(
  h: Holder<A>,
  pick: (api: A) => object,
  methods: readonly string[],
  { oneAtATime = false, failed }: { oneAtATime?: boolean; failed?: () => void } = {},
) {
  const method = (real: A, name: string) => (pick(real) as Record<string, Method>)[name]!;
  const entries = methods.map((name) => [
    name,
    (...args: unknown[]) => {
      if (h.api) return method(h.api, name)(...args);
      if (oneAtATime && h.waiting.length > 0) return undefined;
      h.waiting.push((real) => method(real, name)(...args));
      fetchHolder(h).catch(() => {
        h.waiting.length = 0;
        failed?.();
      });
      return undefined;
    },
  ]);
  return Object.fromEntries(entries) as never;
}

const message: AppApi['message'] = standIn(toasts, (a) => a.message, [
  'open',
  'info',
  'success',
  'error',
  'warning',
  'loading',
  'destroy',
]);

/** The context's stand-ins. A `modal` call answers nothing before the holder is there: callers ignore it. */
const STAND_INS: AppApi = {
  message,
  notification: standIn(toasts, (a) => a.notification, ['open', 'info', 'success', 'error', 'warning', 'destroy']),
  modal: standIn(dialogs, (a) => a, ['confirm', 'info', 'success', 'error', 'warning'], {
    oneAtATime: true,
    failed: () => void message.error(MSG.dialogLoadFailed),
  }),
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
