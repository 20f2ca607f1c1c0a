import type { PlaceOrder } from '../src/providers/broker/interface';

/** A smart trade's buy of 10 AAPL at 150.25, good till cancelled: the broker adapters' tests' usual order. */
export const equityBuyOn =
  (account: string) =>
  (tag: string, extra: Partial<PlaceOrder> = {}): PlaceOrder => ({
    account,
    tag,
    symbol: 'AAPL',
    kind: 'equity',
    multiplier: 1,
    side: 'buy',
    type: 'limit',
    duration: 'gtc',
    qty: '10',
    limitPrice: '150.25',
    ...extra,
  });
