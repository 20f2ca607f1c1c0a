import { describe, expect, it } from 'vitest';
import { holdingAfter, ledgerOf, type LedgerFill } from './ledger';

let id = 0;
const fill = (symbol: string, side: 'buy' | 'sell', qty: string, amount: string, at = '2026-01-02T15:00:00.000Z') => ({
  id: ++id,
  symbol,
  side,
  qty,
  amount,
  at,
});

describe('holdings at average cost', () => {
  it('a-buy-adds-its-shares-and-its-amount', () => {
    expect(holdingAfter({ qty: '50', cost: '490' }, 'buy', '50', '500')).toEqual({ qty: '100', cost: '990' });
    expect(holdingAfter(null, 'buy', '10', '99.5')).toEqual({ qty: '10', cost: '99.5' });
  });

  it('a-sell-takes-away-its-share-of-the-cost-rounded-to-the-cent', () => {
    // 100 shares cost 990 (9.90 each); 30 sold take 297 of it.
    expect(holdingAfter({ qty: '100', cost: '990' }, 'sell', '30', '330')).toEqual({ qty: '70', cost: '693' });
    // 3 shares cost 10.00; 1 sold takes 3.33, 6.67 stays with the 2 left.
    expect(holdingAfter({ qty: '3', cost: '10' }, 'sell', '1', '4')).toEqual({ qty: '2', cost: '6.67' });
  });

  it('a-sell-of-everything-leaves-nothing', () => {
    expect(holdingAfter({ qty: '2', cost: '6.67' }, 'sell', '2', '8')).toBeNull();
  });

  it('a-sell-of-more-than-is-held-never-goes-short', () => {
    expect(holdingAfter({ qty: '2', cost: '6.67' }, 'sell', '5', '20')).toBeNull();
  });
});

describe('closed positions from fills', () => {
  it('a-position-back-to-zero-is-closed-with-its-cost-proceeds-and-gain', () => {
    const fills: LedgerFill[] = [
      fill('ACME', 'buy', '50', '490', '2026-01-02T15:00:00.000Z'),
      fill('ACME', 'buy', '50', '500', '2026-01-02T15:05:00.000Z'),
      fill('ACME', 'sell', '50', '550', '2026-01-03T15:00:00.000Z'),
      fill('ACME', 'sell', '50', '600', '2026-01-04T15:00:00.000Z'),
    ];
    expect(ledgerOf(fills).closed).toEqual([
      {
        symbol: 'ACME',
        qty: '100',
        cost: '990',
        proceeds: '1150',
        gainLoss: '160',
        gainLossPercent: '16.16',
        openedAt: '2026-01-02T15:00:00.000Z',
        closedAt: '2026-01-04T15:00:00.000Z',
      },
    ]);
  });

  it('a-loss-is-negative', () => {
    const closed = ledgerOf([fill('X', 'buy', '50', '500'), fill('X', 'sell', '50', '448.5')]).closed;
    expect(closed[0]).toMatchObject({ gainLoss: '-51.5', gainLossPercent: '-10.3' });
  });

  it('a-position-still-held-is-open-with-the-fills-since-it-was-last-empty', () => {
    const first = [fill('X', 'buy', '10', '100'), fill('X', 'sell', '10', '120')];
    const again = [fill('X', 'buy', '5', '60'), fill('X', 'sell', '2', '26')];
    const ledger = ledgerOf([...first, ...again, fill('Y', 'buy', '1', '5')]);
    expect(ledger.closed.map((c) => [c.symbol, c.gainLoss])).toEqual([['X', '20']]);
    expect(ledger.open.get('X')).toEqual(again.map((f) => f.id));
    expect(ledger.open.get('Y')).toHaveLength(1);
  });

  it('each-round-trip-of-the-same-symbol-is-its-own-closed-position', () => {
    const ledger = ledgerOf([
      fill('X', 'buy', '10', '100'),
      fill('X', 'sell', '10', '90'),
      fill('X', 'buy', '10', '100'),
      fill('X', 'sell', '10', '130'),
    ]);
    expect(ledger.closed.map((c) => c.gainLoss)).toEqual(['-10', '30']);
    expect(ledger.open.size).toBe(0);
  });
});
