/**
 * Live trading on a brokerage account (2-trading §2.5-§2.7, §4, §7; 1-core §2 dashboard): the
 * broker's authorization, the trader's accounts and balances, the Trade Monitor's orders, open and
 * closed positions, an order's modify and a position's exit. Brokers: the simulated brokerage
 * (offline, always there), Tradier, Alpaca. Messages in the spec's words where it gives them.
 */
import { z } from 'zod';
import { priceField, quantityField } from './amounts';
import { messageSchema, operation } from './operation';
import { ORDER_CLASSES, ORDER_DURATIONS, ORDER_SIDES, ORDER_TYPES } from './smart-trades';
import { accountIdField } from './smart-trades-fields';
import { BROKERS, BROKER_MSG } from './trading-texts';

/* ---- Constants (2-trading §9) ----------------------------------------------------------------- */

export type OrderType = (typeof ORDER_TYPES)[number];
export type OrderDuration = (typeof ORDER_DURATIONS)[number];
export type OrderSide = (typeof ORDER_SIDES)[number];
export type OrderClass = (typeof ORDER_CLASSES)[number];

/** Account types: Available Funds is hidden for CASH accounts (2-trading §2.7). */
export const ACCOUNT_TYPES = ['CASH', 'MARGIN', 'PDT'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Broker Settings' warning shows this long before the broker authorization ends. */
export const AUTHORIZATION_WARNING_HOURS = 2;

/** Balances are kept this long per account (1-core §7 "cached 3 minutes per account"). */
export const ACCOUNT_INFO_CACHE_SECONDS = 180;

/* ---- Requests --------------------------------------------------------------------------------- */

const choice = <T extends readonly [string, ...string[]]>(values: T, required: string, label: string) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? required : BROKER_MSG.choose(label, values)),
  });

const orderPrice = (label: string) =>
  priceField(label, { type: BROKER_MSG.pricePositive, least: BROKER_MSG.pricePositive })
    .nullish()
    .transform((v) => v ?? null);

/** `{ account_id }`: account-info, set-current-account, trade-list, positions-list. */
export const accountIdBody = z.object({ account_id: accountIdField });
export type AccountIdBody = z.infer<typeof accountIdBody>;

/** Order types that carry a limit price, and those that carry a stop price. */
export const PRICED_ORDER_TYPES: readonly OrderType[] = ['limit', 'stop_limit', 'debit', 'credit'];
export const STOP_ORDER_TYPES: readonly OrderType[] = ['stop', 'stop_limit'];

/** A limit price for limit orders, a stop for stop orders, both for stop limits. */
function pricesFor(
  v: { order_type: OrderType; price: number | null; stop: number | null },
  ctx: z.core.$RefinementCtx,
): void {
  if (PRICED_ORDER_TYPES.includes(v.order_type) && v.price === null) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: BROKER_MSG.priceRequired(v.order_type) });
  }
  if (STOP_ORDER_TYPES.includes(v.order_type) && v.stop === null) {
    ctx.addIssue({ code: 'custom', path: ['stop'], message: BROKER_MSG.stopRequired(v.order_type) });
  }
}

/** POST /livetrading/modify-live-order/ (2-trading §5.5: order type and duration required). */
export const modifyLiveOrderBody = z
  .object({
    account_id: accountIdField,
    order_id: z.union([z.string(), z.number()], { error: BROKER_MSG.orderIdRequired }).transform(String),
    order_type: choice(ORDER_TYPES, BROKER_MSG.orderTypeRequired, 'Order type'),
    duration: choice(ORDER_DURATIONS, BROKER_MSG.durationRequired, 'Duration'),
    price: orderPrice('Price'),
    stop: orderPrice('Stop'),
  })
  .superRefine(pricesFor);
export type ModifyLiveOrderBody = z.infer<typeof modifyLiveOrderBody>;

