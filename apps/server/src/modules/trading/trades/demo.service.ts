/**
 * Demo trading (1-core §4 "Demo account", 2-trading §2.2, §7): each user's demo account on the
 * paper broker, and the smart trades placed on it through the one entry (smart-trades.ts). A reset
 * ends the running demo trades and puts the account back to 100,000.
 */
import {
  DEMO_ACCOUNT_START_VALUE,
  TRADE_MSG,
  type BasicTradeBody,
  type DemoAccount,
  type DemoTradeReply,
  type DemoTradesResponse,
  type ResetDemoReply,
  type SmartTradeDto,
  type TradeLogsResponse,
} from '@drat/contracts';
import { dec, toNumber } from '@drat/engine';
import type { Acting } from '../../../core/actor';
import type { AccountOpener, Broker } from '../../../providers/broker/interface';
import type { MarketDataProvider } from '../../../providers/market/interface';
import type { ResultRecorder } from '../../idempotency';
import { tradeIdOf, type SmartTrades } from './smart-trades';
import { demoTradeDto, tradeDto } from './trade.dto';
import type { TradesRepo } from './trades.repo';

export interface DemoTradingDeps {
  repo: TradesRepo;
  trades: SmartTrades;
  /** The paper broker: it opens the demo accounts and holds their orders. */
  paper: Broker & AccountOpener;
  market: Pick<MarketDataProvider, 'quotes'>;
}

export function createDemoTradingService({ repo, trades, paper, market }: DemoTradingDeps) {
  const accountOf = (userId: number) => paper.ensureAccount(userId, 'DEMO');

  async function demoAccount(who: Acting): Promise<DemoAccount> {
    const b = await paper.balances(await accountOf(who.userId));
    const value = dec(b.accountValue);
    return {
      buying_power: toNumber(b.buyingPower),
      account_value: toNumber(b.accountValue),
      equities_value: toNumber(b.equitiesValue),
      increased: value.gt(DEMO_ACCOUNT_START_VALUE),
      decreased: value.lt(DEMO_ACCOUNT_START_VALUE),
    };
  }

  const placed = (row: Parameters<typeof demoTradeDto>[0]): DemoTradeReply => ({
    message: TRADE_MSG.tradePlaced,
    data: demoTradeDto(row),
  });

  return {
    demoAccount,

    async resetDemoAccount(who: Acting): Promise<ResetDemoReply> {
      // Running demo trades end first: their orders and shares go with the reset.
      await trades.cancelRunning(who, 'DEMO');
      await paper.reset(await accountOf(who.userId));
      return { message: TRADE_MSG.demoReset, ...(await demoAccount(who)) };
    },

    async trades(who: Acting): Promise<DemoTradesResponse> {
      const rows = await repo.listOf(who.userId, 'DEMO');
      // What the shares of running trades are worth now: the bids of their tickers, in one call.
      const tickers = [
        ...new Set(rows.filter((r) => r.status === 'OPEN' && r.stockType === 'STOCKS').map((r) => r.ticker)),
      ];
      const quotes = tickers.length > 0 ? await market.quotes(tickers).catch(() => []) : [];
      const marks = new Map(quotes.map((q) => [q.symbol, q.bid]));
      return { data: rows.map((row) => demoTradeDto(row, marks)) };
    },

    /** The answer of a demo trade placed by a request that died before answering (its Idempotency-Key's retry). */
    placedAnswer: async (who: Acting, tradeId: number): Promise<DemoTradeReply> =>
      placed(await trades.owned(who.userId, tradeId, 'DEMO')),

    createTrade: async (who: Acting, body: BasicTradeBody, made?: ResultRecorder): Promise<DemoTradeReply> =>
      placed(await trades.place(who, 'DEMO', body, made)),

    cancelTrade: async (who: Acting, tradeId: number): Promise<DemoTradeReply> => ({
      message: TRADE_MSG.tradeCancelled,
      data: demoTradeDto(await trades.cancel(who, tradeId, 'DEMO')),
    }),

    /** GET /logs/live-trades: the log of one of the owner's trades (demo or live), oldest first. */
    async logs(who: Acting, tradeId: number): Promise<TradeLogsResponse> {
      await trades.owned(who.userId, tradeId, null);
      const rows = await repo.logs(tradeId);
      return { data: rows.map((r) => ({ text: r.text, created: r.createdAt.toISOString() })) };
    },

    /** GET /livetrading/order-detail: one of the owner's trades, by its order_id (the trade's id as text). */
    async detail(who: Acting, orderId: string): Promise<{ data: SmartTradeDto }> {
      return { data: tradeDto(await trades.owned(who.userId, tradeIdOf(orderId), null)) };
    },
  };
}
export type DemoTradingService = ReturnType<typeof createDemoTradingService>;
