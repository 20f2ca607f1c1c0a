/**
 * Where alerts come from (issue 4): the publishing API of the analysts' tools
 * (POST /alerts/publish with a publisher's API key), the super user's 'New alert' form
 * (POST /alerts/create/) and the publisher keys (POST/GET /alerts/publishers,
 * DELETE /alerts/publishers/{id}). One schema validates both ways in.
 */
import { z } from 'zod';
import { fromDecimalText, priceField, textIdField } from './amounts';
import { alertDtoSchema } from './alerts';
import { PRICE_DECIMALS } from './decimal';
import { expirationDateField, strategyField, strikeField, tickerField } from './market';
import { messageSchema, operation } from './operation';
import { MARKET_MSG } from './trading-texts';

export const ALERT_PUBLISH_MSG = {
  required: 'This field is required.',
  number: (label: string) => `${label} must be a number.`,
  positive: (label: string) => `${label} must be greater than 0.`,
  tooLarge: (label: string) => `${label} must be at most 1,000,000,000.`,
  tooPrecise: (label: string) => `${label} has more than ${PRICE_DECIMALS} decimals.`,
  buyRangeOrder: 'Buy Range High must be greater than Buy Range Low.',
  targetRangeOrder: 'Target Range High must be greater than Target Range Low.',
  stopOrder: 'Stop Loss must be smaller than buy range low.',
  targetOverBuy: 'Target Range Low must be greater than Buy Range High.',
  rating: 'Rating is a whole number of stars from 0 to 5.',
  idInvalid: 'id is the publisher\u2019s own id of the alert: 1 to 200 characters.',
  alertTypeRequired: 'Give the alert type by name, e.g. SWING-ALERTS.',
  unknownAlertType: (name: string) => `Unknown alert type: ${name}.`,
  unknownTicker: (ticker: string) => `Unknown ticker: ${ticker}.`,
  strategyRequired: 'An OPTIONS alert needs a strategy: BUY CALL, BUY PUT, STRANGLE or STRADDLE.',
  optionsNeedStrategy: 'Strikes and expirations come with a strategy: BUY CALL, BUY PUT, STRANGLE or STRADDLE.',
  strangleOrder: 'LEG ONE STRIKE PRICE must be greater than LEG TWO STRIKE PRICE',
  strangleUnequal: 'Two leg strikes are meant to be unequal for STRANGLE type.',
  straddleEqual: 'Two leg strikes are meant to be equal for STRADDLE type.',
  expirationPast: 'The expiration date cannot be before today.',
  noSuchExpiration: MARKET_MSG.noSuchExpiration,
  noSuchStrike: MARKET_MSG.noSuchStrike,
  embedLabel: 'Each embed field needs a label (or name) of 1 to 256 characters.',
  embedValue: 'An embed field value is at most 1,024 characters.',
  embedsTooMany: 'At most 10 embeds of at most 25 fields each.',
  notesTooLong: 'Notes are at most 4,000 characters.',
  // Publisher keys
  keyMissing: 'Send the publisher API key as "Authorization: Bearer <key>" or "X-Api-Key: <key>".',
  keyInvalid: 'Invalid or revoked API key.',
  publisherNameRequired: 'Give the publisher a name of 1 to 100 characters.',
  publisherNotFound: 'Publisher not found.',
  publisherRevoked: (name: string) => `The API key of ${name} is revoked.`,
} as const;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/**
 * A price: a number (or a numeric string) above 0, with at most 8 decimals (the column's: more would
 * be rounded away silently). Named in messages by its form label.
 */
function alertPrice(label: string) {
  // A publisher may quote its prices ("12.50"): decimal digits are read, any other text is refused.
  return z.preprocess(
    blankToUndefined,
    fromDecimalText(
      priceField(label, {
        type: (issue) => (issue.input === undefined ? ALERT_PUBLISH_MSG.required : ALERT_PUBLISH_MSG.number(label)),
        least: ALERT_PUBLISH_MSG.positive(label),
        most: ALERT_PUBLISH_MSG.tooLarge(label),
        precise: ALERT_PUBLISH_MSG.tooPrecise(label),
      }),
    ),
  );
}

const optionalBlank = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** A Discord-style embed field: `label` (or Discord's `name`) and `value`. */
const embedField = z.preprocess(
  (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const f = v as Record<string, unknown>;
      const value = typeof f.value === 'number' ? String(f.value) : f.value;
      return { label: f.label ?? f.name, value: value ?? '' };
    }
    return v;
  },
  z.object({
    label: z
      .string({ error: ALERT_PUBLISH_MSG.embedLabel })
      .trim()
      .min(1, { error: ALERT_PUBLISH_MSG.embedLabel })
      .max(256, { error: ALERT_PUBLISH_MSG.embedLabel }),
    value: z.string({ error: ALERT_PUBLISH_MSG.embedValue }).max(1024, { error: ALERT_PUBLISH_MSG.embedValue }),
  }),
);

