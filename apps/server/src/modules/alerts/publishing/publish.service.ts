import { ALERT_PUBLISH_MSG, type CreateAlertBody, type PublishAlertResponse } from '@drat/contracts';
import { alertRiskReward } from '@drat/engine';
import type { Embed } from '../shared.repo';
import { DomainError } from '../../../core/errors';
import { plainText } from '../../../core/stored-text';
import type { MarketDataProvider } from '../../../providers/market/interface';
import { toAlertDto } from '../alert.dto';
import type { AlertRecord } from '../events/alert-events';
import type { Announcer } from '../events/announcer.service';
import type { AlertTypeRef, AlertTypesRepo } from '../types/alert-types.repo';
import type { PublishRepo } from './publish.repo';

export interface PublishOptions {
  /** The publisher (null for the 'New alert' form) and its own id of the alert (idempotency). */
  publisherId: number | null;
  externalId: string | null;
  /** The super user who filled the form. */
  createdBy?: number | null;
  /** When the alert was made (default: the market's now). The scanner's history passes past times. */
  createdAt?: Date;
  /** Tell no one (the scanner's history backfill at start-up). */
  silent?: boolean;
  /** The contracts come from the provider's own chain (the scanner): skip asking it again. */
  trustedContracts?: boolean;
}

export interface PublishServiceDeps {
  repo: PublishRepo;
  types: Pick<AlertTypesRepo, 'byName'>;
  market: MarketDataProvider;
  announcer: Pick<Announcer, 'alertPublished'>;
}

const decimal = (n: number | undefined | null) => (n === undefined || n === null ? null : String(n));

/**
 * Stores new alerts: from the publishing API (idempotent by the publisher's id), the 'New alert'
 * form and the demo scanner. The body is already valid in itself (contracts' schema); this checks
 * what needs the database and the market: the alert type, the ticker, and an options alert's
 * expiration and strikes. Risk and reward, and the company name, are computed here.
 */
