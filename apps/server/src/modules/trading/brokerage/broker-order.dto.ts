/** A broker's order as the Trade Monitor shows it (2-trading §2.5), and the prices of an order by hand. */
import { BROKER_MSG, type BrokerOrderRow } from '@drat/contracts';
import { toNumber } from '@drat/engine';
import { DomainError } from '../../../core/errors';
import type { BrokerOrder } from '../../../providers/broker/interface';
import { withProvider, type ProviderWords } from '../../../providers/provider-error';

/** Which tab of the Trade Monitor an order is under (2-trading §2.5). */
export function tabOf(o: BrokerOrder): 'queued_orders' | 'working_orders' | 'filled_orders' | 'cancelled_orders' {
  if (o.status === 'filled') return 'filled_orders';
  if (o.status === 'open' || o.status === 'partially_filled')
    return o.detail?.queued ? 'queued_orders' : 'working_orders';
  return 'cancelled_orders';
}

export const numOrNull = (x: string | null | undefined) => (x === null || x === undefined ? null : toNumber(x));
/** A price of a request as the broker interface's decimal text. */
export const priceText = (n: number | null) => (n === null ? null : String(n));

export function orderRow(o: BrokerOrder): BrokerOrderRow {
  const kind = o.detail?.kind ?? 'equity';
  const open = o.status === 'open' || o.status === 'partially_filled';
  return {
    id: o.id,
    symbol: o.symbol,
    option_symbol: o.detail?.optionSymbol ?? null,
    class: kind,
    side: o.detail?.side ?? o.side,
    type: o.detail?.type ?? o.type,
    duration: o.detail?.duration ?? 'day',
    price: numOrNull(o.limitPrice),
    stop_price: numOrNull(o.detail?.stopPrice),
    quantity: toNumber(o.qty),
    exec_quantity: toNumber(o.filledQty),
    avg_fill_price: numOrNull(o.avgFillPrice),
    status: o.detail?.queued && open ? 'pending' : o.status,
    create_date: o.createdAt,
    transaction_date: o.updatedAt,
    belongs_to_multileg: kind === 'multileg',
    tag: o.tag,
    modifiable: open && kind !== 'multileg',
  };
}

/**
 * A broker's failure in the trader's words (providerFailure): a refusal is a 400, an expired token
 * or a scope not granted a 403 (the trader re-authorizes), an order it does not know a 404, a bad
 * answer a 502, the rest a 503.
 */
export const BROKER_WORDS: ProviderWords = {
  unavailable: BROKER_MSG.brokerUnavailable,
  refused: (err) => new DomainError('BAD_REQUEST', BROKER_MSG.brokerRefused(err.message), { cause: err }),
  unauthorized: BROKER_MSG.tokenExpired,
  forbidden: BROKER_MSG.notPermitted,
  notFound: BROKER_MSG.orderNotFound,
  badAnswer: BROKER_MSG.brokerUnavailable,
};

/** A call to a broker, its failure told in BROKER_WORDS. */
export const atBroker = <T>(fn: () => Promise<T>): Promise<T> => withProvider(BROKER_WORDS, fn);
