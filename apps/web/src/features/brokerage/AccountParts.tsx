import { useState, type ReactNode } from 'react';
import { Button, Flex, Select, Tooltip, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { BROKER_LABELS, type BrokerAccount } from '@drat/contracts';
import { formatPrice } from '../../lib/format';
import { currentAccountOf, tradeAccountOf } from './accounts';
import { useAccountInfo, useLiveAccounts, useSetCurrentAccount, useSyncAccounts } from './queries';

/** 'VA000001 · Tradier · MARGIN': an account as the selectors name it. */
export const accountLabel = (a: Pick<BrokerAccount, 'account_id' | 'broker' | 'account_type'>) =>
  [a.account_id, BROKER_LABELS[a.broker], a.account_type].filter(Boolean).join(' · ');

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

/** "Buying power $12,345.00" of an account (the trade drawers: 2-trading §6 "live buying power"). */
export function BuyingPower({ account }: { account: string | undefined }) {
  const info = useAccountInfo(account);
  if (!account) return null;
  return (
    <Typography.Text type="secondary" data-testid="live-buying-power">
      Buying power {info.data ? formatPrice(info.data.data.live_buying_power) : info.isError ? 'unavailable' : '…'}
    </Typography.Text>
  );
}

/**
 * The account a live trade goes to, in a trade drawer (2-trading §6: "account selector and live
 * buying power"): the current account unless another is picked here, for this trade only.
 */
export function useTradeAccount(enabled: boolean, tradeAccount?: string): { account?: string; field: ReactNode } {
  const accounts = useLiveAccounts(enabled);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const list = accounts.data?.data.accounts;
  const account = tradeAccountOf(picked, list, tradeAccount);
  const field = enabled && (
    <Flex vertical align="end" gap={2}>
      <AccountSelect accounts={list} value={account} onChange={setPicked} loading={accounts.isLoading} width={220} />
      <BuyingPower account={account} />
    </Flex>
  );
  return { account, field };
}
