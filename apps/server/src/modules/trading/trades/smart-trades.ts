/**
 * What demo and live trading share: finding the caller's own trade, checking a new trade's body
 * against the clock, the alert and the market, placing it through the runner (inserted and
 * submitted in one transaction), saving and deleting drafts, the trader's edits (the engine's edit
 * event, refused in the engine's words when a side is locked) and cancelling (its cancel event).
 */
import { TRADE_MSG, cancelByInFuture, type AdvancedTradeBody, type BasicTradeBody } from '@drat/contracts';
import { newTrade, type EngineTrade, type TradeEdit, type TradeInput } from '@drat/engine';
import { DomainError } from '../../../core/errors';
import type { MarketDataProvider } from '../../../providers/market/interface';
import type { Principal } from '../../auth';
import type { ResultRecorder } from '../../idempotency';
import type { TradeRowPatch } from '../runner/runner.repo';
import type { TradeRunner } from '../runner/runner.service';
import { advancedTradeInput, basicTradeInput, instrumentOf } from './trade-input';
import type { TradeRow, TradesRepo } from './trades.repo';

export type Mode = 'DEMO' | 'LIVE';
/** A trade as the drawers send it: a basic one (custom, alert, DIONE, template) or an advanced one. */
export type TradeBody = BasicTradeBody | AdvancedTradeBody;
export interface Target {
  mode: Mode;
  broker: string;
  accountId: string;
}

export interface PlacingDeps {
  repo: TradesRepo;
  runner: TradeRunner;
  market: Pick<MarketDataProvider, 'quotes' | 'optionQuote'>;
  now: () => Date;
}

const isAdvanced = (body: TradeBody): body is AdvancedTradeBody => body.trade_type === 'ADVANCED';
const RUNNING = new Set(['PENDING', 'OPEN']);

/** A trade's id from its order_id (the id as text, 2-trading §3); 0 (no trade) for anything else. */
export const tradeIdOf = (orderId: string): number => (/^\d{1,9}$/.test(orderId) ? Number(orderId) : 0);

/** The engine's input for either kind of trade. */
export function engineInput(body: TradeBody, at: number): TradeInput {
  return isAdvanced(body) ? advancedTradeInput(body, at) : basicTradeInput(body, at);
}

