/**
 * What demo and live trading share: finding the caller's own trade, checking a new trade's body
 * against the clock, the alert and the market, placing it through the runner (inserted and
 * submitted in one transaction), and cancelling it (the engine's cancel event).
 */
import { TRADE_MSG, cancelByInFuture, type BasicTradeBody } from '@drat/contracts';
import { newTrade } from '@drat/engine';
import { DomainError } from '../../../core/errors';
import type { MarketDataProvider } from '../../../providers/market/interface';
import type { Principal } from '../../auth';
import type { TradeRunner } from '../runner/runner.service';
import { basicTradeInput, instrumentOf } from './trade-input';
import type { TradeRow, TradesRepo } from './trades.repo';

export type Mode = 'DEMO' | 'LIVE';

export interface PlacingDeps {
  repo: TradesRepo;
  runner: TradeRunner;
  market: Pick<MarketDataProvider, 'quotes' | 'optionQuote'>;
  now: () => Date;
}

export function createTradePlacing({ repo, runner, market, now }: PlacingDeps) {
  /** The user's trade, or 404 in the same words whether it is someone else's or absent. */
  async function owned(principal: Principal, tradeId: number, mode: Mode | null): Promise<TradeRow> {
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
    owned,

    /** Checks a basic trade's body and places it on `accountId` of `broker`; answers the new row. */
    async place(principal: Principal, body: BasicTradeBody, target: { mode: Mode; broker: string; accountId: string }) {
      const late = cancelByInFuture(body, now());
      if (late) throw DomainError.field(String(late.path[0]), late.message);
      if (body.alert_id !== undefined && !(await repo.alertExists(body.alert_id))) {
        throw DomainError.field('alert_id', TRADE_MSG.alertNotFoundDione);
      }
      await assertTradable(body);
      const { id } = await runner.start(
        {
          userId: principal.user.id,
          ...target,
          ticker: body.ticker,
          tradeType: body.trade_type,
          stockType: body.strategy ? 'OPTIONS' : 'STOCKS',
          strategy: body.strategy ?? null,
          alertId: body.alert_id ?? null,
          notes: body.trade_notes ?? '',
          input: body as unknown as Record<string, unknown>,
        },
        newTrade(basicTradeInput(body, now().getTime())),
        true,
      );
      return owned(principal, id, target.mode);
    },

    /** The engine's cancel: unfilled orders cancelled, what is held sold; 409 once the trade has ended. */
    async cancel(principal: Principal, tradeId: number, mode: Mode): Promise<TradeRow> {
      await owned(principal, tradeId, mode);
      const r = await runner.apply(tradeId, { type: 'cancel', at: now().getTime() });
      if (r.refused) throw new DomainError('CONFLICT', TRADE_MSG.cannotCancel, { retryable: false });
      return owned(principal, tradeId, mode);
    },
  };
}
export type TradePlacing = ReturnType<typeof createTradePlacing>;