/** POST /livetrading/place-tradier-order/: a super user's order, a position's Exit (§5.5: type, duration, side, class required). */
export const placeBrokerOrderBody = z
  .object({
    account_id: accountIdField,
    order_class: choice(ORDER_CLASSES, BROKER_MSG.classRequired, 'Class'),
    symbol: z
      .string({ error: BROKER_MSG.symbolRequired })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z][A-Z0-9.]{0,9}$/, { error: BROKER_MSG.symbolRequired }),
    option_symbol: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{1,6}\d{6}[CP]\d{8}$/, { error: BROKER_MSG.optionSymbolRequired })
      .nullish()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
    order_type: choice(ORDER_TYPES, BROKER_MSG.orderTypeRequired, 'Order type'),
    duration: choice(ORDER_DURATIONS, BROKER_MSG.durationRequired, 'Duration'),
    side: choice(ORDER_SIDES, BROKER_MSG.sideRequired, 'Side'),
    quantity: quantityField({ type: BROKER_MSG.quantityRequired, least: BROKER_MSG.quantityRequired }),
    price: orderPrice('Price'),
    stop: orderPrice('Stop'),
  })
  .superRefine((v, ctx) => {
    pricesFor(v, ctx);
    if (v.order_class === 'option' && v.option_symbol === null) {
      ctx.addIssue({ code: 'custom', path: ['option_symbol'], message: BROKER_MSG.optionSymbolRequired });
    }
    const optionSide = v.side.includes('_to_');
    if (optionSide !== (v.order_class === 'option')) {
      ctx.addIssue({
        code: 'custom',
        path: ['side'],
        message: BROKER_MSG.choose(
          'Side',
          ORDER_SIDES.filter((s) => s.includes('_to_') === (v.order_class === 'option')),
        ),
      });
    }
  });
export type PlaceBrokerOrderBody = z.infer<typeof placeBrokerOrderBody>;

/** POST /livetrading/auth-code-setup/: which broker to authorize (the simulated brokerage if none). */
export const authCodeSetupBody = z
  .object({ broker: z.enum(BROKERS, { error: BROKER_MSG.choose('Broker', BROKERS) }).optional() })
  .optional();
export const authCodeSetupReplySchema = z.object({ url: z.string(), broker: z.enum(BROKERS) });
export type AuthCodeSetupReply = z.infer<typeof authCodeSetupReplySchema>;

/** POST /livetrading/broker-keys/: a broker that takes a trader's own API key pair (Alpaca). */
export const brokerKeysBody = z.object({
  broker: z.enum(BROKERS, { error: BROKER_MSG.choose('Broker', BROKERS) }),
  key_id: z
    .string({ error: BROKER_MSG.keyIdRequired })
    .trim()
    .min(1, { error: BROKER_MSG.keyIdRequired })
    .max(200, { error: BROKER_MSG.keyTooLong }),
  secret_key: z
    .string({ error: BROKER_MSG.secretKeyRequired })
    .trim()
    .min(1, { error: BROKER_MSG.secretKeyRequired })
    .max(200, { error: BROKER_MSG.keyTooLong }),
});
export type BrokerKeysBody = z.infer<typeof brokerKeysBody>;

/** POST /livetrading/auth-code/: the code and state the broker sent back to /trade/settings. */
export const authCodeBody = z.object({
  code: z.string({ error: BROKER_MSG.authRefused }).trim().min(1, { error: BROKER_MSG.authRefused }).max(2000),
  state: z.string({ error: BROKER_MSG.authLinkInvalid }).trim().min(1, { error: BROKER_MSG.authLinkInvalid }).max(200),
});
export type AuthCodeBody = z.infer<typeof authCodeBody>;

/* ---- Answers ---------------------------------------------------------------------------------- */

/** One of the trader's brokerage accounts; `connected` is the one live trades go to (1-core §3). */
export const brokerAccountSchema = z.object({
  account_id: z.string(),
  connected: z.boolean(),
  broker: z.enum(BROKERS),
  account_type: z.enum(ACCOUNT_TYPES).nullable(),
});
export type BrokerAccount = z.infer<typeof brokerAccountSchema>;

export const syncAccountsReplySchema = z.object({ message: z.string(), accounts: z.array(brokerAccountSchema) });
export type SyncAccountsReply = z.infer<typeof syncAccountsReplySchema>;

export const authCodeReplySchema = syncAccountsReplySchema.extend({
  broker: z.enum(BROKERS),
  is_live_trader: z.literal(true),
});
export type AuthCodeReply = z.infer<typeof authCodeReplySchema>;

