/**
 * Outside signals (issue 26, beyond the spec): each subscriber's webhook, which accepts a
 * TradingView-style alert message (a ticker, an action, and prices or offsets) and hands it to one
 * of their money-management bots: the same filters, limits, trade and logs as a published alert.
 *
 * A message proves it comes from the subscriber in one of two ways: an `X-Drat-Signature` header
 * `sha256=<hex HMAC-SHA256 of the raw body with the webhook's secret>`, or, for senders that cannot
 * sign (TradingView sends a fixed text), the secret itself in the message's `secret` field.
 */
import { z } from 'zod';
import { exactDecimal, PRICE_DECIMALS } from './decimal';
import { tickerField } from './market';
import { messageSchema, operation } from './operation';
import { adder, onObjects, validOf } from './smart-trades-fields';

export const SIGNAL_ACTIONS = ['buy', 'sell', 'exit'] as const;
export type SignalAction = (typeof SIGNAL_ACTIONS)[number];
/** What came of a signal. */
/** RECEIVED: taken in, its outcome not yet written (in progress, or cut short by a server stopping). */
export const SIGNAL_OUTCOMES = ['RECEIVED', 'TRADED', 'CLOSED', 'SKIPPED', 'REFUSED'] as const;
export type SignalOutcome = (typeof SIGNAL_OUTCOMES)[number];
export const SIGNAL_SIGNATURE_HEADER = 'x-drat-signature';
/** A message's size at most (a TradingView alert message is at most 4,000 characters). */
export const SIGNAL_BODY_MAX = 8192;
export const SIGNAL_ID_MAX = 100;
/** The signals the list shows: the newest. */
export const SIGNAL_LIST_MAX = 200;
/** Offsets are percents of the last price, at most this far either way. */
export const SIGNAL_OFFSET_MAX = 1000;

/**
 * The most signals one webhook takes in a minute (a calendar minute), authentic ones and refused
 * ones counted apart: a flood of forged signals never holds back the owner's. More are refused with
 * a 429, unrecorded.
 */
export const SIGNAL_RATE = { max: 60, windowSeconds: 60 } as const;

export const SIGNAL_MSG = {
  hookUnknown: 'This webhook does not exist or was revoked.',
  badSignature: "The signal's signature does not match this webhook's secret.",
  notJson: 'The signal must be a JSON object.',
  tooLarge: `A signal is at most ${SIGNAL_BODY_MAX} bytes.`,
  idRequired: 'Give each signal an id (the same id twice acts once).',
  actionInvalid: 'action must be buy, sell or exit.',
  pricesOrOffsets: 'A buy signal needs prices or offsets (not both).',
  price: (label: string) => `${label} must be a price above 0.`,
  offset: (label: string) =>
    `${label} must be a percent of the last price, from -${SIGNAL_OFFSET_MAX} to ${SIGNAL_OFFSET_MAX}.`,
  entriesOrder: 'entry_1 must be below entry_2.',
  botRequired: 'Choose the bot that takes your signals.',
  botNotYours: 'Choose one of your bots.',
  botInactive: 'Choose an active bot: this one is deactivated.',
  botOptions: 'Signals buy shares: choose a bot of a stock alert category.',
  noWebhook: 'You have no webhook yet.',
  created: 'Your webhook is ready. Copy its address and secret now: the secret is not shown again.',
  botChanged: 'Signals now go to this bot.',
  revoked: 'Webhook revoked: signals sent to it are refused.',
  duplicate: (id: string) => `Signal ${id} was received before: nothing was done again.`,
} as const;

const price = (label: string) =>
  exactDecimal(
    z
      .number({ error: SIGNAL_MSG.price(label) })
      .positive({ error: SIGNAL_MSG.price(label) })
      .max(1e9),
    PRICE_DECIMALS,
    SIGNAL_MSG.price(label),
  );
const offset = (label: string) =>
  exactDecimal(
    z
      .number({ error: SIGNAL_MSG.offset(label) })
      .min(-SIGNAL_OFFSET_MAX, { error: SIGNAL_MSG.offset(label) })
      .max(SIGNAL_OFFSET_MAX, { error: SIGNAL_MSG.offset(label) }),
    4,
    SIGNAL_MSG.offset(label),
  );
const levels = <T extends z.ZodType>(field: (label: string) => T) =>
  z.object({
    entry_1: field('entry_1'),
    entry_2: field('entry_2'),
    target_1: field('target_1'),
    target_2: field('target_2'),
    stop_loss: field('stop_loss'),
  });

const signalFields = {
  /** The sender's id of this signal (TradingView: e.g. "{{ticker}}-{{timenow}}"). */
  id: z
    .string({ error: SIGNAL_MSG.idRequired })
    .trim()
    .min(1, { error: SIGNAL_MSG.idRequired })
    .max(SIGNAL_ID_MAX, { error: SIGNAL_MSG.idRequired }),
  ticker: tickerField,
  action: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(SIGNAL_ACTIONS, { error: SIGNAL_MSG.actionInvalid }),
  ),
  /** A buy's prices: two entries, two targets (target_1 the lower), the stop. */
  prices: levels(price).optional(),
  /** Or each level as a percent of the last price (entry_1: -1 is 1% below it). */
  offsets: levels(offset).optional(),
  /** For senders that cannot sign: the webhook's secret. */
  secret: z.string().max(200).optional(),
};

