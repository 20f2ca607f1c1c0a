/**
 * Demo trading (1-core §4 "Demo account", 2-trading §2.2, §7): each user's demo account on the
 * paper broker, and the smart trades placed on it. A trade is created and submitted through the
 * runner in one transaction; cancelling is an engine event (unfilled orders cancelled, what is held
 * sold); a reset ends the running demo trades and puts the account back to 100,000.
 */
import {
  DEMO_ACCOUNT_START_VALUE,
  TRADE_MSG,
  cancelByInFuture,
  type BasicTradeBody,
  type DemoAccount,
  type DemoTradeReply,
  type DemoTradesResponse,
  type ResetDemoReply,
  type SmartTradeDto,
  type TradeLogsResponse,
} from '@drat/contracts';
import { dec, newTrade, toNumber } from '@drat/engine';
import { DomainError } from '../../../core/errors';
import type { AccountOpener, Broker } from '../../../providers/broker/interface';
import type { MarketDataProvider } from '../../../providers/market/interface';
import type { Principal } from '../../auth';
import type { TradeRunner } from '../runner/runner.service';
import { basicTradeInput, instrumentOf } from './trade-input';
import { demoTradeDto, tradeDto } from './trade.dto';
import type { TradeRow, TradesRepo } from './trades.repo';

export interface DemoTradingDeps {
  repo: TradesRepo;
  runner: TradeRunner;
  /** The paper broker: it opens the demo accounts and holds their orders. */
  paper: Broker & AccountOpener;
  market: Pick<MarketDataProvider, 'quotes' | 'optionQuote'>;
  now: () => Date;
}

export function createDemoTradingService({ repo, runner, paper, market, now }: DemoTradingDeps) {
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

  /** The user's trade, or 404 in the same words whether it is someone else's or absent. */
  async function owned(principal: Principal, tradeId: number, mode: 'DEMO' | 'LIVE' | null): Promise<TradeRow> {
    const row = await repo.ownedBy(principal.user.id, tradeId);
    if (!row || (mode !== null && row.mode !== mode)) throw new DomainError('NOT_FOUND', TRADE_MSG.tradeNotFound);
    return row;
  }

  /** The instrument must trade: an unknown ticker or option is refused on its field, before anything is stored. */
  async function assertTradable(body: BasicTradeBody): Promise<void> {
    const instrument = instrumentOf(body);
    if (instrument.kind === 'equity') {
      const [quote] = await market.quotes([body.ticker]);
      if (!quote) throw DomainError.field('ticker', TRADE_MSG.unknownTicker(body.ticker));
      return;
    }
    for (const leg of instrument.legs ?? []) {
      if (!(await market.optionQuote(leg.symbol))) {
        const field = body.strategy === 'BUY CALL' || body.strategy === 'BUY PUT' ? 'singleStrike' : 'legOneStrike';
        throw DomainError.field(field, TRADE_MSG.unknownOption(leg.symbol));
      }
    }
  }

  return {
    demoAccount,

    async resetDemoAccount(principal: Principal): Promise<ResetDemoReply> {
      // Running demo trades end first: their orders and shares go with the reset.
      for (const id of await repo.runningOf(principal.user.id, 'DEMO')) {
        await runner.apply(id, { type: 'cancel', at: now().getTime() });
      }
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

    async createTrade(principal: Principal, body: BasicTradeBody): Promise<DemoTradeReply> {
      const late = cancelByInFuture(body, now());
      if (late) throw DomainError.field(String(late.path[0]), late.message);
      if (body.alert_id !== undefined && !(await repo.alertExists(body.alert_id))) {
        throw DomainError.field('alert_id', TRADE_MSG.alertNotFoundDione);
      }
      await assertTradable(body);
      const accountId = await accountOf(principal);
      const draft = newTrade(basicTradeInput(body, now().getTime()));
      const { id } = await runner.start(
        {
          userId: principal.user.id,
          mode: 'DEMO',
          broker: paper.name,
          accountId,
          ticker: body.ticker,
          tradeType: body.trade_type,
          stockType: body.strategy ? 'OPTIONS' : 'STOCKS',
          strategy: body.strategy ?? null,
          alertId: body.alert_id ?? null,
          notes: body.trade_notes ?? '',
          input: body as unknown as Record<string, unknown>,
        },
        draft,
        true,
      );
      return { message: TRADE_MSG.tradePlaced, data: demoTradeDto(await owned(principal, id, 'DEMO')) };
    },

    async cancelTrade(principal: Principal, tradeId: number): Promise<DemoTradeReply> {
      await owned(principal, tradeId, 'DEMO');
      const r = await runner.apply(tradeId, { type: 'cancel', at: now().getTime() });
      if (r.refused) throw new DomainError('CONFLICT', TRADE_MSG.cannotCancel, { retryable: false });
      return { message: TRADE_MSG.tradeCancelled, data: demoTradeDto(await owned(principal, tradeId, 'DEMO')) };
    },

    /** GET /logs/live-trades: the log of one of the user's trades (demo or live), oldest first. */
    async logs(principal: Principal, tradeId: number): Promise<TradeLogsResponse> {
      await owned(principal, tradeId, null);
      const rows = await repo.logs(tradeId);
      return { data: rows.map((r) => ({ text: r.text, created: r.createdAt.toISOString() })) };
    },

    /** GET /livetrading/order-detail: one of the user's trades, by its order_id (the trade's id as text). */
    async detail(principal: Principal, orderId: string): Promise<{ data: SmartTradeDto }> {
      const id = /^\d{1,9}$/.test(orderId) ? Number(orderId) : 0;
      return { data: tradeDto(await owned(principal, id, null)) };
    },
  };
}
export type DemoTradingService = ReturnType<typeof createDemoTradingService>;
