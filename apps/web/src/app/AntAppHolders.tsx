import { useEffect } from 'react';
import { App } from 'antd';
import type { useAppProps } from 'antd/es/app/context';

/** Notification toasts shown at once: a burst of new alerts shows the newest three; the inbox has them all. */
const TOASTS_AT_ONCE = 3;

/** antd's App, for its message, notification and modal holders only: hands their API to app/antApp.tsx. */
export function AntAppHolders({ onReady }: { onReady: (api: useAppProps) => void }) {
  return (
    <App component={false} notification={{ maxCount: TOASTS_AT_ONCE }}>
      <Ready onReady={onReady} />
    </App>
  );
}

function Ready({ onReady }: { onReady: (api: useAppProps) => void }) {
  const api = App.useApp();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}
