import { BROKER_LABELS, type BrokerAccount } from '@drat/contracts';

/** The account live trades go to: the connected one, else the first (1-core §3). */
export const currentAccountOf = <A extends Pick<BrokerAccount, 'account_id' | 'connected'>>(
  accounts: readonly A[] | undefined,
): A | undefined => accounts?.find((a) => a.connected) ?? accounts?.[0];

/** The account a trade drawer places on: the one picked, else the current one, else the trade's own. */
export const tradeAccountOf = (
  picked: string | undefined,
  accounts: readonly Pick<BrokerAccount, 'account_id' | 'connected'>[] | undefined,
  tradeAccount: string | undefined,
): string | undefined => picked ?? currentAccountOf(accounts)?.account_id ?? tradeAccount;

/** 'VA000001 · Tradier · MARGIN': an account as the selectors name it. */
export const accountLabel = (a: Pick<BrokerAccount, 'account_id' | 'broker' | 'account_type'>) =>
  [a.account_id, BROKER_LABELS[a.broker], a.account_type].filter(Boolean).join(' · ');