const embedsField = z
  .array(z.object({ fields: z.array(embedField).max(25, { error: ALERT_PUBLISH_MSG.embedsTooMany }).default([]) }), {
    error: ALERT_PUBLISH_MSG.embedsTooMany,
  })
  .max(10, { error: ALERT_PUBLISH_MSG.embedsTooMany });

/** The fields of an alert, shared by the publishing API and the 'New alert' form. */
const alertFields = z.object({
  alert_type: z
    .string({ error: ALERT_PUBLISH_MSG.alertTypeRequired })
    .trim()
    .min(1, { error: ALERT_PUBLISH_MSG.alertTypeRequired })
    .max(100)
    .transform((s) => s.toUpperCase()),
  ticker: tickerField,
  alert_price: alertPrice('Alert Price'),
  buy_range_low: alertPrice('Buy Range Low'),
  buy_range_high: alertPrice('Buy Range High'),
  target_range_low: alertPrice('Target Range Low'),
  target_range_high: alertPrice('Target Range High'),
  stop_loss: alertPrice('Stop Loss'),
  rating: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v)),
    z
      .number({ error: ALERT_PUBLISH_MSG.rating })
      .int({ error: ALERT_PUBLISH_MSG.rating })
      .min(0, { error: ALERT_PUBLISH_MSG.rating })
      .max(5, { error: ALERT_PUBLISH_MSG.rating })
      .default(0),
  ),
  embeds: z.preprocess(blankToUndefined, embedsField.default([])),
  notes: z.preprocess(blankToUndefined, z.string().max(4000, { error: ALERT_PUBLISH_MSG.notesTooLong }).default('')),
  // Options (2-trading §5.2): leg one is the CALL, leg two the PUT, both on leg_one_expiration.
  strategy: optionalBlank(strategyField),
  single_strike: optionalBlank(strikeField),
  single_expiration: optionalBlank(expirationDateField),
  leg_one_strike: optionalBlank(strikeField),
  leg_two_strike: optionalBlank(strikeField),
  leg_one_expiration: optionalBlank(expirationDateField),
});

type AlertFields = z.infer<typeof alertFields>;

/** The ordering rules of the prices, and the options rules of 2-trading §5.2; each names its field. */
function checkAlert(a: AlertFields, ctx: z.RefinementCtx): void {
  const issue = (path: keyof AlertFields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!(a.buy_range_high > a.buy_range_low)) issue('buy_range_high', ALERT_PUBLISH_MSG.buyRangeOrder);
  if (!(a.target_range_high > a.target_range_low)) issue('target_range_high', ALERT_PUBLISH_MSG.targetRangeOrder);
  if (!(a.stop_loss < a.buy_range_low)) issue('stop_loss', ALERT_PUBLISH_MSG.stopOrder);
  if (!(a.target_range_low > a.buy_range_high)) issue('target_range_low', ALERT_PUBLISH_MSG.targetOverBuy);

  const need = (key: keyof AlertFields) => {
    if (a[key] === undefined) issue(key, ALERT_PUBLISH_MSG.required);
  };
  switch (a.strategy) {
    case undefined:
      for (const key of [
        'single_strike',
        'single_expiration',
        'leg_one_strike',
        'leg_two_strike',
        'leg_one_expiration',
      ] as const) {
        if (a[key] !== undefined) {
          issue('strategy', ALERT_PUBLISH_MSG.optionsNeedStrategy);
          break;
        }
      }
      return;
    case 'BUY CALL':
    case 'BUY PUT':
      need('single_strike');
      need('single_expiration');
      return;
    case 'STRANGLE':
      need('leg_one_strike');
      need('leg_two_strike');
      need('leg_one_expiration');
      if (a.leg_one_strike !== undefined && a.leg_two_strike !== undefined) {
        if (a.leg_one_strike === a.leg_two_strike) issue('leg_two_strike', ALERT_PUBLISH_MSG.strangleUnequal);
        else if (a.leg_one_strike < a.leg_two_strike) issue('leg_one_strike', ALERT_PUBLISH_MSG.strangleOrder);
      }
      return;
    case 'STRADDLE':
      need('leg_one_strike');
      need('leg_one_expiration');
      if (a.leg_one_strike !== undefined && a.leg_two_strike !== undefined && a.leg_two_strike !== a.leg_one_strike) {
        issue('leg_two_strike', ALERT_PUBLISH_MSG.straddleEqual);
      }
  }
}

/** POST /alerts/create/ (the super user's 'New alert' form). */
export const createAlertBody = alertFields.superRefine(checkAlert);
export type CreateAlertBody = z.infer<typeof createAlertBody>;

