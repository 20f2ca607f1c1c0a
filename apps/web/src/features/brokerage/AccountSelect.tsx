import { Button, Flex, Select, Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { BrokerAccount } from '@drat/contracts';
import { accountLabel, currentAccountOf } from './accounts';
import { useLiveAccounts, useSetCurrentAccount, useSyncAccounts } from './queries';

interface AccountSelectProps {
  accounts: readonly BrokerAccount[] | undefined;
  value: string | undefined;
  onChange: (account: string) => void;
  loading?: boolean;
  disabled?: boolean;
  width?: number | string;
}

/** A select of the trader's brokerage accounts. */
export function AccountSelect({ accounts, value, onChange, loading, disabled, width = 330 }: AccountSelectProps) {
  return (
    <Select
      aria-label="Brokerage account"
      value={value}
      onChange={onChange}
      loading={loading}
      disabled={disabled}
      style={{ width, maxWidth: '100%' }}
      placeholder="Brokerage account"
      options={(accounts ?? []).map((a) => ({ value: a.account_id, label: accountLabel(a) }))}
    />
  );
}

/**
 * The account live trades go to, chosen here for good (set-current-account), and the Sync button
 * that reads the broker's accounts again (1-core §2 dashboard, 2-trading §2.7).
 */
export function CurrentAccountBar() {
  const accounts = useLiveAccounts(true);
  const choose = useSetCurrentAccount();
  const sync = useSyncAccounts();
  const list = accounts.data?.data.accounts;
  return (
    <Flex wrap gap={8}>
      <AccountSelect
        accounts={list}
        value={currentAccountOf(list)?.account_id}
        onChange={(id) => choose.mutate(id)}
        loading={accounts.isLoading || choose.isPending}
      />
      <Tooltip title="Read your accounts from the broker again">
        <Button icon={<SyncOutlined spin={sync.isPending} />} onClick={() => sync.mutate()} disabled={sync.isPending}>
          Sync
        </Button>
      </Tooltip>
    </Flex>
  );
}
