/**
 * The one entry for a smart trade (docs/architecture.md, "Adding an area"): placing, drafts, edits,
 * cancelling and archiving, for a user's account on behalf of whoever acts (core/actor.ts: the
 * trader from their screens, a bot, an outside signal, a super user). Every caller gets the same
 * checks (the body against the clock, the alert and the market; the owner's rights for the mode and
 * kind of trade), the same account (the demo account, or the owner's brokerage account), the same
 * runner step (inserted and submitted in one transaction with its intents and log, the log naming
 * who acted when not the trader) and the same record of what was made (`made`, written in that
 * transaction: a request's Idempotency-Key, a bot's one trade per alert).
 */
import {
  MSG,
  TRADE_MSG,
  basicTradeBody,
  botTradeBody,
  cancelByInFuture,
  draftTradeBody,
  liveAdvancedTradeBody,
  liveBasicTradeBody,
  type AdvancedTradeBody,
  type BasicTradeBody,
  type BotTradeBody,
  type Rights,
} from '@drat/contracts';
import type { z } from 'zod';
import { newTrade, type EngineTrade, type TradeEdit, type TradeInput } from '@drat/engine';
import { actorWords, holds, type Acting, type RightName } from '../../../core/actor';
import { DomainError } from '../../../core/errors';
import { readBody } from '../../../core/read-body';
import type { MarketDataProvider } from '../../../providers/market/interface';
import type { ResultRecorder } from '../../idempotency';
import type { RightsService } from '../../rights';
import type { UsersRepo } from '../../users';
import type { TradeRowPatch } from '../runner/runner.repo';
import type { TradeRunner } from '../runner/runner.service';
import { advancedTradeInput, basicTradeInput, instrumentOf } from './trade-input';
import type { TradeRow, TradesRepo } from './trades.repo';

export type Mode = 'DEMO' | 'LIVE';
/**
 * A trade as the drawers send it: a basic one (custom, alert, DIONE, template) or an advanced one;
 * or as a bot makes it (MB: a basic one whose entry may be 0%).
 */
export type TradeBody = BasicTradeBody | BotTradeBody | AdvancedTradeBody;
/** A trade's body as a caller may write it (the contracts' input: defaults may be left out). */
export type TradeBodyIn = z.input<typeof draftTradeBody> | z.input<typeof botTradeBody>;

/** The schema a trade's route reads its body with. */
function schemaOf(mode: Mode, body: TradeBodyIn, draft: boolean) {
  if (body.trade_type === 'MB') return botTradeBody;
  if (draft) return draftTradeBody;
  if (mode === 'DEMO') return basicTradeBody;
  return body.trade_type === 'ADVANCED' ? liveAdvancedTradeBody : liveBasicTradeBody;
}

/** Where a trade goes: its mode, broker and account. */
interface Target {
  mode: Mode;
  broker: string;
  accountId: string;
}

export interface SmartTradesDeps {
  repo: TradesRepo;
  runner: TradeRunner;
  market: Pick<MarketDataProvider, 'quotes' | 'optionQuote'>;
  /** The owner's demo account, and their brokerage account (the one named, else their current one). */
  accounts: {
    demo(userId: number): Promise<string>;
    live(userId: number, accountId?: string): Promise<{ broker: string; accountId: string }>;
  };
  /** The paper broker's name: demo trades are its. */
  demoBroker: string;
  /** The owner, and the rights area: their rights when someone other than the trader acts. */
  users: Pick<UsersRepo, 'byId'>;
  rights: Pick<RightsService, 'rightsOf'>;
  now: () => Date;
}

const isAdvanced = (body: TradeBody): body is AdvancedTradeBody => body.trade_type === 'ADVANCED';
const RUNNING = new Set(['PENDING', 'OPEN']);
const FINISHED = new Set(['COMPLETED', 'CANCELLED', 'FAIL']);

/** A trade's id from its order_id (the id as text, 2-trading §3); 0 (no trade) for anything else. */
export const tradeIdOf = (orderId: string): number => (/^\d{1,9}$/.test(orderId) ? Number(orderId) : 0);

/** Whether a trade's body trades options: an advanced one says so, a basic one by its strategy. */
export const isOptionsTrade = (body: TradeBody): boolean =>
  isAdvanced(body) ? body.is_options : Boolean(body.strategy);

/** The engine's input for either kind of trade. */
export function engineInput(body: TradeBody, at: number): TradeInput {
  return isAdvanced(body) ? advancedTradeInput(body, at) : basicTradeInput(body, at);
}

