import { useEffect, useRef, useState } from 'react';
import { STEP_UP_TEXTS, type ConfirmPasswordReason } from '@drat/contracts';
import { onStepUp } from '../../api/client';
import { ConfirmPasswordDialog } from './confirmPasswordDialog';

/**
 * The password prompt of sensitive changes: when the server wants the password confirmed (a
 * password or e-mail change, turning two-factor sign-in off), the API client waits here for the
 * person to type it, then sends the change again.
 */
export function StepUpHost() {
  const [reason, setReason] = useState<ConfirmPasswordReason | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      onStepUp(
        (next) =>
          new Promise<boolean>((resolve) => {
            settle.current?.(false);
            settle.current = resolve;
            setReason(next);
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setReason(null);
  };

  if (!reason) return null;
  const texts = STEP_UP_TEXTS[reason];
  return (
    <ConfirmPasswordDialog
      open
      reason={reason}
      title={texts.title}
      explanation={texts.explanation}
      onCancel={() => finish(false)}
      onConfirmed={() => finish(true)}
    />
  );
}
