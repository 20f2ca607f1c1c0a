/**
 * Live smart trades (2-trading §2.1, §2.2, §7): a live trader's (or super user's) trades on their
 * brokerage account, placed through the one entry (smart-trades.ts). Until a broker is authorized,
 * the account is the simulated brokerage of the paper broker (`SIM-<user id>`), so every call here
 * works offline. Lists leave archived trades out ('View Archived Trades' shows them); only a
 * finished trade can be archived. Who may call is the routes' to say.
 */
import {
  TRADE_MSG,
  byStatusThenNewest,
  type DraftTradeBody,
  type LiveAdvancedTradeBody,
  type LiveBasicTradeBody,
  type MessageReply,
  type TradeReply,
  type TradesResponse,
} from '@drat/contracts';
import type { Acting } from '../../../core/actor';
import type { ResultRecorder } from '../../idempotency';
import { tradeIdOf, type SmartTrades } from './smart-trades';
import { tradeDto } from './trade.dto';
import type { TradeRow, TradesRepo } from './trades.repo';

export interface LiveTradingDeps {
  repo: TradesRepo;
  trades: SmartTrades;
}

const placed = (row: TradeRow): TradeReply => ({ message: TRADE_MSG.tradePlaced, data: tradeDto(row) });

export function createLiveTradingService({ repo, trades }: LiveTradingDeps) {
  async function setArchived(who: Acting, tradeId: number, archived: boolean): Promise<TradeReply> {
    const row = await trades.setArchived(who, tradeId, archived);
    return { message: archived ? TRADE_MSG.tradeArchived : TRADE_MSG.tradeUnarchived, data: tradeDto(row) };
  }

  return {
    async trades(who: Acting): Promise<TradesResponse> {
      const rows = await repo.listOf(who.userId, 'LIVE', false);
      return { data: byStatusThenNewest(rows.map(tradeDto)) };
    },

    async archivedTrades(who: Acting): Promise<TradesResponse> {
      return { data: (await repo.listOf(who.userId, 'LIVE', true)).map(tradeDto) };
    },

    /** POST /livetrading/create-trade/ and /create-advanced-trade/ (the latter super users only, 2-trading §6). */
    createTrade: async (
      who: Acting,
      body: LiveBasicTradeBody | LiveAdvancedTradeBody,
      made?: ResultRecorder,
    ): Promise<TradeReply> => placed(await trades.place(who, 'LIVE', body, made)),

    /** The answer of a trade placed by a request that died before answering (its Idempotency-Key's retry). */
    placedAnswer: async (who: Acting, tradeId: number): Promise<TradeReply> =>
      placed(await trades.owned(who.userId, tradeId, 'LIVE')),

    /** POST /livetrading/draft-trade/: a basic draft (live traders) or an advanced one (super users). */
    async saveDraft(who: Acting, body: DraftTradeBody): Promise<TradeReply> {
      return { message: TRADE_MSG.draftSaved, data: tradeDto(await trades.saveDraft(who, 'LIVE', body)) };
    },

    /** GET /livetrading/delete-draft?order_id=: one of the owner's drafts. */
    async deleteDraft(who: Acting, orderId: string): Promise<MessageReply> {
      await trades.deleteDraft(who, tradeIdOf(orderId));
      return { message: TRADE_MSG.draftDeleted };
    },

    cancelTrade: async (who: Acting, tradeId: number): Promise<TradeReply> => ({
      message: TRADE_MSG.tradeCancelled,
      data: tradeDto(await trades.cancel(who, tradeId, 'LIVE')),
    }),

    archive: (who: Acting, tradeId: number) => setArchived(who, tradeId, true),
    unarchive: (who: Acting, tradeId: number) => setArchived(who, tradeId, false),
  };
}
export type LiveTradingService = ReturnType<typeof createLiveTradingService>;