/** POST /alerts/publish: the alert plus the publisher's own `id` for it (publishing it again changes nothing). */
export const publishAlertBody = alertFields
  .extend({
    id: z.preprocess(
      (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
      z
        .string({
          error: (issue) => (issue.input === undefined ? ALERT_PUBLISH_MSG.required : ALERT_PUBLISH_MSG.idInvalid),
        })
        .trim()
        .min(1, { error: ALERT_PUBLISH_MSG.idInvalid })
        .max(200, { error: ALERT_PUBLISH_MSG.idInvalid }),
    ),
  })
  .superRefine(checkAlert);
export type PublishAlertBody = z.infer<typeof publishAlertBody>;

/** 200 of POST /alerts/publish and /alerts/create/: `created` is false when the id was published before. */
export const publishAlertResponseSchema = z.object({ created: z.boolean(), alert: alertDtoSchema });
export type PublishAlertResponse = z.infer<typeof publishAlertResponseSchema>;

export const createPublisherBody = z.object({
  name: z
    .string({ error: ALERT_PUBLISH_MSG.publisherNameRequired })
    .trim()
    .min(1, { error: ALERT_PUBLISH_MSG.publisherNameRequired })
    .max(100, { error: ALERT_PUBLISH_MSG.publisherNameRequired }),
});

export const publisherIdParams = z.object({ id: textIdField(ALERT_PUBLISH_MSG.publisherNotFound) });

/** A publisher as super users see it: the key itself is never shown again after creation. */
export const alertPublisherDtoSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart. */
  key_prefix: z.string(),
  created: z.string(),
  revoked: z.string().nullable(),
  /** Alerts it has published. */
  alerts: z.number(),
});
export type AlertPublisherDto = z.infer<typeof alertPublisherDtoSchema>;

/** GET /alerts/publishers. */
export const alertPublishersResponseSchema = z.object({ data: z.array(alertPublisherDtoSchema) });
export type AlertPublishersResponse = z.infer<typeof alertPublishersResponseSchema>;

/** POST /alerts/publishers: the only time the key is shown. */
export const createdPublisherDtoSchema = z.object({
  id: z.number(),
  name: z.string(),
  key: z.string(),
  key_prefix: z.string(),
});
export type CreatedPublisherDto = z.infer<typeof createdPublisherDtoSchema>;

/* ---- Operations ------------------------------------------------------------------------------- */

/**
 * Publishing alerts: the analysts' tools with their API key (public for the session check: the key
 * is checked before the body is read), and the super users' 'New alert' form and publisher keys.
 */
export const ALERT_PUBLISHING_API = {
  publish: operation({
    method: 'POST',
    path: '/alerts/publish',
    operationId: 'publishAlert',
    summary: "Publish an alert with a publisher's API key",
    description:
      'Publish an alert as an analyst tool. Authenticate with `Authorization: Bearer <api key>` or `X-Api-Key`. ' +
      'Publishing the same `id` again returns the stored alert with `created: false`.',
    tag: 'alerts publishing',
    body: publishAlertBody,
    response: publishAlertResponseSchema,
    errors: [400, 401, 503],
    public: true,
  }),
  create: operation({
    method: 'POST',
    path: '/alerts/create/',
    operationId: 'createAlert',
    summary: "Publish an alert from the 'New alert' form (super users)",
    description:
      'Send an `Idempotency-Key` header so that a publish retried after a lost answer makes one alert: ' +
      'the repeat gets the first answer again.',
    tag: 'alerts publishing',
    body: createAlertBody,
    response: publishAlertResponseSchema,
    errors: [400, 401, 403, 409, 422, 503],
    idempotent: true,
  }),
  createPublisher: operation({
    method: 'POST',
    path: '/alerts/publishers',
    operationId: 'createAlertPublisher',
    summary: 'Add a publisher and show its new API key, once (super users)',
    tag: 'alerts publishing',
    body: createPublisherBody,
    response: createdPublisherDtoSchema,
    errors: [400, 401, 403],
  }),
  publishers: operation({
    method: 'GET',
    path: '/alerts/publishers',
    operationId: 'listAlertPublishers',
    summary: 'Every publisher with its key prefix and number of alerts (super users)',
    tag: 'alerts publishing',
    response: alertPublishersResponseSchema,
    errors: [401, 403],
  }),
  revokePublisher: operation({
    method: 'DELETE',
    path: '/alerts/publishers/:id',
    operationId: 'revokeAlertPublisher',
    summary: "Revoke a publisher's API key (super users)",
    tag: 'alerts publishing',
    params: publisherIdParams,
    response: messageSchema,
    errors: [400, 401, 403, 404],
  }),
} as const;
