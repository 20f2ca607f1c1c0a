/**
 * Demo trading (1-core §4 "Demo account", 2-trading §2.2, §7): each user's demo account on the
 * paper broker, and the smart trades placed on it. A trade is created and submitted through the
 * runner in one transaction; cancelling is an engine event (unfilled orders cancelled, what is held
 * sold); a reset ends the running demo trades and puts the account back to 100,000.
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
import type { AccountOpener, Broker } from '../../../providers/broker/interface';
import type { MarketDataProvider } from '../../../providers/market/interface';
import type { Principal } from '../../auth';
import type { ResultRecorder } from '../../idempotency';
import { tradeIdOf, type TradePlacing } from './placing';
import { demoTradeDto, tradeDto } from './trade.dto';
import type { TradesRepo } from './trades.repo';

export interface DemoTradingDeps {
  repo: TradesRepo;
  placing: TradePlacing;
  /** The paper broker: it opens the demo accounts and holds their orders. */
  paper: Broker & AccountOpener;
  market: Pick<MarketDataProvider, 'quotes'>;
}

export function createDemoTradingService({ repo, placing, paper, market }: DemoTradingDeps) {
  const accountOf = (principal: Principal) => paper.ensureAccount(principal.user.id, 'DEMO');

  async function demoAccount(principal: Principal): Promise<DemoAccount> {
    const b = await paper.balances(await accountOf(principal));
    const value = dec(b.accountValue);
    return {
      buying_power: toNumber(b.buyingPower),
      account_value: toNumber(b.accountValue),
      equities_value: toNumber(b.equitiesValue),
      increased: value.gt(DEMO_ACCOUNT_START_VALUE),
      decreased: value.lt(DEMO_ACCOUNT_START_VALUE),
    };
  }

  return {
    demoAccount,

    async resetDemoAccount(principal: Principal): Promise<ResetDemoReply> {
      // Running demo trades end first: their orders and shares go with the reset.
      for (const id of await repo.runningOf(principal.user.id, 'DEMO')) await placing.cancel(principal, id, 'DEMO');
      await paper.reset(await accountOf(principal));
      return { message: TRADE_MSG.demoReset, ...(await demoAccount(principal)) };
    },

    async trades(principal: Principal): Promise<DemoTradesResponse> {
      const rows = await repo.listOf(principal.user.id, 'DEMO');
      // What the shares of running trades are worth now: the bids of their tickers, in one call.
      const tickers = [
        ...new Set(rows.filter((r) => r.status === 'OPEN' && r.stockType === 'STOCKS').map((r) => r.ticker)),
      ];
      const quotes = tickers.length > 0 ? await market.quotes(tickers).catch(() => []) : [];
      const marks = new Map(quotes.map((q) => [q.symbol, q.bid]));
      return { data: rows.map((row) => demoTradeDto(row, marks)) };
    },

    /** The answer of a demo trade placed by a request that died before answering (its Idempotency-Key's retry). */
    placedAnswer: async (principal: Principal, tradeId: number): Promise<DemoTradeReply> => ({
      message: TRADE_MSG.tradePlaced,
      data: demoTradeDto(await placing.owned(principal, tradeId, 'DEMO')),
    }),

    async createTrade(principal: Principal, body: BasicTradeBody, made?: ResultRecorder): Promise<DemoTradeReply> {
      const target = { mode: 'DEMO' as const, broker: paper.name, accountId: await accountOf(principal) };
      return { message: TRADE_MSG.tradePlaced, data: demoTradeDto(await placing.place(principal, body, target, made)) };
    },

    async cancelTrade(principal: Principal, tradeId: number): Promise<DemoTradeReply> {
      return {
        message: TRADE_MSG.tradeCancelled,
        data: demoTradeDto(await placing.cancel(principal, tradeId, 'DEMO')),
      };
    },

    /** GET /logs/live-trades: the log of one of the user's trades (demo or live), oldest first. */
    async logs(principal: Principal, tradeId: number): Promise<TradeLogsResponse> {
      await placing.owned(principal, tradeId, null);
      const rows = await repo.logs(tradeId);
      return { data: rows.map((r) => ({ text: r.text, created: r.createdAt.toISOString() })) };
    },

    /** GET /livetrading/order-detail: one of the user's trades, by its order_id (the trade's id as text). */
    async detail(principal: Principal, orderId: string): Promise<{ data: SmartTradeDto }> {
      return { data: tradeDto(await placing.owned(principal, tradeIdOf(orderId), null)) };
    },
  };
}
export type DemoTradingService = ReturnType<typeof createDemoTradingService>;