export function createPublishService({ repo, types, market, announcer }: PublishServiceDeps) {
  async function alertTypeByName(name: string): Promise<AlertTypeRef> {
    const type = await types.byName(name);
    if (!type) throw DomainError.field('alert_type', ALERT_PUBLISH_MSG.unknownAlertType(name));
    return type;
  }

  /** The expiration is listed and not past, and every strike of the strategy exists on it. */
  async function checkContracts(body: CreateAlertBody): Promise<void> {
    const single = body.strategy === 'BUY CALL' || body.strategy === 'BUY PUT';
    const expiration = (single ? body.single_expiration : body.leg_one_expiration)!;
    const dateField = single ? 'single_expiration' : 'leg_one_expiration';
    if (expiration < market.calendar.dateOf(market.now()))
      throw DomainError.field(dateField, ALERT_PUBLISH_MSG.expirationPast);
    const expirations = await market.optionExpirations(body.ticker);
    if (!expirations.includes(expiration)) {
      throw DomainError.field(dateField, ALERT_PUBLISH_MSG.noSuchExpiration(body.ticker, expiration));
    }
    const strikes = new Set(await market.optionStrikes(body.ticker, expiration));
    const legs: {
      field: 'single_strike' | 'leg_one_strike' | 'leg_two_strike';
      strike: number;
      type: 'call' | 'put';
    }[] = single
      ? [{ field: 'single_strike', strike: body.single_strike!, type: body.strategy === 'BUY CALL' ? 'call' : 'put' }]
      : [
          { field: 'leg_one_strike', strike: body.leg_one_strike!, type: 'call' },
          {
            field: body.strategy === 'STRANGLE' ? 'leg_two_strike' : 'leg_one_strike',
            strike: body.strategy === 'STRANGLE' ? body.leg_two_strike! : body.leg_one_strike!,
            type: 'put',
          },
        ];
    for (const leg of legs) {
      if (!strikes.has(leg.strike)) {
        throw DomainError.field(
          leg.field,
          ALERT_PUBLISH_MSG.noSuchStrike(body.ticker, expiration, leg.strike, leg.type),
        );
      }
    }
  }

  function optionColumns(body: CreateAlertBody) {
    const none = {
      strategy: null,
      singleStrike: null,
      singleExpiration: null,
      legOneStrike: null,
      legOneExpiration: null,
      legOneType: null,
      legTwoStrike: null,
      legTwoType: null,
    };
    switch (body.strategy) {
      case undefined:
        return none;
      case 'BUY CALL':
      case 'BUY PUT':
        return {
          ...none,
          strategy: body.strategy,
          singleStrike: decimal(body.single_strike),
          singleExpiration: body.single_expiration!,
        };
      case 'STRANGLE':
      case 'STRADDLE':
        return {
          ...none,
          strategy: body.strategy,
          legOneStrike: decimal(body.leg_one_strike),
          legOneExpiration: body.leg_one_expiration!,
          legOneType: 'CALL',
          legTwoStrike: decimal(body.strategy === 'STRADDLE' ? body.leg_one_strike : body.leg_two_strike),
          legTwoType: 'PUT',
        };
    }
  }

  return {
    alertTypeByName,

    async publish(body: CreateAlertBody, options: PublishOptions): Promise<PublishAlertResponse> {
      const type = await alertTypeByName(body.alert_type);
      const view = (alert: AlertRecord, created: boolean): PublishAlertResponse => ({
        created,
        alert: toAlertDto({ alert, typeName: type.name, category: type.category }),
      });

      if (type.category === 'OPTIONS' && !body.strategy)
        throw DomainError.field('strategy', ALERT_PUBLISH_MSG.strategyRequired);
      if (options.publisherId !== null && options.externalId !== null) {
        const before = await repo.byExternalId(options.publisherId, options.externalId);
        if (before) return view(before, false);
      }
      const company = await market.company(body.ticker);
      if (!company) throw DomainError.field('ticker', ALERT_PUBLISH_MSG.unknownTicker(body.ticker));
      if (body.strategy && !options.trustedContracts) await checkContracts(body);

      const { riskPercent, rewardPercent } = alertRiskReward({
        buyRangeHigh: body.buy_range_high,
        stopLoss: body.stop_loss,
        targetRangeHigh: body.target_range_high,
      });
      let fieldId = 0;
      const embeds: Embed[] = body.embeds.map((e) => ({
        fields: e.fields.map((f) => ({ id: (fieldId += 1), label: plainText(f.label), value: plainText(f.value) })),
      }));
      const row = await repo.insert({
        alertTypeId: type.id,
        publisherId: options.publisherId,
        externalId: options.externalId,
        createdBy: options.createdBy ?? null,
        ticker: body.ticker,
        companyName: company.name,
        rating: body.rating,
        alertPrice: String(body.alert_price),
        buyRangeLow: String(body.buy_range_low),
        buyRangeHigh: String(body.buy_range_high),
        targetRangeLow: String(body.target_range_low),
        targetRangeHigh: String(body.target_range_high),
        stopLoss: String(body.stop_loss),
        riskPercent: String(riskPercent),
        rewardPercent: String(rewardPercent),
        embeds,
        notes: plainText(body.notes),
        ...optionColumns(body),
        createdAt: options.createdAt ?? market.now(),
        // The history backfill tells no one: it is born told-of.
        announcedAt: options.silent ? market.now() : null,
      });
      if (!row) {
        // The same id arrived twice at once: the other request stored it.
        const before = await repo.byExternalId(options.publisherId!, options.externalId!);
        if (!before) throw new Error('alert insert conflicted but no alert was found');
        return view(before, false);
      }
      if (!options.silent) await announcer.alertPublished({ alert: row, alertType: type });
      return view(row, true);
    },
  };
}
export type PublishService = ReturnType<typeof createPublishService>;