/**
 * The rights placing, editing or cancelling a trade of this mode and kind needs of its owner
 * (2-trading §6): live trading for a live trade, a super user for an advanced one or for its
 * condition rows; a demo trade only a user. The routes declare the same rights (requireRight) for
 * their callers.
 */
function rightsToTrade(mode: Mode, tradeType: string, conditions = false): { right: RightName; refusal: string }[] {
  const needs: { right: RightName; refusal: string }[] = [];
  if (mode === 'LIVE') needs.push({ right: 'is_live_trader', refusal: MSG.liveTraderDenied });
  if (tradeType === 'ADVANCED') needs.push({ right: 'is_super', refusal: TRADE_MSG.advancedOnlySuper });
  if (conditions) needs.push({ right: 'is_super', refusal: TRADE_MSG.conditionsOnlySuper });
  return needs;
}

/** An MB trade is a bot's (2-trading §3: placed by a management bot): a bot or a signal makes it. */
function assertMayMake(who: Acting, tradeType: string): void {
  if (tradeType === 'MB' && who.by.kind !== 'bot' && who.by.kind !== 'signal') {
    throw new DomainError('FORBIDDEN', TRADE_MSG.mbOnlyBots);
  }
}

export function createSmartTrades(deps: SmartTradesDeps) {
  const { repo, runner, market, accounts, demoBroker, now } = deps;

  /** The owner's rights, for a bot or a signal; an inactive account has none to trade with. */
  async function rightsOf(userId: number): Promise<Rights> {
    const user = await deps.users.byId(userId);
    if (!user?.isActive) throw new DomainError('FORBIDDEN', MSG.accountInactive);
    return deps.rights.rightsOf(user);
  }

  /**
   * The one check of the owner's rights, for every actor: the trader's are the ones their request's
   * route computed (so this costs nothing more), a bot's or a signal's are read for the owner; a
   * super user holds every right (their route said so).
   */
  async function assertMayTrade(who: Acting, mode: Mode, tradeType: string, conditions = false): Promise<void> {
    if (who.by.kind === 'super_user') return;
    const rights: Rights = who.by.kind === 'trader' ? who.by.rights : await rightsOf(who.userId);
    for (const { right, refusal } of rightsToTrade(mode, tradeType, conditions)) {
      if (!holds(rights, right)) throw new DomainError('FORBIDDEN', refusal);
    }
  }

  /** The owner's trade, or 404 in the same words whether it is someone else's or absent. */
  async function owned(userId: number, tradeId: number, mode: Mode | null): Promise<TradeRow> {
    const row = await repo.ownedBy(userId, tradeId);
    if (!row || (mode !== null && row.mode !== mode)) throw new DomainError('NOT_FOUND', TRADE_MSG.tradeNotFound);
    return row;
  }

  /** The owner's draft (the id a drawer sent back as draft_id), or 400 on draft_id. */
  async function ownedDraft(userId: number, draftId: number): Promise<TradeRow> {
    const row = await repo.ownedBy(userId, draftId);
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

  /** The account a trade goes to: the demo account, or the brokerage account the body names (else the current one). */
  async function targetOf(userId: number, mode: Mode, body: TradeBody): Promise<Target> {
    if (mode === 'DEMO') return { mode, broker: demoBroker, accountId: await accounts.demo(userId) };
    return { mode, ...(await accounts.live(userId, body.account_id)) };
  }

  function rowOf(userId: number, body: TradeBody, target: Target) {
    const options = isOptionsTrade(body);
    const { draft_id: _draft, account_id: _account, ...input } = body;
    return {
      userId,
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

  /** The engine's cancel: unfilled orders cancelled, what is held sold; 409 once the trade has ended. */
  async function cancel(who: Acting, tradeId: number, mode: Mode | null): Promise<TradeRow> {
    const row = await owned(who.userId, tradeId, mode);
    await assertMayTrade(who, row.mode, row.tradeType);
    const by = actorWords(who.by);
    const r = await runner.apply(tradeId, { type: 'cancel', at: now().getTime(), ...(by ? { by } : {}) });
    if (r.refused) throw new DomainError('CONFLICT', TRADE_MSG.cannotCancel, { retryable: false });
    return owned(who.userId, tradeId, mode);
  }

  return {
    owned,

    /** Whose trade this is (undefined: no such trade): a super user's route acts on its owner's account. */
    ownerOf: (tradeId: number) => repo.ownerOf(tradeId),

    /**
     * Checks a trade's body and places it on the owner's account of `mode`; answers the new row. A
     * trade made from a draft (draft_id) replaces it: the draft is deleted once the trade is placed.
     * `made` records the trade (an Idempotency-Key, a bot's alert) in the transaction inserting it.
     */
    async place(who: Acting, mode: Mode, sent: TradeBodyIn, made?: ResultRecorder): Promise<TradeRow> {
      assertMayMake(who, sent.trade_type);
      await assertMayTrade(who, mode, sent.trade_type);
      const body: TradeBody = readBody(schemaOf(mode, sent, false), sent);
      if (body.draft_id !== undefined) await ownedDraft(who.userId, body.draft_id);
      const state = await checked(body, false);
      const target = await targetOf(who.userId, mode, body);
      const { id } = await runner.start(rowOf(who.userId, body, target), state, {
        submit: true,
        by: actorWords(who.by),
        made,
      });
      if (body.draft_id !== undefined) await repo.deleteDraft(who.userId, body.draft_id);
      return owned(who.userId, id, mode);
    },

    /** Saves a draft (the rules of placing it, but the cancel-by time); with draft_id, that draft is rewritten. */
    async saveDraft(who: Acting, mode: Mode, sent: TradeBodyIn): Promise<TradeRow> {
      assertMayMake(who, sent.trade_type);
      await assertMayTrade(who, mode, sent.trade_type);
      const body: TradeBody = readBody(schemaOf(mode, sent, true), sent);
      if (body.draft_id !== undefined) await ownedDraft(who.userId, body.draft_id);
      const state = await checked(body, true);
      const row = rowOf(who.userId, body, await targetOf(who.userId, mode, body));
      if (body.draft_id !== undefined) {
        await repo.rewriteDraft(body.draft_id, row, { ...state, id: String(body.draft_id) }, now());
        return owned(who.userId, body.draft_id, mode);
      }
      const { id } = await runner.start(row, state, { submit: false });
      return owned(who.userId, id, mode);
    },

    /** Deletes one of the owner's drafts; a placed trade is cancelled instead (409). */
    async deleteDraft(who: Acting, tradeId: number): Promise<void> {
      const row = await owned(who.userId, tradeId, null);
      await assertMayTrade(who, row.mode, row.tradeType);
      if (row.status !== 'DRAFT') throw new DomainError('CONFLICT', TRADE_MSG.onlyDraftsDeleted, { retryable: false });
      await repo.deleteDraft(who.userId, tradeId);
    },

    /**
     * An edit of a PENDING or OPEN trade, checked (edit.service.ts turns a body into it: callers
     * other than the trader's routes use that service): the owner's rights for the trade, then the
     * engine checks its locks (a filled side keeps its price) and moves the working orders; `row`
     * (notes, the body shown again) is written in the same step. Answers the trade after it.
     */
    async edit(who: Acting, tradeId: number, edit: TradeEdit, row?: TradeRowPatch): Promise<TradeRow> {
      const before = await owned(who.userId, tradeId, null);
      await assertMayTrade(who, before.mode, before.tradeType, edit.conditions !== undefined);
      if (!RUNNING.has(before.status)) throw new DomainError('CONFLICT', TRADE_MSG.notEditable, { retryable: false });
      const by = actorWords(who.by);
      const r = await runner.apply(tradeId, { type: 'edit', edit, at: now().getTime(), ...(by ? { by } : {}) }, row);
      if (r.refused) throw new DomainError('CONFLICT', r.refused, { retryable: false });
      return owned(who.userId, tradeId, null);
    },

    cancel,

    /** Archives (only a finished trade) or unarchives one of the owner's live trades. */
    async setArchived(who: Acting, tradeId: number, archived: boolean): Promise<TradeRow> {
      const row = await owned(who.userId, tradeId, 'LIVE');
      await assertMayTrade(who, row.mode, row.tradeType);
      if (archived && !FINISHED.has(row.status)) {
        throw new DomainError('CONFLICT', TRADE_MSG.onlyFinishedArchived, { retryable: false });
      }
      await repo.setArchived(tradeId, archived);
      return owned(who.userId, tradeId, 'LIVE');
    },

    /** The owner's running trades of a mode, each cancelled on behalf of `who` (a demo reset). */
    async cancelRunning(who: Acting, mode: Mode): Promise<void> {
      for (const id of await repo.runningOf(who.userId, mode)) await cancel(who, id, mode);
    },
  };
}
export type SmartTrades = ReturnType<typeof createSmartTrades>;
