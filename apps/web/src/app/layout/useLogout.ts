import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '../../api/auth';
import { clearSession, type SignOutReason } from '../session';

/**
 * Tells the server, then forgets the session here whatever the server said (1-core §4 "Logout"),
 * and in the other tabs. A tab told by another (`fromOtherTab`) only forgets: the server knows.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (reason: SignOutReason = 'logout', fromOtherTab = false) => {
      if (reason !== 'expired' && !fromOtherTab) await logout().catch(() => undefined);
      clearSession(reason, fromOtherTab);
      queryClient.clear();
      navigate('/', { replace: true });
    },
    [navigate, queryClient],
  );
}
