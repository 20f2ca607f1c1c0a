import type { Logger } from 'pino';
import { createAlertBody, type CompanyReference, type OptionStrategy } from '@drat/contracts';
import {
  alertRiskReward,
  barVolatility,
  combineLegs,
  pickOf,
  SCAN_NOTES,
  SCAN_SETUPS,
  scanContracts,
  scanExpiration,
  scanHash,
  scanLevels,
  scanProfile,
  toPriceBars,
  type PriceBar,
} from '@drat/engine';
import type { MarketDataProvider } from '../../../providers/market/interface';
import type { AlertTypeRef, AlertTypesRepo } from '../types/alert-types.repo';
import type { ScannerRepo } from './scanner.repo';
import type { PublishersService } from '../publishing/publishers.service';
import type { PublishService } from '../publishing/publish.service';

export const SCANNER_PUBLISHER = 'DRAT Scanner';
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Every alert type gets one alert every ROTATION simulated hours: about 16/4 = 4 alerts an hour. */
export const ROTATION = 4;
/** The history a new demo database starts with. */
export const BACKFILL_HOURS = 72;

type TypeRow = AlertTypeRef;

export interface ScannerDeps {
  repo: ScannerRepo;
  types: Pick<AlertTypesRepo, 'all'>;
  market: MarketDataProvider;
  publish: PublishService;
  publishers: PublishersService;
  log: Logger;
  /** Runs only in demo mode (DEMO_SEED). */
  enabled: boolean;
}

export interface ScanResult {
  /** Slots looked at, alerts published, and slots skipped (closed market, no data). */
  slots: number;
  published: number;
  skipped: number;
}

/**
 * The demo scanner (issue 4): publishes realistic alerts for every alert type from the market, as
 * the 'DRAT Scanner' publisher. Each type has one slot every ROTATION simulated hours (types take
 * turns, so a few alerts come each hour), at a minute of the hour picked by hashing; a slot's
 * external id is `scan:{type}:{hour}:0`, so running twice, or on two nodes, publishes it once.
 * Levels come from the recent volatility of what the alert follows (the stock, or the option
 * premium for options types, whose contracts come from the provider's chain); OTC types take OTC
 * tickers. A slot whose market was closed (no recent bar) is skipped.
 */