/** POST /signals/hook/{key}: the message. */
export const signalMessage = z.object(signalFields).check(
  z.superRefine((raw: Record<string, unknown>, ctx) => {
    const { v } = validOf(signalFields, raw);
    const add = adder(ctx);
    if (v.action === 'buy' && (raw.prices === undefined) === (raw.offsets === undefined)) {
      add(['prices'], SIGNAL_MSG.pricesOrOffsets);
    }
    const lv = v.prices ?? v.offsets;
    if (lv && lv.entry_1 >= lv.entry_2) add([v.prices ? 'prices' : 'offsets', 'entry_1'], SIGNAL_MSG.entriesOrder);
  }, onObjects),
);
export type SignalMessage = z.infer<typeof signalMessage>;

/** The webhook as its owner sees it after it was made (the secret and the full address never again). */
export const webhookSchema = z.object({
  bot_id: z.number(),
  bot_name: z.string(),
  /** The address's last characters, to tell webhooks apart. */
  url_end: z.string(),
  created: z.string(),
  last_signal: z.string().nullable(),
});
export type WebhookDto = z.infer<typeof webhookSchema>;
export const webhookReplySchema = z.object({ data: webhookSchema.nullable() });
/** Made or rotated: the address and the secret, shown once. */
export const webhookCreatedSchema = messageSchema.extend({ data: webhookSchema, url: z.string(), secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;
export const webhookBotBody = z.object({
  bot_id: z.number({ error: SIGNAL_MSG.botRequired }).int().positive({ error: SIGNAL_MSG.botRequired }),
});

export const signalSchema = z.object({
  id: z.number(),
  signal_id: z.string(),
  ticker: z.string(),
  action: z.string(),
  outcome: z.enum(SIGNAL_OUTCOMES),
  text: z.string(),
  trade_id: z.number().nullable(),
  bot_id: z.number().nullable(),
  created: z.string(),
});
export type SignalDto = z.infer<typeof signalSchema>;
export const signalListSchema = z.object({ data: z.array(signalSchema) });
/** What the sender is told. */
export const signalReplySchema = z.object({
  status: z.enum(['TRADED', 'CLOSED', 'SKIPPED', 'REFUSED', 'DUPLICATE']),
  message: z.string(),
});
export type SignalReply = z.infer<typeof signalReplySchema>;

const TAG = 'Signals';
const hookParams = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: SIGNAL_MSG.hookUnknown }),
});

export const SIGNALS_API = {
  webhook: operation({
    method: 'GET',
    path: '/signals/webhook',
    operationId: 'getSignalWebhook',
    summary: "The caller's signal webhook (its bot and the end of its address), or null",
    tag: TAG,
    response: webhookReplySchema,
    errors: [401, 403],
  }),
  createWebhook: operation({
    method: 'POST',
    path: '/signals/webhook/',
    operationId: 'createSignalWebhook',
    summary: 'Make (or rotate) the caller’s webhook for a bot; answers its address and secret, once',
    description:
      'Needs a fresh password (403 with code PASSWORD_CONFIRMATION_REQUIRED, reason SIGNAL_WEBHOOK): the webhook places trades on the bot’s account.',
    tag: TAG,
    body: webhookBotBody,
    response: webhookCreatedSchema,
    errors: [400, 401, 403],
  }),
  webhookBot: operation({
    method: 'POST',
    path: '/signals/webhook/bot/',
    operationId: 'setSignalWebhookBot',
    summary: 'Send the webhook’s signals to another of the caller’s bots (the password again)',
    tag: TAG,
    body: webhookBotBody,
    response: messageSchema.extend({ data: webhookSchema }),
    errors: [400, 401, 403, 404],
    description: 'Needs a fresh password (reason SIGNAL_WEBHOOK), as making the webhook does.',
  }),
  revokeWebhook: operation({
    method: 'POST',
    path: '/signals/webhook/revoke/',
    operationId: 'revokeSignalWebhook',
    summary: 'Revoke the caller’s webhook: signals sent to it are refused (and logged)',
    tag: TAG,
    response: messageSchema,
    errors: [401, 403, 404],
  }),
  signals: operation({
    method: 'GET',
    path: '/signals',
    operationId: 'listSignals',
    summary: 'The signals the caller’s webhook received, newest first, each with what it did and why',
    tag: TAG,
    response: signalListSchema,
    errors: [401, 403],
  }),
  receive: operation({
    method: 'POST',
    path: '/signals/hook/:key',
    operationId: 'receiveSignal',
    summary: 'Receive a signal (TradingView-style JSON), signed with the webhook’s secret',
    description:
      'Signed by an X-Drat-Signature header (sha256=<hex HMAC-SHA256 of the raw body with the secret>) or, for senders that cannot sign, with the secret in the `secret` field. The same `id` twice acts once. At most 60 signals a minute per webhook (429 beyond, with Retry-After).',
    tag: TAG,
    params: hookParams,
    consumes: ['application/json', 'text/plain'],
    response: signalReplySchema,
    errors: [400, 401, 404, 413, 429],
    public: true,
  }),
} as const;
