import { useState, type ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { formatPrice } from '../../lib/format';
import { AccountSelect } from './AccountSelect';
import { tradeAccountOf } from './accounts';
import { useAccountInfo, useLiveAccounts } from './queries';

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
