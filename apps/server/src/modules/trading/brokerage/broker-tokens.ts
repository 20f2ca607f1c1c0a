import { BROKER_LABELS, type BrokerName } from '@drat/contracts';
import type { Sealer } from '../../../core/sealed';
import { ProviderError } from '../../../providers/provider-error';
import type { BrokerageRepo } from './brokerage.repo';

/**
 * The access token that reaches an account of `broker`, opened from its seal: what the broker's
 * adapter sends (compose.ts hands it to the Tradier and Alpaca brokers). A missing or expired token
 * is the broker's 401 before it is asked.
 */
export function brokerTokens(repo: Pick<BrokerageRepo, 'tokenOf'>, sealer: Sealer | null, now: () => Date) {
  return (broker: BrokerName) =>
    async (accountId: string): Promise<string> => {
      const row = await repo.tokenOf(broker, accountId);
      if (!row?.accessToken || !sealer) {
        throw new ProviderError(
          broker,
          'UNAUTHORIZED',
          `No ${BROKER_LABELS[broker]} authorization reaches ${accountId}`,
        );
      }
      if (row.expiresAt && row.expiresAt.getTime() <= now().getTime()) {
        throw new ProviderError(broker, 'UNAUTHORIZED', `The ${BROKER_LABELS[broker]} authorization has expired`);
      }
      return sealer.open(row.accessToken);
    };
}