/** POST /livetrading/account-info/: the account's balances (1-core §3 "Live account", 2-trading §2.7 cards). */
export const accountInfoSchema = z.object({
  account_id: z.string(),
  broker: z.enum(BROKERS),
  account_type: z.enum(ACCOUNT_TYPES),
  live_account_value: z.number(),
  live_buying_power: z.number(),
  live_equities_value: z.number(),
  cash: z.number(),
  /** Margin and PDT accounts only (null for CASH: the card is hidden). */
  available_funds: z.number().nullable(),
  /** When the broker was asked (answers are kept ACCOUNT_INFO_CACHE_SECONDS). */
  as_of: z.string(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;
export const accountInfoResponseSchema = z.object({ data: accountInfoSchema });
export type AccountInfoResponse = z.infer<typeof accountInfoResponseSchema>;

/** A brokerage order in the Trade Monitor (2-trading §2.5). */
export const brokerOrderSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  option_symbol: z.string().nullable(),
  class: z.enum(['equity', 'option', 'multileg']),
  side: z.string(),
  type: z.string(),
  duration: z.string(),
  price: z.number().nullable(),
  stop_price: z.number().nullable(),
  quantity: z.number(),
  exec_quantity: z.number(),
  avg_fill_price: z.number().nullable(),
  status: z.string(),
  create_date: z.string(),
  transaction_date: z.string(),
  belongs_to_multileg: z.boolean(),
  /** Our client order id, when a smart trade placed it. */
  tag: z.string().nullable(),
  /** Open or pending, not in a multileg: the Modify action is enabled. */
  modifiable: z.boolean(),
});
export type BrokerOrderRow = z.infer<typeof brokerOrderSchema>;
const orders = z.array(brokerOrderSchema);
export const tradeListResponseSchema = z.object({
  data: z.object({
    all_orders: orders,
    queued_orders: orders,
    working_orders: orders,
    filled_orders: orders,
    cancelled_orders: orders,
  }),
});
export type TradeListResponse = z.infer<typeof tradeListResponseSchema>;

/** 2-trading §2.6 position fields. */
export const openPositionSchema = z.object({
  symbol: z.string(),
  quantity: z.number(),
  cost_basis: z.number(),
  date_acquired: z.string(),
  /** Equity or option (an OCC symbol), for the Exit order's class. */
  class: z.enum(['equity', 'option']),
});
export const closedPositionSchema = z.object({
  symbol: z.string(),
  quantity: z.number(),
  cost: z.number(),
  proceeds: z.number(),
  gain_loss: z.number(),
  gain_loss_percent: z.number().nullable(),
  open_date: z.string(),
  close_date: z.string(),
});
export type OpenPosition = z.infer<typeof openPositionSchema>;
export type ClosedPositionRow = z.infer<typeof closedPositionSchema>;
export const positionsResponseSchema = z.object({
  data: z.object({ open_positions: z.array(openPositionSchema), closed_positions: z.array(closedPositionSchema) }),
});
export type PositionsResponse = z.infer<typeof positionsResponseSchema>;

/** GET /livetrading/all-account-id-list/ (super users): every brokerage account with its owner. */
export const allAccountsResponseSchema = z.object({
  data: z.object({
    accounts: z.array(z.object({ account_id: z.string(), email: z.string(), broker: z.enum(BROKERS) })),
  }),
});
export type AllAccountsResponse = z.infer<typeof allAccountsResponseSchema>;

export const brokerOrderReplySchema = messageSchema.extend({ data: brokerOrderSchema });

/**
 * GET /livetrading/broker-connection/: the Broker Settings page's broker menu (the brokers this
 * server offers) and the caller's connection, with when its authorization ends.
 */
export const brokerConnectionResponseSchema = z.object({
  data: z.object({
    /** `keys`: the broker also takes the trader's own API key pair (POST /livetrading/broker-keys/). */
    offered: z.array(z.object({ broker: z.enum(BROKERS), label: z.string(), keys: z.boolean() })),
    connection: z
      .object({
        broker: z.enum(BROKERS),
        label: z.string(),
        /** When the accounts were last read from the broker (authorization or sync). */
        synced_at: z.string(),
        /** Null when the authorization does not lapse (the simulated brokerage). */
        expires_at: z.string().nullable(),
        expired: z.boolean(),
        /** It ends within AUTHORIZATION_WARNING_HOURS: the trader is told to re-authorize. */
        ends_soon: z.boolean(),
      })
      .nullable(),
  }),
});
export type BrokerConnectionResponse = z.infer<typeof brokerConnectionResponseSchema>;

export type BrokerOrderReply = z.infer<typeof brokerOrderReplySchema>;

/* ---- Operations ------------------------------------------------------------------------------- */

const TAG = 'brokerage';

/** The brokerage calls (2-trading §7, 1-core §7). Live traders and super users; signed-in only. */
export const BROKERAGE_API = {
  accountInfo: operation({
    method: 'POST',
    path: '/livetrading/account-info/',
    operationId: 'getAccountInfo',
    summary: "A brokerage account's balances (kept 3 minutes per account)",
    tag: TAG,
    body: accountIdBody,
    response: accountInfoResponseSchema,
    errors: [400, 401, 403, 404, 502, 503],
  }),
  setCurrentAccount: operation({
    method: 'POST',
    path: '/livetrading/set-current-account/',
    operationId: 'setCurrentAccount',
    summary: 'Choose the account live trades go to',
    tag: TAG,
    body: accountIdBody,
    response: syncAccountsReplySchema,
    errors: [400, 401, 403, 404],
  }),
  syncAccounts: operation({
    method: 'POST',
    path: '/livetrading/sync-accounts/',
    operationId: 'syncAccounts',
    summary: "Read the caller's accounts from the broker again",
    tag: TAG,
    response: syncAccountsReplySchema,
    errors: [401, 403, 409, 502, 503],
  }),
  tradeList: operation({
    method: 'POST',
    path: '/livetrading/trade-list/',
    operationId: 'listBrokerOrders',
    summary: "An account's orders at the broker, by Trade Monitor tab",
    tag: TAG,
    body: accountIdBody,
    response: tradeListResponseSchema,
    errors: [400, 401, 403, 404, 502, 503],
  }),
  allAccounts: operation({
    method: 'GET',
    path: '/livetrading/all-account-id-list/',
    operationId: 'listAllBrokerAccounts',
    summary: "Every user's brokerage accounts with the owner's e-mail (super users)",
    tag: TAG,
    response: allAccountsResponseSchema,
    errors: [401, 403],
  }),
  positions: operation({
    method: 'POST',
    path: '/livetrading/positions-list/',
    operationId: 'listPositions',
    summary: "An account's open and closed positions",
    tag: TAG,
    body: accountIdBody,
    response: positionsResponseSchema,
    errors: [400, 401, 403, 404, 502, 503],
  }),
  modifyOrder: operation({
    method: 'POST',
    path: '/livetrading/modify-live-order/',
    operationId: 'modifyBrokerOrder',
    summary: 'Change the type, duration or prices of an open or pending order',
    tag: TAG,
    body: modifyLiveOrderBody,
    response: brokerOrderReplySchema,
    errors: [400, 401, 403, 404, 409, 422, 502, 503],
  }),
  placeOrder: operation({
    method: 'POST',
    path: '/livetrading/place-tradier-order/',
    operationId: 'placeBrokerOrder',
    summary: "Place an order on a brokerage account (super users: a position's Exit)",
    description:
      'Recorded before it is sent; an answer lost on the way is reconciled by the order tag, never sent ' +
      'again. Send an `Idempotency-Key` header so that a retried request places one order.',
    tag: TAG,
    body: placeBrokerOrderBody,
    response: brokerOrderReplySchema,
    errors: [400, 401, 403, 404, 409, 422, 502, 503],
    idempotent: true,
  }),
  authCodeSetup: operation({
    method: 'POST',
    path: '/livetrading/auth-code-setup/',
    operationId: 'startBrokerAuthorization',
    summary: "The broker's authorization page to send the trader to",
    tag: TAG,
    body: authCodeSetupBody,
    response: authCodeSetupReplySchema,
    errors: [400, 401, 403],
  }),
  brokerConnection: operation({
    method: 'GET',
    path: '/livetrading/broker-connection/',
    operationId: 'getBrokerConnection',
    summary: "The brokers offered and the caller's connection (Broker Settings)",
    tag: TAG,
    response: brokerConnectionResponseSchema,
    errors: [401, 403],
  }),
  brokerKeys: operation({
    method: 'POST',
    path: '/livetrading/broker-keys/',
    operationId: 'connectBrokerWithKeys',
    summary: "Connect a broker with the trader's own API key pair: the trader trades live from now on",
    description:
      'Asks for a fresh password (reason AUTHORIZATION). The pair is checked with the broker, then kept sealed.',
    tag: TAG,
    body: brokerKeysBody,
    response: authCodeReplySchema,
    errors: [400, 401, 403, 502, 503],
  }),
  authCode: operation({
    method: 'POST',
    path: '/livetrading/auth-code/',
    operationId: 'finishBrokerAuthorization',
    summary: "Exchange the broker's code for access: the trader trades live from now on",
    tag: TAG,
    body: authCodeBody,
    response: authCodeReplySchema,
    errors: [400, 401, 403, 502, 503],
  }),
} as const;
