/**
 * Changes to a placed trade (2-trading §2.3 "Trade details", §4, §5.5): its prices, notes and
 * trailing settings (order-edit), one range's buy and target (range edit) and, for super users, an
 * advanced trade's condition rows. Only while the trade is PENDING or OPEN; a side that is filled
 * keeps its price (the engine refuses and says why). Each change moves the working orders (the
 * engine's modify intents) and is written with the body kept for display in one step.
 */
import {
  TRADE_MSG,
  conditionRowIssues,
  priceOrderIssues,
  trailingIssues,
  conditionsEditBody,
  orderEditBody,
  rangeEditBody,
  type RangeEditBody,
  type Rights,
  type TradeAlertResponse,
} from '@drat/contracts';
import { isDeepStrictEqual } from 'node:util';
import {
  dec,
  toText,
  type ConditionRow,
  type EngineTrade,
  type RangeState,
  type TradeEdit,
  type TrailingSpec,
} from '@drat/engine';
import type { z } from 'zod';
import { DomainError } from '../../../core/errors';
import { readBody } from '../../../core/read-body';
import type { Acting } from '../../../core/actor';
import { engineConditions } from './condition-input';
import { tradeIdOf, type Mode, type SmartTrades } from './smart-trades';
import { numberOf, tradeDto } from './trade.dto';
import type { TradeRow } from './trades.repo';

/** The alert area's look-up of an alert a trade was made from (soft-deleted ones too). */
export interface AlertLookup {
  plAlert(caller: { userId: number; rights: Rights }, alertId: number): Promise<{ data: TradeAlertData }>;
}
type TradeAlertData = Extract<TradeAlertResponse, { found: true }>['data'];

export interface TradeEditDeps {
  trades: SmartTrades;
  alerts: AlertLookup;
}

const text = (v: string | null | undefined) => numberOf(v) ?? undefined;
/** The entries of `o` that are given (neither undefined nor null). */
const given = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
/** A basic trade's range by its spec name (a range of 0 shares is not made, so the index may differ). */
const rangeNamed = (s: EngineTrade, label: 'buy_range_1' | 'buy_range_2'): RangeState | undefined =>
  s.ranges.find((r) => r.label === label);

