/**
 * Trading (2-trading): smart trades on the demo account or a brokerage account. Sub-folders, each
 * routes → service → repo, in the alert area's shape (docs/architecture.md):
 *
 * - runner/   the engine's runner: one step per event in one transaction, intents sent by jobs,
 *             broker answers and quotes fed back (docs/trading-rules.md)
 * - trades/   the one entry for a trade (smart-trades.ts: place, draft, edit, cancel, archive for a
 *             user on behalf of an actor, core/actor.ts), the trades as the API shows them
 *             (trade.dto.ts), demo trading (the demo account and its trades, logs, details) and live
 *             trading (on the simulated brokerage until a broker is authorized)
 * - sharing/  a live trade shared with users (the shared lists, the share form and its choices)
 * - templates/  super users' smart trade templates, and a template's prices for a ticker now
 * - brokerage/  the trader's broker connection (OAuth or keys) and accounts (connections.service.ts),
 *             the Trade Monitor's balances, orders, positions, modify and Exit orders (monitor.service.ts),
 *             the access tokens the brokers' adapters send (broker-tokens.ts)
 * - trading-mode.*  the demo/live switch (deauthorize)
 *
 * Brokers are providers (providers/broker): the paper broker backs demo accounts and, with no real
 * broker configured, the simulated brokerage account. Other areas use only what this file exports:
 * a bot, a signal or a super user places, edits and cancels a trade through `smartTrades`, never
 * through the runner.
 */
import { adminTradesRoutes } from './trades/admin.routes';
import { actingOnTrade, type AuditOnBehalf } from './trades/on-behalf';
import { createAdminTrades } from './trades/admin.service';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { transactions } from '../../db/transaction';
import type { JobQueue } from '../../jobs/queue';
import type { BrokerName, ConfirmPasswordReason } from '@drat/contracts';
import type { Sealer } from '../../core/sealed';
import type { AccountOpener, Broker, BrokerLink } from '../../providers/broker/interface';
import type { Principal } from '../auth';
import type { MarketDataProvider } from '../../providers/market/interface';
import type { LiveService } from '../live';
import type { NotificationsService } from '../notifications';
import type { UsersRepo } from '../users';
import type { RightsService } from '../rights';
import { brokerTokens as tokensOf } from './brokerage/broker-tokens';
import { brokerageRepo } from './brokerage/brokerage.repo';
import { brokerageRoutes } from './brokerage/brokerage.routes';
import { createConnections } from './brokerage/connections.service';
import { createMonitor } from './brokerage/monitor.service';
import { runnerRepo } from './runner/runner.repo';
import { createTradeRunner, type Technicals } from './runner/runner.service';
import { sharingRoutes } from './sharing/sharing.routes';
import { sharingRepo } from './sharing/sharing.repo';
import { createSharingService, type SharedBots } from './sharing/sharing.service';
import { templatesRepo } from './templates/templates.repo';
import { templateRoutes } from './templates/templates.routes';
import { createTemplatesService } from './templates/templates.service';
import { demoTradingRoutes } from './trades/demo.routes';
import { tradeEditRoutes } from './trades/edit.routes';
import { createTradeEditService, type AlertLookup } from './trades/edit.service';
import { createReplayService } from './trades/replay.service';
import { createDemoTradingService } from './trades/demo.service';
import { liveTradingRoutes } from './trades/live.routes';
import { createLiveTradingService } from './trades/live.service';
import { createSmartTrades } from './trades/smart-trades';
import { tradesRepo } from './trades/trades.repo';
import { tradingModeRoutes } from './trading-mode.routes';
import { createTradingModeService } from './trading-mode.service';

export { startTradingJobs } from './trading.jobs';
export type { TradeRunner } from './runner/runner.service';
export type { SmartTrades, Mode, TradeBody } from './trades/smart-trades';
export type { SharedBots } from './sharing/sharing.service';

/**
 * The access tokens the Tradier and Alpaca brokers send, by broker and account, opened from their
 * seals (compose.ts builds the brokers with it, before the area).
 */
export const brokerTokens = (db: Db, sealer: Sealer | null, now: () => Date) =>
  tokensOf(brokerageRepo(db), sealer, now);

