/**
 * Money-management bots (3-bots-admin-public §2.1, §2.2; docs/bot-rules.md), built as the trading
 * area is (docs/architecture.md, "Adding an area"):
 *
 * - bots.service.ts   the owners' and super users' calls: create, update, deactivate, archive, lists, logs
 * - matcher.service.ts  a published alert meets the active bots: each takes it through trading's one
 *                     entry (never the runner) or logs why not
 * - bot-turn.ts       one bot's turn with an alert or a signal: filters, limits, the trade, the log
 * - signals/          the subscribers' webhooks: TradingView-style messages taken by one of their bots
 * - replay.service.ts a bot replayed on past alerts (nothing stored, no broker asked)
 * - owners.ts         whether a bot's owner's plan still lets it trade
 * - active-bots.ts    the active bots of each alert type, kept in memory for the matcher
 * - shared.ts         what trading's sharing asks of bots
 * - bots.repo.ts      every query; bot.dto.ts the answers and what the engine's rules read
 *
 * The 'bots.alert' job (keyed by the alert) gives each new alert to the matcher; the alert area's
 * announcer tells it of every alert at least once.
 */
import type { FastifyInstance } from 'fastify';
import { BOT_LOG_KEEP_DAYS } from '@drat/contracts';
import type { Logger } from 'pino';
import type { Sealer } from '../../core/sealed';
import type { Db } from '../../db/client';
import type { CacheDeps } from '../../db/read-cache';
import type { Jobs, JobQueue } from '../../jobs/queue';
import { createRateLimiter, rateLimitRepo } from '../auth';
import type { RightsService } from '../rights';
import type { TradingArea } from '../trading';
import type { UsersRepo } from '../users';
import { createActiveBots, type ActiveBots } from './active-bots';
import { createOwners } from './owners';
import { createSharedBots } from './shared';
import { botsRepo } from './bots.repo';
import { botsRoutes } from './bots.routes';
import { createBotsService } from './bots.service';
import { createBotTurn, type TurnDeps } from './bot-turn';
import { createMatcher, type MatcherDeps } from './matcher.service';
import { createBotReplay, type ReplayDeps } from './replay.service';
import { signalsRepo } from './signals/signals.repo';
import { signalsRoutes } from './signals/signals.routes';
import { createSignals, type SignalsDeps } from './signals/signals.service';

export interface BotsDeps {
  db: Db;
  /** The owners and their rights: a bot trades only while its owner's plan gives bots and its alert type. */
  users: Pick<UsersRepo, 'byId'>;
  rights: Pick<RightsService, 'rightsOf'>;
  queue: JobQueue;
  /** Trading's one entry and the owners' brokerage accounts: what a bot may ask of trading. */
  trading: Pick<TradingArea, 'smartTrades' | 'connections'>;
  alerts: MatcherDeps['alerts'] & ReplayDeps['alerts'];
  /** Seals the signal webhooks' secrets (SIGNAL_SECRET_KEY, or a key kept in DATA_DIR). */
  signalSealer: Sealer;
  publicUrl: string;
  assertFreshPassword: SignalsDeps['assertFreshPassword'];
  market: TurnDeps['market'] & ReplayDeps['market'];
  now: () => Date;
  log: Logger;
  /** The change feed that keeps the matcher's copy of the active bots true. */
  caches: CacheDeps;
}

/** Log lines deleted per statement (each its own short transaction). */
const TRIM_BATCH = 10_000;

export function createBots(deps: BotsDeps) {
  // A bot written is read again into the matcher's copy (other processes hear it on the feed).
  const active: { bots?: ActiveBots } = {};
  const repo = botsRepo(deps.db, (id) => active.bots?.forget(id));
  active.bots = createActiveBots(repo, deps.caches);
  const service = createBotsService({
    repo,
    tradeTarget: (userId, accountId) => deps.trading.connections.tradeTarget(userId, accountId),
    today: () => deps.market.calendar.dateOf(deps.market.now()),
    now: deps.now,
  });
  const turns = createBotTurn({
    repo,
    trading: deps.trading,
    market: deps.market,
    owners: createOwners(deps),
    now: deps.now,
  });
  const matcher = createMatcher({
    repo,
    active: active.bots,
    turns,
    queue: deps.queue,
    alerts: deps.alerts,
    dayOf: (at) => deps.market.calendar.dateOf(at),
    marketNow: () => deps.market.now(),
    now: deps.now,
    log: deps.log,
  });
  const signals = createSignals({
    repo: signalsRepo(deps.db),
    bots: repo,
    turns,
    trading: deps.trading,
    market: deps.market,
    sealer: deps.signalSealer,
    publicUrl: deps.publicUrl,
    assertFreshPassword: deps.assertFreshPassword,
    limiter: createRateLimiter(rateLimitRepo(deps.db), deps.now),
    now: deps.now,
    log: deps.log,
  });
  return {
    service,
    matcher,
    signals,
    replay: createBotReplay({ repo, alerts: deps.alerts, market: deps.market }),
    /** What trading's sharing asks of bots: a user's own bot, and bots' names and settings. */
    shared: createSharedBots(repo),
    /** The 'bots.trim-logs' job: log lines older than BOT_LOG_KEEP_DAYS go, in batches (safe to run twice). */
    async trimLogs(batch = TRIM_BATCH): Promise<number> {
      const before = new Date(deps.now().getTime() - BOT_LOG_KEEP_DAYS * 86_400_000);
      let total = 0;
      for (;;) {
        const n = await repo.trimLogs(before, batch);
        total += n;
        if (n < batch) return total;
      }
    },
    /** The alert area's listener: the alert's turn with the bots, as a job keyed by the alert (told twice, run once). */
    alertPublished: (alertId: number) => deps.queue.send('bots.alert', { alertId }, { key: String(alertId) }),
  };
}
export type BotsArea = ReturnType<typeof createBots>;

export async function registerBotsRoutes(api: FastifyInstance, bots: BotsArea): Promise<void> {
  await api.register(botsRoutes, { bots: bots.service, replay: bots.replay });
  await api.register(signalsRoutes, { signals: bots.signals });
}

/** The bots' jobs: each published alert's turn with the active bots, a failed bot's turn again, the logs' trim. */
export async function startBotJobs(jobs: Jobs, bots: BotsArea): Promise<void> {
  await jobs.work('bots.alert', async ({ alertId }) => void (await bots.matcher.alertPublished(alertId)), {
    pollingIntervalSeconds: 0.5,
  });
  await jobs.work('bots.turn', ({ botId, alertId }) => bots.matcher.botTurn(botId, alertId));
  await jobs.work('bots.trim-logs', async () => void (await bots.trimLogs()));
  await jobs.schedule('bots.trim-logs', '41 6 * * *');
}
