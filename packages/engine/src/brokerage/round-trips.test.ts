import { describe, expect, it } from 'vitest';
import { dec } from '../money/decimal';
import { closedRoundTrips, type BrokerFill } from './round-trips';

const fill = (symbol: string, side: 'buy' | 'sell', qty: string, price: string, day: number): BrokerFill => ({
  symbol,
  side,
  qty,
  price,
  multiplier: symbol.length > 10 ? 100 : 1,
  at: `2026-03-${String(day).padStart(2, '0')}T15:00:00.000Z`,
});

const nothingHeld = new Map<string, ReturnType<typeof dec>>();

describe('closed round trips from a broker fill history', () => {
  it('a-buy-then-a-sell-of-everything-is-one-round-trip-with-its-gain', () => {
    const trips = closedRoundTrips(
      [fill('GE', 'buy', '2', '12.5', 3), fill('GE', 'sell', '2', '10.06', 5)],
      nothingHeld,
    );
    expect(trips).toEqual([
      {
        symbol: 'GE',
        qty: '2',
        cost: '25',
        proceeds: '20.12',
        gainLoss: '-4.88',
        gainLossPercent: '-19.52',
        openedAt: '2026-03-03T15:00:00.000Z',
        closedAt: '2026-03-05T15:00:00.000Z',
      },
    ]);
  });

  it('an-option-counts-100-shares-a-contract', () => {
    const occ = 'SNAP261218P00008500';
    const [trip] = closedRoundTrips([fill(occ, 'buy', '2', '0.35', 6), fill(occ, 'sell', '2', '0.5', 9)], nothingHeld);
    expect(trip).toMatchObject({ cost: '70', proceeds: '100', gainLoss: '30', gainLossPercent: '42.86' });
  });

  it('a-symbol-held-before-the-first-fill-seen-is-not-a-round-trip-until-it-is-back-at-zero', () => {
    // 10 MSFT held before the history begins, sold; then bought and sold again: one trip, the second.
    const fills = [
      fill('MSFT', 'sell', '10', '400', 2),
      fill('MSFT', 'buy', '3', '390', 4),
      fill('MSFT', 'sell', '3', '395', 6),
    ];
    const trips = closedRoundTrips(fills, nothingHeld);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ symbol: 'MSFT', qty: '3', cost: '1170', proceeds: '1185', gainLoss: '15' });
  });

  it('what-is-still-held-now-is-no-closed-position', () => {
    const fills = [fill('GE', 'buy', '1', '12', 3), fill('GE', 'sell', '1', '13', 4), fill('GE', 'buy', '5', '11', 10)];
    const trips = closedRoundTrips(fills, new Map([['GE', dec(5)]]));
    expect(trips.map((t) => t.closedAt)).toEqual(['2026-03-04T15:00:00.000Z']);
  });

  it('a-short-round-trip-is-left-out', () => {
    const fills = [fill('TSLA', 'sell', '2', '200', 3), fill('TSLA', 'buy', '2', '190', 4)];
    expect(closedRoundTrips(fills, nothingHeld)).toEqual([]);
  });

  it('round-trips-come-newest-first', () => {
    const fills = [
      fill('A', 'buy', '1', '10', 2),
      fill('A', 'sell', '1', '11', 3),
      fill('B', 'buy', '1', '20', 4),
      fill('B', 'sell', '1', '19', 5),
    ];
    expect(closedRoundTrips(fills, nothingHeld).map((t) => t.symbol)).toEqual(['B', 'A']);
  });
});