export function createTradeEditService({ trades, alerts }: TradeEditDeps) {
  const reply = (row: TradeRow) => ({ message: TRADE_MSG.tradeEdited, data: tradeDto(row) });

  return {
    /**
     * POST /livetrading/order-edit/: new prices (basic trades: buy range low/high, target range
     * low/high; every trade: stop loss), notes and trailing settings. The prices are checked in
     * order on the trade as it would be after the change. Trailing settings change the trail of a
     * trade that trails; for one that does not, they are kept as entered.
     */
    async orderEdit(who: Acting, sent: z.input<typeof orderEditBody>) {
      const body = readBody(orderEditBody, sent);
      const row = await trades.owned(who.userId, tradeIdOf(body.order_id), null);
      const s = row.state;
      const basic = row.tradeType !== 'ADVANCED';
      const [r1, r2] = [rangeNamed(s, 'buy_range_1'), rangeNamed(s, 'buy_range_2')];
      const change = {
        buy_range_low: body.buy_range_low ?? undefined,
        buy_range_high: body.buy_range_high ?? undefined,
        target_range_low: body.target_range_low ?? undefined,
        target_range_high: body.target_range_high ?? undefined,
      };
      if (!basic) {
        const field = Object.entries(change).find(([, v]) => v !== undefined)?.[0];
        if (field) throw DomainError.field(field, TRADE_MSG.advancedRangesEdit);
      }
      const current = {
        buy_range_low: text(r1?.buyPrice),
        buy_range_high: text(r2?.buyPrice),
        target_range_low: text(r2?.targetPrice),
        target_range_high: text(r1?.targetPrice),
        stop_loss: text(s.stopLoss),
      };
      const issues = priceOrderIssues({ ...current, ...given({ ...change, stop_loss: body.stop_loss }) });
      if (!basic && body.stop_loss !== undefined && body.stop_loss !== null) {
        const stop = body.stop_loss;
        if (s.ranges.some((r) => dec(r.buyPrice).lte(stop) || dec(r.targetPrice).lte(stop))) {
          issues.push({ path: ['stop_loss'], message: TRADE_MSG.stopLossBelowRanges });
        }
      }
      const trailingNow = {
        trailing_profit: body.trailing_profit ?? text(s.trailing?.percent) ?? undefined,
        new_trailing_profit: body.new_trailing_profit ?? text(s.trailing?.newPercent) ?? undefined,
        trigger_percent: body.trigger_percent ?? text(s.trailing?.triggerPercent) ?? undefined,
      };
      issues.push(...trailingIssues(trailingNow));
      if (issues.length > 0) throw DomainError.fields(issues);

      const edit: TradeEdit = {};
      // Range 1 buys at buy range low and sells at target range high; range 2 the other two.
      const price = (v: number | undefined) => (v === undefined ? undefined : toText(dec(v)));
      const ranges = [
        { r: r1, buyPrice: price(change.buy_range_low), targetPrice: price(change.target_range_high) },
        { r: r2, buyPrice: price(change.buy_range_high), targetPrice: price(change.target_range_low) },
      ].flatMap(({ r, ...prices }) =>
        r && (prices.buyPrice ?? prices.targetPrice) ? [{ id: r.id, ...given(prices) }] : [],
      );
      if (ranges.length > 0) edit.ranges = ranges;
      if (body.stop_loss !== undefined && body.stop_loss !== null) edit.stopLoss = toText(dec(body.stop_loss));
      if (s.trailing !== null) {
        const trailing: TrailingSpec = {
          percent: toText(dec(trailingNow.trailing_profit!)),
          newPercent: toText(dec(trailingNow.new_trailing_profit!)),
          triggerPercent: toText(dec(trailingNow.trigger_percent!)),
        };
        edit.trailing = trailing;
      }
      const notes = body.trade_notes ?? undefined;
      const input = {
        ...row.input,
        ...given({ ...change, stop_loss: body.stop_loss, ...trailingNow, trade_notes: notes }),
      };
      return reply(await trades.edit(who, row.id, edit, { input, ...(notes !== undefined ? { notes } : {}) }));
    },

    /** POST /livetrading/trades/range/edit/: range N's buy and target prices (range_id is N as the details show it). */
    async rangeEdit(who: Acting, sent: z.input<typeof rangeEditBody>) {
      const body = readBody(rangeEditBody, sent);
      const row = await trades.owned(who.userId, body.trade_id, null);
      const r = row.state.ranges[body.range.range_id - 1];
      if (!r) throw DomainError.field('range', TRADE_MSG.unknownRange(body.range.range_id));
      const stop = row.state.stopLoss;
      if (stop !== null && dec(body.range.buy_range).lte(stop)) {
        throw DomainError.field('range', TRADE_MSG.stopLossBelowRanges);
      }
      const edit: TradeEdit = {
        ranges: [
          { id: r.id, buyPrice: toText(dec(body.range.buy_range)), targetPrice: toText(dec(body.range.target_range)) },
        ],
      };
      return reply(await trades.edit(who, row.id, edit, { input: withRange(row, r, body) }));
    },

    /** POST /livetrading/trades/conditions/edit/: an advanced trade's condition rows, all of them (super users: the route's right). */
    async conditionsEdit(who: Acting, sent: z.input<typeof conditionsEditBody>) {
      const body = readBody(conditionsEditBody, sent);
      const row = await trades.owned(who.userId, body.trade_id, null);
      if (row.tradeType !== 'ADVANCED') throw DomainError.field('trade_id', TRADE_MSG.conditionsOnlyAdvanced);
      const ids = row.state.ranges.map((r) => r.id);
      const issues = conditionRowIssues(body.conditions, ids.length);
      if (issues.length > 0) throw DomainError.fields(issues);
      const previous = new Map(row.state.conditions.map((c) => [c.id, c.done]));
      const conditions = engineConditions(row.ticker, body.conditions, ids).map((c) => ({
        ...c,
        // A row that already acted stays done (it acts once); a new or changed row waits anew.
        done: previous.get(c.id) === true && row.state.conditions.some((p) => p.id === c.id && same(p, c)),
      }));
      const input = { ...row.input, conditions: body.conditions };
      return reply(await trades.edit(who, row.id, { conditions }, { input }));
    },

    /**
     * GET /{livetrading,demo-trading}/trade-alert: the alert a trade was made from, or found: false
     * (a DIONE or custom trade, or an alert gone). The caller's trade only; `mode` is the path's.
     */
    async tradeAlert(
      reader: { userId: number; rights: Rights },
      tradeId: number,
      mode: Mode,
    ): Promise<TradeAlertResponse> {
      const row = await trades.owned(reader.userId, tradeId, mode);
      if (row.alertId === null) return { found: false };
      try {
        const { data } = await alerts.plAlert(reader, row.alertId);
        return { found: true, data };
      } catch (err) {
        if (err instanceof DomainError && err.code === 'NOT_FOUND') return { found: false };
        throw err;
      }
    },
  };
}
export type TradeEditService = ReturnType<typeof createTradeEditService>;

/** Whether two condition rows are the same rule (ignoring `done`; stored rows come back with their keys reordered). */
function same(a: ConditionRow, b: Omit<ConditionRow, 'done'>): boolean {
  const { done: _done, ...rule } = a;
  return isDeepStrictEqual(rule, b);
}

/** The body kept for display with range N's new prices. */
function withRange(row: TradeRow, r: RangeState, body: RangeEditBody): Record<string, unknown> {
  const input = { ...row.input };
  const { buy_range, target_range } = body.range;
  if (r.label === 'buy_range_1') return { ...input, buy_range_low: buy_range, target_range_high: target_range };
  if (r.label === 'buy_range_2') return { ...input, buy_range_high: buy_range, target_range_low: target_range };
  const extra = Array.isArray(input.extra_ranges) ? [...(input.extra_ranges as Record<string, unknown>[])] : [];
  // Extra ranges follow the basic trade's two (labels 'Range 3' …) or are all of an advanced trade's.
  const i = row.state.ranges.indexOf(r) - row.state.ranges.filter((x) => x.label.startsWith('buy_range_')).length;
  if (extra[i]) extra[i] = { ...extra[i], buy_range, target_range };
  return { ...input, extra_ranges: extra };
}
