import type { ComponentType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** The app's one cache of server data, shared by every screen that reads it through React Query. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * A lazily loaded screen with the app's QueryClient around it. React Query's code comes with the
 * screens that use it (every route after sign-in, the signed-in shell's among them; the reset and
 * OTP screens) rather than with the sign-in page, whose one call is a plain fetch; all of them
 * share the one client, so the cache is the same as with a single provider at the root.
 */
export function withQueryClient<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  };
}
