import { useEffect } from 'react';
import useApp from 'antd/es/app/useApp';

/** A failed load shows the error's own text as a toast (1-core §8, 2-trading §8), once per failure. */
export function useLoadErrorToast(error: Error | null, failedAt: number, active = true) {
  const { message } = useApp();
  useEffect(() => {
    if (active && error) message.error(error.message);
  }, [active, error, failedAt, message]);
}
