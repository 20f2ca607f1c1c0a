import { useEffect } from 'react';
import type { useAppProps } from 'antd/es/app/context';
import useModal from 'antd/es/modal/useModal';

/** antd's modal holder (`modal.confirm` and the like): fetched by the first call, then hands its API to app/antApp.tsx. */
export function ModalHolder({ onReady }: { onReady: (api: useAppProps['modal']) => void }) {
  const [modal, holder] = useModal();
  useEffect(() => onReady(modal), [modal, onReady]);
  return holder;
}
