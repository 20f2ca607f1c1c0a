/**
 * A brokerage, as DRAT's trading area speaks to it (docs/architecture.md "An outside system").
 * The offline default is the paper broker (./paper): demo accounts and the simulated brokerage.
 * Tradier (and a second broker) implement the same interface. Amounts are decimal strings, exact.
 *
 * A refusal the broker decides about an order (insufficient buying power, not enough shares) is an
 * order answered as `rejected` with its reason, or a ProviderError BAD_REQUEST from brokers that
 * refuse at the door (Tradier's 400): the runner treats both as a rejection, never retried. Other
 * failures are ProviderError too; TIMEOUT, NETWORK and UPSTREAM may pass. An order call that timed
 * out may have been accepted: the caller asks `findOrder(account, tag)` before sending it again.
 */
import type { AccountType, BrokerName, OrderDuration, OrderSide, OrderType } from '@drat/contracts';
import type { RoundTrip } from '@drat/engine';

export type BrokerOrderStatus = 'open' | 'partially_filled' | 'filled' | 'canceled' | 'rejected' | 'expired';

export interface BrokerLeg {
  /** OCC symbol. */
  symbol: string;
  ratio: number;
}

export interface PlaceOrder {
  account: string;
  /** Our client order id, sent as the broker's tag (letters, digits, hyphens). */
  tag: string;
  /** The ticker, OCC symbol, or (multileg) the legs' combined key. */
  symbol: string;
  kind: 'equity' | 'option' | 'multileg';
  /** Option legs (one for an option, two for a strangle or straddle). */
  legs?: BrokerLeg[];
  /** 100 for options. */
  multiplier: number;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  duration: 'day' | 'gtc';
  qty: string;
  limitPrice: string | null;
}

/**
 * An order a person places by hand (a position's Exit): the broker's own sides and types. A broker
 * that does not take one (the simulated brokerage: no short sales, no stops) refuses it with a
 * ProviderError BAD_REQUEST saying so.
 */
export interface ManualOrder {
  account: string;
  tag: string;
  kind: 'equity' | 'option';
  /** The ticker; for an option, its underlying. */
  symbol: string;
  optionSymbol: string | null;
  side: OrderSide;
  type: OrderType;
  duration: OrderDuration;
  qty: string;
  limitPrice: string | null;
  stopPrice: string | null;
}

/** A change to a working order: a smart trade changes the limit price; the Trade Monitor any of these. */
export interface OrderChange {
  limitPrice?: string | null;
  stopPrice?: string | null;
  type?: OrderType;
  duration?: OrderDuration;
}

export interface BrokerOrder {
  id: string;
  account: string;
  tag: string | null;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  qty: string;
  limitPrice: string | null;
  status: BrokerOrderStatus;
  /** Cumulative quantity filled, and its average price. */
  filledQty: string;
  avgFillPrice: string | null;
  /** Why it was rejected or expired. */
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  /** What the Trade Monitor shows besides (2-trading §2.5); absent where a broker does not say. */
  detail?: {
    kind: 'equity' | 'option' | 'multileg';
    /** The broker's own words: buy_to_open, sell_short, stop_limit … */
    side: string;
    type: string;
    duration: string;
    stopPrice: string | null;
    optionSymbol: string | null;
    /** Queued at the broker, not working at the market yet (Tradier's pending). */
    queued: boolean;
  };
}

export interface BrokerBalances {
  account: string;
  /** Cash plus what the positions are worth at the bid. */
  accountValue: string;
  /** What a new buy may spend: cash minus what working buys would cost. */
  buyingPower: string;
  /** What the positions are worth at the bid. */
  equitiesValue: string;
  cash: string;
  /** CASH, MARGIN or PDT (a day trader's margin account). */
  accountType: AccountType;
  /** What a margin account may still draw on (null for cash accounts: not shown). */
  availableFunds: string | null;
}

export interface BrokerPosition {
  symbol: string;
  qty: string;
  /** What the position cost. */
  cost: string;
  openedAt: string;
}

/** A closed position: the engine's round trip (packages/engine/src/paper/ledger.ts), as a broker reports it. */
export type ClosedPosition = RoundTrip;