export function createScannerService({ repo, types, market, publish, publishers, log, enabled }: ScannerDeps) {
  let universeCache: CompanyReference[] | null = null;
  let lastRunAt: number | null = null;

  async function universe(): Promise<CompanyReference[]> {
    if (!universeCache) {
      const symbols = await market.universe();
      const companies = await Promise.all(symbols.map((s) => market.company(s)));
      universeCache = companies.filter((c): c is CompanyReference => c !== null);
    }
    return universeCache;
  }

  /** The recent 1-minute bars of a symbol up to `at`, or [] when its market was closed around then. */
  async function recentBars(symbol: string, at: number, minutes: number): Promise<PriceBar[]> {
    const bars = toPriceBars(await market.bars(symbol, '1min', new Date(at - minutes * MINUTE_MS), new Date(at)));
    const last = bars[bars.length - 1];
    return last && at - last.time <= 5 * MINUTE_MS ? bars : [];
  }

  /** The option contracts of a strategy near the money at price `spot`, from the provider's chain. */
  async function chooseContracts(ticker: string, spot: number, strategy: OptionStrategy, h: number, at: number) {
    const day = new Date(at).toISOString().slice(0, 10);
    const expiration = scanExpiration(await market.optionExpirations(ticker), day, h);
    if (expiration === null) return null;
    return scanContracts(ticker, spot, strategy, expiration, await market.optionStrikes(ticker, expiration));
  }

  /** Builds and publishes the alert of one slot; false when there was nothing to publish from. */
  async function publishSlot(type: TypeRow, hour: number, publisherId: number, silent: boolean): Promise<boolean> {
    const h = scanHash(type.name, hour);
    const at = hour * HOUR_MS + (h % 60) * MINUTE_MS;
    const profile = scanProfile(type);
    const candidates = (await universe()).filter((c) =>
      profile.otc ? c.type === 'otc' : c.type !== 'otc' && (!profile.options || c.optionable),
    );
    if (candidates.length === 0) return false;
    const company = pickOf(candidates, scanHash(type.name, hour, 'ticker'));
    const ticker = company.symbol;
    const stockBars = await recentBars(ticker, at, 2 * 390);
    if (stockBars.length < 30) return false;
    const spot = stockBars[stockBars.length - 1]!.close;

    let series = stockBars;
    let options: Record<string, unknown> = {};
    let contractLabel: string | null = null;
    let strategy: OptionStrategy | null = null;
    if (profile.options) {
      strategy = pickOf(
        ['BUY CALL', 'BUY CALL', 'BUY PUT', 'BUY PUT', 'STRADDLE', 'STRANGLE'] as const,
        scanHash(type.name, hour, 'strategy'),
      );
      const chosen = await chooseContracts(ticker, spot, strategy, scanHash(type.name, hour, 'expiration'), at);
      if (!chosen) return false;
      const legs = await Promise.all(chosen.symbols.map((s) => recentBars(s, at, 390)));
      series = combineLegs(legs);
      if (series.length < 30 || series[series.length - 1]!.close < 0.1) return false;
      options = { strategy, ...chosen.fields };
      contractLabel = chosen.label;
    }

    const price = series[series.length - 1]!.close;
    const decimals = price < 1 ? 4 : 2;
    const levels = scanLevels({
      price,
      barVol: barVolatility(series.slice(-390).map((b) => b.close)),
      horizonBars: profile.horizon,
      pullback: (scanHash(type.name, hour, 'pullback') % 1000) / 1000,
      reach: 1.2 + (scanHash(type.name, hour, 'reach') % 80) / 100,
      decimals,
      minMove: profile.options ? 0.05 : 0.004,
    });
    const { riskPercent, rewardPercent } = alertRiskReward({
      buyRangeHigh: levels.buyRangeHigh,
      stopLoss: levels.stopLoss,
      targetRangeHigh: levels.targetRangeHigh,
    });
    const fmt = (n: number) => n.toFixed(decimals);
    const fields = [
      { label: 'Setup', value: pickOf(SCAN_SETUPS, scanHash(type.name, hour, 'setup')) },
      { label: 'Entry', value: `${fmt(levels.buyRangeLow)} <-> ${fmt(levels.buyRangeHigh)}` },
      { label: 'Targets', value: `${fmt(levels.targetRangeLow)} <-> ${fmt(levels.targetRangeHigh)}` },
      { label: 'Risk vs Reward', value: `${riskPercent.toFixed(2)}% <-> ${rewardPercent.toFixed(2)}%` },
      ...(contractLabel ? [{ label: 'Contract', value: contractLabel }] : []),
      { label: 'Notes', value: pickOf(SCAN_NOTES, scanHash(type.name, hour, 'notes')) },
    ];
    const parsed = createAlertBody.safeParse({
      alert_type: type.name,
      ticker,
      alert_price: levels.alertPrice,
      buy_range_low: levels.buyRangeLow,
      buy_range_high: levels.buyRangeHigh,
      target_range_low: levels.targetRangeLow,
      target_range_high: levels.targetRangeHigh,
      stop_loss: levels.stopLoss,
      rating: 1 + (scanHash(type.name, hour, 'rating') % 5),
      embeds: [{ fields }],
      notes: `${company.name}: ${pickOf(SCAN_SETUPS, scanHash(type.name, hour, 'setup')).toLowerCase()} on the ${profile.horizon >= 390 ? 'daily' : 'intraday'} chart${strategy ? ` (${strategy})` : ''}.`,
      ...options,
    });
    if (!parsed.success) {
      log.warn(
        { type: type.name, ticker, issues: parsed.error.issues },
        'alert scanner: skipped an alert that did not validate',
      );
      return false;
    }
    const res = await publish.publish(parsed.data, {
      publisherId,
      externalId: slotId(type.name, hour),
      createdAt: new Date(at),
      silent,
      trustedContracts: true,
    });
    return res.created;
  }

  const slotId = (typeName: string, hour: number) =>
    `scan:${typeName}:${new Date(hour * HOUR_MS).toISOString().slice(0, 13)}:0`;

  /** Publishes the slots of hours [fromHour, toHour] whose minute has come by `now`. */
  async function scan(fromHour: number, toHour: number, now: number, silent: boolean): Promise<ScanResult> {
    const result: ScanResult = { slots: 0, published: 0, skipped: 0 };
    if (!enabled) return result;
    const publisher = await publishers.ensureInternal(SCANNER_PUBLISHER);
    if (publisher.revoked) return result;
    const all = await types.all();
    const due: { type: TypeRow; hour: number; id: string }[] = [];
    for (let hour = fromHour; hour <= toHour; hour++) {
      all.forEach((type, i) => {
        if ((hour + i) % ROTATION !== 0) return;
        const at = hour * HOUR_MS + (scanHash(type.name, hour) % 60) * MINUTE_MS;
        if (at <= now) due.push({ type, hour, id: slotId(type.name, hour) });
      });
    }
    result.slots = due.length;
    // Slots already published cost one query for all of them.
    const done = new Set<string>();
    for (let i = 0; i < due.length; i += 500) {
      const published = await repo.published(
        publisher.id,
        due.slice(i, i + 500).map((d) => d.id),
      );
      for (const id of published) done.add(id);
    }
    for (const slot of due) {
      if (done.has(slot.id)) continue;
      try {
        if (await publishSlot(slot.type, slot.hour, publisher.id, silent)) result.published += 1;
        else result.skipped += 1;
      } catch (err) {
        result.skipped += 1;
        log.warn({ err, slot: slot.id }, 'alert scanner: a slot failed');
      }
    }
    return result;
  }

  return {
    enabled,

    /** The 'alerts.scanner' job: the slots of the last hours (more when the simulated clock runs fast). */
    async run(at?: Date): Promise<ScanResult> {
      const now = (at ?? market.now()).getTime();
      const since =
        lastRunAt === null ? 2 * HOUR_MS : Math.min(24 * HOUR_MS, Math.max(2 * HOUR_MS, now - lastRunAt + HOUR_MS));
      lastRunAt = now;
      const res = await scan(Math.floor((now - since) / HOUR_MS), Math.floor(now / HOUR_MS), now, false);
      if (res.published > 0) log.info({ ...res }, 'alert scanner run');
      return res;
    },

    /**
     * The demo history: the slots of the last `hours` simulated hours (up to an hour ago), made in
     * the past and told to no one; the lifecycle then plays them through from their creation, so
     * some are already completed when a new user first looks. Idempotent like every slot.
     */
    async backfill(hours = BACKFILL_HOURS, at?: Date): Promise<ScanResult> {
      const now = (at ?? market.now()).getTime();
      const lastHour = Math.floor(now / HOUR_MS) - 1;
      const res = await scan(lastHour - hours + 1, lastHour, now - HOUR_MS, true);
      if (res.published > 0) log.info({ ...res }, 'alert scanner: demo history published');
      return res;
    },
  };
}
export type ScannerService = ReturnType<typeof createScannerService>;
