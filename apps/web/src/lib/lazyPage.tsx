import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Spin } from 'antd';

/**
 * A screen whose code is fetched when it is first shown (its own chunk, so signing in does not
 * download every screen); a large spinner stands in meanwhile.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: P) {
    return (
      <Suspense
        fallback={
          <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
            <Spin size="large" />
          </div>
        }
      >
        <Page {...props} />
      </Suspense>
    );
  };
}

/** A part of a screen shown only after a user's action (a search's chart): fetched when first rendered. */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/**
 * A dialog (modal or drawer) whose code is fetched the first time it opens. Until then it renders
 * nothing, as a closed dialog does; once opened it stays mounted like any dialog, so closing still
 * animates and its state is kept. `isOpen` reads the open flag from its props.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
