import { useState, type ReactNode } from 'react';
import { Select } from 'antd';
import { BROKER_LABELS } from '@drat/contracts';
import { useSession } from '../../app/session';
import { accountLabel, currentAccountOf } from './accounts';
import { useAllAccounts, useLiveAccounts } from './queries';

/**
 * Which account the Trade Monitor and the positions show (2-trading §6 "Broker monitor and
 * positions"): a live trader picks among their own accounts, a super user among every user's
 * (account id with e-mail). It starts on the caller's current account; picking here only changes
 * what is shown, not where trades go.
 */
export function useWatchedAccount(): { account: string | undefined; picker: ReactNode } {
  const session = useSession()!;
  const own = useLiveAccounts(true);
  const all = useAllAccounts(session.is_super);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const mine = own.data?.data.accounts ?? [];
  const account = picked ?? currentAccountOf(mine)?.account_id;
  const options = session.is_super
    ? [
        ...mine.map((a) => ({ value: a.account_id, label: `${accountLabel(a)} (you)` })),
        ...(all.data?.data.accounts ?? [])
          .filter((a) => !mine.some((m) => m.account_id === a.account_id))
          .map((a) => ({ value: a.account_id, label: `${a.account_id} · ${BROKER_LABELS[a.broker]} · ${a.email}` })),
      ]
    : mine.map((a) => ({ value: a.account_id, label: accountLabel(a) }));
  const picker = (
    <Select
      aria-label="Account shown"
      showSearch={{ optionFilterProp: 'label' }}
      value={account}
      onChange={setPicked}
      loading={own.isLoading || all.isLoading}
      style={{ width: 340, maxWidth: '100%' }}
      options={options}
    />
  );
  return { account, picker };
}