export function createTradePlacing({ repo, runner, market, now }: PlacingDeps) {
  /** The user's trade, or 404 in the same words whether it is someone else's or absent. */
  async function owned(principal: Principal, tradeId: number, mode: Mode | null): Promise<TradeRow> {
    const row = await repo.ownedBy(principal.user.id, tradeId);
    if (!row || (mode !== null && row.mode !== mode)) throw new DomainError('NOT_FOUND', TRADE_MSG.tradeNotFound);
    return row;
  }

  /** The user's draft (the id a drawer sent back as draft_id), or 404. */
  async function ownedDraft(principal: Principal, draftId: number): Promise<TradeRow> {
    const row = await repo.ownedBy(principal.user.id, draftId);
    if (!row || row.status !== 'DRAFT') throw DomainError.field('draft_id', TRADE_MSG.draftNotFound);
    return row;
  }

  /** The instruments must trade: an unknown ticker or option is refused on its field, before anything is stored. */
  async function assertTradable(body: TradeBody, draft: EngineTrade): Promise<void> {
    const equity = draft.ranges.length === 0 || draft.ranges.some((r) => r.instrument.kind === 'equity');
    if (equity || isAdvanced(body)) {
      const [quote] = await market.quotes([body.ticker]);
      if (!quote) throw DomainError.field('ticker', TRADE_MSG.unknownTicker(body.ticker));
    }
    for (const r of draft.ranges) {
      for (const leg of r.instrument.kind === 'equity' ? [] : (r.instrument.legs ?? [])) {
        if (await market.optionQuote(leg.symbol)) continue;
        throw DomainError.field(optionField(body), TRADE_MSG.unknownOption(leg.symbol));
      }
    }
  }

  /** Where an unknown option is told: the ranges (advanced) or the strategy's first strike. */
  function optionField(body: TradeBody): string {
    if (isAdvanced(body)) return 'extra_ranges';
    return body.strategy === 'BUY CALL' || body.strategy === 'BUY PUT' ? 'singleStrike' : 'legOneStrike';
  }

  /** The checks of a new trade or draft; answers its engine state (a DRAFT). */
  async function checked(body: TradeBody, draft: boolean): Promise<EngineTrade> {
    if (!draft) {
      const late = cancelByInFuture(body, now());
      if (late) throw DomainError.field(String(late.path[0]), late.message);
    }
    const alertId = isAdvanced(body) ? undefined : body.alert_id;
    if (alertId !== undefined && !(await repo.alertExists(alertId))) {
      throw DomainError.field('alert_id', TRADE_MSG.alertNotFoundDione);
    }
    if (!isAdvanced(body)) instrumentOf(body); // the strategy's legs (the contracts checked them)
    const state = newTrade(engineInput(body, now().getTime()));
    await assertTradable(body, state);
    return state;
  }

  function rowOf(principal: Principal, body: TradeBody, target: Target) {
    const options = isAdvanced(body) ? body.is_options : Boolean(body.strategy);
    const { draft_id: _draft, account_id: _account, ...input } = body;
    return {
      userId: principal.user.id,
      ...target,
      ticker: body.ticker,
      tradeType: body.trade_type,
      stockType: options ? ('OPTIONS' as const) : ('STOCKS' as const),
      strategy: isAdvanced(body) ? null : (body.strategy ?? null),
      alertId: isAdvanced(body) ? null : (body.alert_id ?? null),
      notes: body.trade_notes ?? '',
      input: input as unknown as Record<string, unknown>,
    };
  }

  return {
    owned,

    /**
     * Checks a trade's body and places it on `accountId` of `broker`; answers the new row. A trade
     * made from a draft (draft_id) replaces it: the draft is deleted once the trade is placed.
     * `made` records the trade with the request's Idempotency-Key, in the transaction inserting it.
     */
    async place(principal: Principal, body: TradeBody, target: Target, made?: ResultRecorder): Promise<TradeRow> {
      if (body.draft_id !== undefined) await ownedDraft(principal, body.draft_id);
      const state = await checked(body, false);
      const { id } = await runner.start(rowOf(principal, body, target), state, true, made);
      if (body.draft_id !== undefined) await repo.deleteDraft(principal.user.id, body.draft_id);
      return owned(principal, id, target.mode);
    },

    /** Saves a draft (the rules of placing it, but the cancel-by time); with draft_id, that draft is rewritten. */
    async saveDraft(principal: Principal, body: TradeBody, target: Target): Promise<TradeRow> {
      if (body.draft_id !== undefined) await ownedDraft(principal, body.draft_id);
      const state = await checked(body, true);
      const row = rowOf(principal, body, target);
      if (body.draft_id !== undefined) {
        await repo.rewriteDraft(body.draft_id, row, { ...state, id: String(body.draft_id) }, now());
        return owned(principal, body.draft_id, target.mode);
      }
      const { id } = await runner.start(row, state, false);
      return owned(principal, id, target.mode);
    },

    /** Deletes one of the user's drafts; a placed trade is cancelled instead (409). */
    async deleteDraft(principal: Principal, tradeId: number): Promise<void> {
      const row = await owned(principal, tradeId, null);
      if (row.status !== 'DRAFT') throw new DomainError('CONFLICT', TRADE_MSG.onlyDraftsDeleted, { retryable: false });
      await repo.deleteDraft(principal.user.id, tradeId);
    },

    /**
     * A trader's edit of a PENDING or OPEN trade: the engine checks its locks (a filled side keeps
     * its price) and moves the working orders; `row` (notes, the body shown again) is written in the
     * same step. Answers the trade after it.
     */
    async edit(principal: Principal, tradeId: number, edit: TradeEdit, row?: TradeRowPatch): Promise<TradeRow> {
      const before = await owned(principal, tradeId, null);
      if (!RUNNING.has(before.status)) throw new DomainError('CONFLICT', TRADE_MSG.notEditable, { retryable: false });
      const r = await runner.apply(tradeId, { type: 'edit', edit, at: now().getTime() }, row);
      if (r.refused) throw new DomainError('CONFLICT', r.refused, { retryable: false });
      return owned(principal, tradeId, null);
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
