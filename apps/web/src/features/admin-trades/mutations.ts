import { useMutation, useQueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import type { AdminSmartTrade } from '@drat/contracts';
import { archiveLiveTrade, cancelDemoTrade, cancelLiveTrade, unarchiveLiveTrade } from '../../api/trading';
import { adminTradeKeys } from './queries';
import { tradeModeOf } from './rowActions';

/** What a change needs of a trade: its id, and its account (which says demo or live). */
type Acted = Pick<AdminSmartTrade, 'id' | 'account_id'>;

/**
 * A super user's changes to any user's trade (3-bots-admin-public §2.5), through the trader's own
 * calls: the server acts on the owner's account on behalf of the super user, and the trade's log
 * names them. The server's message is shown either way; every admin read is read again after.
 */
function useAdminChange(change: (trade: Acted) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: change,
    onSuccess: (reply) => {
      void message.success(reply.message);
    },
    onError: (error) => {
      void message.error(error.message);
    },
    // Refused or not, the lists, the counts and a log shown may have changed: read them again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTradeKeys.all }),
  });
}

/** Cancel Trade: a demo trade with the demo call, a live one with the live call. */
export const useAdminCancelTrade = () =>
  useAdminChange((t) => (tradeModeOf(t) === 'demo' ? cancelDemoTrade(t.id) : cancelLiveTrade(t.id)));
/** Archive (a finished live trade). */
export const useAdminArchiveTrade = () => useAdminChange((t) => archiveLiveTrade(t.id));
/** Un-archive (an archived live trade). */
export const useAdminUnarchiveTrade = () => useAdminChange((t) => unarchiveLiveTrade(t.id));
