/**
 * Replay (issue 13, "Beyond what the spec asks"; docs/trading-rules.md "Replay"): the trade a
 * drawer is about to send, run by the engine's replay over the ticker's hourly bars of the last
 * `days` days. Nothing is stored and no broker is asked: it answers what the levels would have done.
 */
import { MARKET_MSG, REPLAY_MSG, type ReplayResult, type ReplayTradeBody } from '@drat/contracts';
import { newTrade, replay, toNumber } from '@drat/engine';
import { DomainError } from '../../../core/errors';
import type { MarketDataProvider } from '../../../providers/market/interface';
import { withProvider } from '../../../providers/provider-error';
import { engineInput, isOptionsTrade } from './smart-trades';

const DAY = 86_400_000;

export interface ReplayDeps {
  market: Pick<MarketDataProvider, 'bars' | 'now'>;
}

export function createReplayService({ market }: ReplayDeps) {
  return {
    async replay(body: ReplayTradeBody): Promise<ReplayResult> {
      const t = body.trade;
      if (isOptionsTrade(t)) throw DomainError.field('trade', REPLAY_MSG.sharesOnly);
      const to = market.now();
      const from = new Date(to.getTime() - body.days * DAY);
      const bars = await withProvider(MARKET_MSG.marketUnavailable, () => market.bars(t.ticker, '1hr', from, to));
      if (bars.length === 0) throw DomainError.field('trade', REPLAY_MSG.noBars(t.ticker));
      const first = bars[0]!.time * 1000;
      // The cancel-by time is the trader's future: over past bars it would cut the replay short.
      const draft = newTrade({ ...engineInput(t, first), cancelUnfilledAt: null, id: 'replay' });
      const r = replay(
        draft,
        bars.map((b) => ({ time: b.time * 1000, open: b.open, high: b.high, low: b.low, close: b.close })),
      );
      return {
        ticker: t.ticker,
        interval: '1hr',
        bars,
        executions: r.executions.map((e) => ({
          at: e.at,
          label: e.label,
          side: e.side,
          qty: toNumber(e.qty),
          price: toNumber(e.price),
        })),
        status: r.trade.status,
        realised: toNumber(r.realised),
        held: toNumber(r.held),
        unrealised: toNumber(r.unrealised),
        log: r.log,
      };
    },
  };
}
export type ReplayService = ReturnType<typeof createReplayService>;
