import { useQuery } from '@tanstack/react-query';
import { activateResetLink, demoMailboxAvailable } from '../../api/auth';

/**
 * The reset screens' reads (their writes, and the OTP step's, are in mutations.ts: the OTP dialog
 * then fetches no query code). Only screens fetched after the sign-in page import these files:
 * React Query is not in that page's download (app/loadScreen.ts).
 */

export const authKeys = {
  all: ['auth'] as const,
  demoMailbox: () => [...authKeys.all, 'demo-mailbox'] as const,
  resetLink: (activation: string) => [...authKeys.all, 'reset-link', activation] as const,
};

/** Whether the server has a demo mailbox (asked once). */
export const useDemoMailbox = () =>
  useQuery({ queryKey: authKeys.demoMailbox(), queryFn: demoMailboxAvailable, staleTime: Infinity, retry: false });

/** The e-mailed reset link's check: asked once, not retried, not kept once the screen is gone. */
export const useResetLink = (activation: string) =>
  useQuery({
    queryKey: authKeys.resetLink(activation),
    queryFn: () => activateResetLink(activation),
    enabled: activation !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
