import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import { TRADE_EVENT } from '@drat/contracts';
import { fetchDemoAccount, resetDemoAccount } from '../../api/trading';
import { useUserEvents } from '../../lib/live';

const demoAccountKey = ['trading', 'demo-account'] as const;

/**
 * The demo account's values (1-core §3 "Demo account"), read again when a trade fills or ends
 * (user event 'trade'), and its reset (1-core §4): the answer is the account after it.
 */
export function useDemoAccount(enabled: boolean) {
  const queryClient = useQueryClient();
  const { message } = useApp();
  const query = useQuery({ queryKey: demoAccountKey, queryFn: fetchDemoAccount, enabled, staleTime: 15_000 });
  useUserEvents(TRADE_EVENT, () => void queryClient.invalidateQueries({ queryKey: demoAccountKey }));
  const reset = useMutation({
    mutationFn: resetDemoAccount,
    onSuccess: ({ message: text, ...account }) => {
      queryClient.setQueryData(demoAccountKey, account);
      void queryClient.invalidateQueries({ queryKey: ['trading'] });
      void message.success(text);
    },
  });
  return { query, reset };
}
