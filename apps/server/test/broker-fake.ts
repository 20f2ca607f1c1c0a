/**
 * A broker in memory for the runner's fault tests: it keeps orders with their tags as Tradier does
 * (placing the same tag twice makes two orders), and the test decides what goes wrong (an order accepted whose answer is lost, a refusal, a network
 * failure) and when orders fill.
 */
import { dec, toText } from '@drat/engine';
import type { Broker, BrokerOrder, PlaceOrder } from '../src/providers/broker/interface';
import { ProviderError } from '../src/providers/provider-error';

type Fault = 'accept-then-timeout' | 'network' | 'refuse';

export interface FakeBroker extends Broker {
  orders_: BrokerOrder[];
  /** How many place calls reached the broker (kept or not). */
  placeCalls: number;
  /** The next place call goes wrong this way. */
  failNextPlace(fault: Fault): void;
  /** Fills `qty` more of the order with this tag at `price` (cumulative average kept exact). */
  fill(tag: string, qty: string, price: string): BrokerOrder;
}

export function fakeBroker(name = 'fake'): FakeBroker {
  const orders: BrokerOrder[] = [];
  let nextFault: Fault | null = null;
  let seq = 0;
  const stamp = () => new Date().toISOString();
  const byId = (id: string) => {
    const o = orders.find((x) => x.id === id);
    if (!o) throw new ProviderError(name, 'NOT_FOUND', `No order ${id}`);
    return o;
  };
  const broker: FakeBroker = {
    name,
    orders_: orders,
    placeCalls: 0,
    failNextPlace(fault) {
      nextFault = fault;
    },
    fill(tag, qty, price) {
      const o = orders.find((x) => x.tag === tag);
      if (!o) throw new Error(`no order tagged ${tag}`);
      const had = dec(o.filledQty);
      const total = had.plus(qty);
      const value = had.times(o.avgFillPrice ?? 0).plus(dec(qty).times(price));
      o.filledQty = toText(total);
      o.avgFillPrice = toText(value.div(total).toDecimalPlaces(8));
      o.status = total.gte(o.qty) ? 'filled' : 'partially_filled';
      o.updatedAt = stamp();
      return { ...o };
    },
    async balances(account) {
      return {
        account,
        accountValue: '100000',
        buyingPower: '100000',
        equitiesValue: '0',
        cash: '100000',
        accountType: 'CASH',
        availableFunds: null,
      };
    },
    async placeOrder(p: PlaceOrder) {
      broker.placeCalls += 1;
      const fault = nextFault;
      nextFault = null;
      if (fault === 'network') throw new ProviderError(name, 'NETWORK', 'Connection reset');
      if (fault === 'refuse') throw new ProviderError(name, 'BAD_REQUEST', 'Symbol is not tradable');
      // Like Tradier, a second placement with the same tag is a second order: only the caller's
      // reconciliation (findOrder) keeps it from happening.
      const order: BrokerOrder = {
        id: String(++seq),
        account: p.account,
        tag: p.tag,
        symbol: p.symbol,
        side: p.side,
        type: p.type,
        qty: p.qty,
        limitPrice: p.limitPrice,
        status: 'open',
        filledQty: '0',
        avgFillPrice: null,
        reason: null,
        createdAt: stamp(),
        updatedAt: stamp(),
      };
      orders.push(order);
      // Accepted at the broker, but the answer never reaches us.
      if (fault === 'accept-then-timeout') throw new ProviderError(name, 'TIMEOUT', 'No answer within 10 s');
      return { ...order };
    },
    async findOrder(account, tag) {
      const o = orders.find((x) => x.account === account && x.tag === tag);
      return o ? { ...o } : null;
    },
    async modifyOrder(_account, id, change) {
      const o = byId(id);
      if (o.status !== 'open' && o.status !== 'partially_filled') {
        throw new ProviderError(name, 'BAD_REQUEST', 'Order is not open');
      }
      o.limitPrice = change.limitPrice ?? o.limitPrice;
      o.updatedAt = stamp();
      return { ...o };
    },
    async cancelOrder(_account, id) {
      const o = byId(id);
      if (o.status === 'open' || o.status === 'partially_filled') {
        o.status = 'canceled';
        o.updatedAt = stamp();
      }
      return { ...o };
    },
    async orders(account) {
      return orders.filter((o) => o.account === account).map((o) => ({ ...o }));
    },
    async allOrders(account) {
      return orders
        .filter((o) => o.account === account)
        .reverse()
        .map((o) => ({ ...o }));
    },
    async placeManualOrder() {
      throw new ProviderError(name, 'BAD_REQUEST', 'This fake takes smart-trade orders only');
    },
    async positions() {
      return [];
    },
    async closedPositions() {
      return [];
    },
  };
  return broker;
}