export interface TradingDeps {
  db: Db;
  users: UsersRepo;
  /** A user's rights, for actors other than the trader (a bot, a signal, a super user). */
  rights: Pick<RightsService, 'rightsOf'>;
  market: MarketDataProvider;
  /** Indicator values for condition rows (the market area's GET /stock/ta). */
  technicals: Technicals;
  queue: JobQueue;
  live: Pick<LiveService, 'publishUserEvent'>;
  /** The inbox, where a trade that failed is told (the notifications area). */
  inbox: Pick<NotificationsService, 'tellTrader'>;
  /** The brokers by name ('paper', 'tradier' …), as stored with each trade. */
  brokers: Record<string, Broker>;
  /** The paper broker (also in `brokers`): it opens the demo and simulated accounts itself. */
  paper: Broker & AccountOpener;
  /** How each offered broker is connected (the simulated brokerage always). */
  links: Partial<Record<BrokerName, BrokerLink>>;
  /** Seals broker tokens at rest (BROKER_TOKEN_KEY); null when no broker hands out tokens. */
  sealer: Sealer | null;
  publicUrl: string;
  assertFreshPassword: (principal: Principal, action: ConfirmPasswordReason) => Promise<void>;
  /** The alert area's look-up of the alert a trade was made from. */
  alerts: AlertLookup;
  /** The bots area's answers about the bots a user shares. */
  bots: SharedBots;
  /** The admin audit log: a super user's cancel or archive of another user's trade is kept there. */
  auditOnBehalf: AuditOnBehalf;
  now: () => Date;
  log: Logger;
}

export function createTrading(deps: TradingDeps) {
  const { db, users, brokers } = deps;
  const broker = (name: string): Broker => {
    const b = brokers[name];
    if (!b) throw new Error(`No broker named ${name} is configured`);
    return b;
  };
  const runner = createTradeRunner({
    repo: runnerRepo(db),
    withTransaction: transactions(db),
    broker,
    brokerNames: Object.keys(brokers),
    market: deps.market,
    technicals: deps.technicals,
    jobs: deps.queue,
    live: deps.live,
    inbox: deps.inbox,
    now: deps.now,
    log: deps.log,
  });
  const trades = tradesRepo(db);
  const repo = brokerageRepo(db);
  const connections = createConnections({
    repo,
    users,
    brokers,
    links: deps.links,
    sealer: deps.sealer,
    publicUrl: deps.publicUrl,
    assertFreshPassword: deps.assertFreshPassword,
    reconcileHoldings: runner.reconcileHoldings,
    accountsChanged: () => monitor.forgetBalances(),
    log: deps.log,
    now: deps.now,
  });
  const monitor = createMonitor({ repo, connections, runner, now: deps.now });
  const smartTrades = createSmartTrades({
    repo: trades,
    runner,
    market: deps.market,
    accounts: {
      demo: (userId) => deps.paper.ensureAccount(userId, 'DEMO'),
      live: (userId, accountId) => connections.tradeTarget(userId, accountId),
    },
    demoBroker: deps.paper.name,
    users,
    rights: deps.rights,
    now: deps.now,
  });
  const demo = createDemoTradingService({ repo: trades, trades: smartTrades, paper: deps.paper, market: deps.market });
  const live = createLiveTradingService({ repo: trades, trades: smartTrades });
  const edits = createTradeEditService({ trades: smartTrades, alerts: deps.alerts });
  const replays = createReplayService({ market: deps.market });
  const admin = createAdminTrades(trades);
  const templates = createTemplatesService({ repo: templatesRepo(db), market: deps.market, now: deps.now });
  const sharing = createSharingService({ repo: sharingRepo(db), trades, users, bots: deps.bots, now: deps.now });
  // A super user's cancel or archive of another user's trade acts on its owner's account (audited).
  const onTrade = actingOnTrade({ trades: smartTrades, users, audit: deps.auditOnBehalf, log: deps.log });
  return {
    /** Who acts on a trade a request names: its owner, or a super user on their behalf. */
    onTrade,
    mode: createTradingModeService({ users, connections, assertFreshPassword: deps.assertFreshPassword }),
    /** The one entry that places, edits and cancels a trade for a user on behalf of an actor. */
    smartTrades,
    connections,
    monitor,
    runner,
    demo,
    live,
    edits,
    replays,
    templates,
    sharing,
    /** Every user's trades for super users (reads). */
    admin,
    paper: deps.paper,
  };
}
export type TradingArea = ReturnType<typeof createTrading>;

export async function registerTradingRoutes(api: FastifyInstance, trading: TradingArea): Promise<void> {
  await api.register(tradingModeRoutes, { tradingMode: trading.mode });
  const { onTrade } = trading;
  await api.register(demoTradingRoutes, { demo: trading.demo, onTrade });
  await api.register(liveTradingRoutes, { live: trading.live, connections: trading.connections, onTrade });
  await api.register(brokerageRoutes, { connections: trading.connections, monitor: trading.monitor });
  await api.register(sharingRoutes, { sharing: trading.sharing });
  await api.register(tradeEditRoutes, { edits: trading.edits, replays: trading.replays });
  await api.register(templateRoutes, { templates: trading.templates });
  await api.register(adminTradesRoutes, { admin: trading.admin });
}