export interface Broker {
  /** 'paper', 'tradier' … as stored with each trade. */
  readonly name: string;
  balances(account: string): Promise<BrokerBalances>;
  /** Places an order; placing the same tag again on the same account answers the existing order. */
  placeOrder(order: PlaceOrder): Promise<BrokerOrder>;
  /** The order with this tag, or null: how a timed-out placement is reconciled. */
  findOrder(account: string, tag: string): Promise<BrokerOrder | null>;
  /** Changes a working order (brokers cannot change the quantity). */
  modifyOrder(account: string, orderId: string, change: OrderChange): Promise<BrokerOrder>;
  /** Asks to cancel; the answer may still be filled (it filled first). */
  cancelOrder(account: string, orderId: string): Promise<BrokerOrder>;
  /**
   * The account's orders that may still change, and those that changed since `since` (ISO): what
   * the runner turns into order events. The paper broker matches its open orders against the
   * market first.
   */
  orders(account: string, since: string | null): Promise<BrokerOrder[]>;
  /**
   * A broker that fills orders itself (the paper broker) looks at every working order of every
   * account at once and answers the accounts whose orders fill now: the runner asks `orders` of
   * those only. A real broker leaves it out (each account is asked).
   */
  accountsToPoll?(): Promise<Set<string>>;
  /**
   * A broker that pushes its orders' changes (Alpaca's trade updates, Tradier's account events) tells `onChange` when
   * one of the account's orders changed, and each time its stream starts (again): what changed while
   * it was down is not told. The runner then asks `orders`. A broker without a stream leaves it out.
   */
  watchOrders?(account: string, onChange: () => void): OrderWatch;
  /** The account's recent orders, every status, newest first (the Trade Monitor). */
  allOrders(account: string): Promise<BrokerOrder[]>;
  /** Places an order by hand; the same tag twice answers the existing order. */
  placeManualOrder(order: ManualOrder): Promise<BrokerOrder>;
  positions(account: string): Promise<BrokerPosition[]>;
  closedPositions(account: string): Promise<ClosedPosition[]>;
}

/** A broker's stream of one account's order changes (`watchOrders`). */
export interface OrderWatch {
  /** The stream tells of changes now (connected and listening). */
  readonly live: boolean;
  close(): void;
}

/** What a connection holds: the broker's access (none for the simulated brokerage). */
export interface BrokerCredentials {
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: Date | null;
}

export interface BrokerAccountInfo {
  accountId: string;
  accountType: AccountType | null;
  status: string | null;
}

/**
 * How a trader connects a broker (2-trading §2.7): its authorization page, the exchange of the
 * code it sends back for credentials, and the accounts those credentials reach.
 */
export interface BrokerLink {
  readonly name: BrokerName;
  /** Where to send the trader; the broker comes back to `redirectUri` with `code` and `state`. */
  authorizeUrl(state: string, redirectUri: string): string;
  exchange(code: string, redirectUri: string, userId: number): Promise<BrokerCredentials>;
  accounts(credentials: BrokerCredentials, userId: number): Promise<BrokerAccountInfo[]>;
  /**
   * A broker whose traders may connect with their own account's API key pair (Alpaca): the
   * credentials to keep for it. `accounts` then checks them.
   */
  keyCredentials?(keyId: string, secretKey: string): BrokerCredentials;
}

/**
 * A broker that opens accounts by itself: the paper broker's demo account of each user (1-core §4:
 * 100,000 to start, reset on request) and the simulated brokerage account ('SIM') of a live-capable
 * user when no real broker is configured.
 */
export interface AccountOpener {
  /** The user's account of this kind, created with 100,000.00 the first time. */
  ensureAccount(userId: number, kind: 'DEMO' | 'SIM'): Promise<string>;
  /** The user's account of this kind, or null when it was never opened. */
  accountOf(userId: number, kind: 'DEMO' | 'SIM'): Promise<string | null>;
  /** Working orders cancelled, positions removed, cash back to the starting cash. */
  reset(account: string): Promise<BrokerBalances>;
}
