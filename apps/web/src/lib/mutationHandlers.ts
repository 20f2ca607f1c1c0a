import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a screen does around one of its writes (its toasts, its form's errors, its own state, where
 * it goes next), handed to a mutation hook of the feature's queries.ts or mutations.ts: the hook
 * owns the call and what the cache does after it, the component only what it shows.
 */
export type MutationHandlers<TData, TVariables = void> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onMutate' | 'onSuccess' | 'onError' | 'onSettled'
>;
