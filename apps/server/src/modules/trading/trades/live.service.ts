/**
 * Live smart trades (2-trading §2.1, §2.2, §7): a live trader's (or super user's) trades on their
 * brokerage account. Until a broker is authorized (Tradier, next), the account is the simulated
 * brokerage of the paper broker (`SIM-<user id>`), so every call here works offline. Lists leave
 * archived trades out ('View Archived Trades' shows them); only a finished trade can be archived.
 */
import {
  MSG,
  TRADE_MSG,
  byStatusThenNewest,
  type DraftTradeBody,
  type LiveAdvancedTradeBody,
  type LiveAccountsResponse,
  type LiveBasicTradeBody,
  type MessageReply,
  type TradeReply,
  type TradesResponse,
} from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import type { Principal } from '../../auth';
import type { ResultRecorder } from '../../idempotency';
import type { BrokerageService } from '../brokerage/brokerage.service';
import { tradeIdOf, type Target, type TradeBody, type TradePlacing } from './placing';
import { tradeDto } from './trade.dto';
import type { TradeRow, TradesRepo } from './trades.repo';

export interface LiveTradingDeps {
  repo: TradesRepo;
  placing: TradePlacing;
  /** The caller's brokerage connection: where live trades go. */
  brokerage: Pick<BrokerageService, 'tradeTarget' | 'accounts'>;
}

const FINISHED = new Set(['COMPLETED', 'CANCELLED', 'FAIL']);

const placed = (row: TradeRow): TradeReply => ({ message: TRADE_MSG.tradePlaced, data: tradeDto(row) });

export function createLiveTradingService({ repo, placing, brokerage }: LiveTradingDeps) {
  /** Live trading is for live traders and super users (2-trading §6), checked on every call. */
  function assertLive(principal: Principal): void {
    if (!principal.user.isLiveTrader && !principal.user.isSuper) {
      throw new DomainError('FORBIDDEN', MSG.liveTraderDenied);
    }
  }

  function assertSuper(principal: Principal): void {
    if (!principal.user.isSuper) throw new DomainError('FORBIDDEN', TRADE_MSG.advancedOnlySuper);
  }

  /**
   * The brokerage account a live trade goes to: the one the body names, if it is one of the
   * caller's own (the drawer's account selector), else their current account (a draft may leave
   * it out). Another trader's account is refused on account_id.
   */
  async function accountFor(principal: Principal, body: TradeBody): Promise<Target> {
    const { broker, accountId } = await brokerage.tradeTarget(principal, body.account_id);
    return { mode: 'LIVE', broker, accountId };
  }

  async function setArchived(principal: Principal, tradeId: number, archived: boolean): Promise<TradeReply> {
    assertLive(principal);
    const row = await placing.owned(principal, tradeId, 'LIVE');
    if (archived && !FINISHED.has(row.status)) {
      throw new DomainError('CONFLICT', TRADE_MSG.onlyFinishedArchived, { retryable: false });
    }
    await repo.setArchived(tradeId, archived);
    return {
      message: archived ? TRADE_MSG.tradeArchived : TRADE_MSG.tradeUnarchived,
      data: tradeDto(await placing.owned(principal, tradeId, 'LIVE')),
    };
  }

  return {
    /** Who may call at all, asked before a body is read: a refusal comes before the body's mistakes. */
    assertLive,

    /** GET /livetrading/accounts: the caller's brokerage accounts, the current one connected. */
    accounts: (principal: Principal): Promise<LiveAccountsResponse> => brokerage.accounts(principal),

    async trades(principal: Principal): Promise<TradesResponse> {
      assertLive(principal);
      const rows = await repo.listOf(principal.user.id, 'LIVE', false);
      return { data: byStatusThenNewest(rows.map(tradeDto)) };
    },

    async archivedTrades(principal: Principal): Promise<TradesResponse> {
      assertLive(principal);
      return { data: (await repo.listOf(principal.user.id, 'LIVE', true)).map(tradeDto) };
    },

    async createTrade(principal: Principal, body: LiveBasicTradeBody, made?: ResultRecorder): Promise<TradeReply> {
      assertLive(principal);
      const row = await placing.place(principal, body, await accountFor(principal, body), made);
      return placed(row);
    },

    /** POST /livetrading/create-advanced-trade/: super users only (2-trading §6). */
    async createAdvancedTrade(
      principal: Principal,
      body: LiveAdvancedTradeBody,
      made?: ResultRecorder,
    ): Promise<TradeReply> {
      const row = await placing.place(principal, body, await accountFor(principal, body), made);
      return placed(row);
    },

    /** The answer of a trade placed by a request that died before answering (its Idempotency-Key's retry). */
    placedAnswer: async (principal: Principal, tradeId: number): Promise<TradeReply> =>
      placed(await placing.owned(principal, tradeId, 'LIVE')),

    /** POST /livetrading/draft-trade/: a basic draft (live traders) or an advanced one (super users). */
    async saveDraft(principal: Principal, body: DraftTradeBody): Promise<TradeReply> {
      if (body.trade_type === 'ADVANCED') assertSuper(principal);
      else assertLive(principal);
      const row = await placing.saveDraft(principal, body, await accountFor(principal, body));
      return { message: TRADE_MSG.draftSaved, data: tradeDto(row) };
    },

    /** GET /livetrading/delete-draft?order_id=: one of the caller's drafts. */
    async deleteDraft(principal: Principal, orderId: string): Promise<MessageReply> {
      assertLive(principal);
      await placing.deleteDraft(principal, tradeIdOf(orderId));
      return { message: TRADE_MSG.draftDeleted };
    },

    async cancelTrade(principal: Principal, tradeId: number): Promise<TradeReply> {
      assertLive(principal);
      return { message: TRADE_MSG.tradeCancelled, data: tradeDto(await placing.cancel(principal, tradeId, 'LIVE')) };
    },

    archive: (principal: Principal, tradeId: number) => setArchived(principal, tradeId, true),
    unarchive: (principal: Principal, tradeId: number) => setArchived(principal, tradeId, false),
  };
}
export type LiveTradingService = ReturnType<typeof createLiveTradingService>;
