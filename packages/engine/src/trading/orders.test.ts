import { describe, expect, it } from 'vitest';
import { equity } from './create';
import { applyUpdate, isLive } from './orders';
import type { EngineOrder, OrderStatus, OrderUpdate } from './types';

const order = (status: OrderStatus, filledQty = '0', avgFillPrice: string | null = null): EngineOrder => ({
  clientOrderId: 'T1-R1-L0-BUY-1',
  rangeId: 'R1',
  purpose: 'BUY',
  side: 'buy',
  instrument: equity('ACME'),
  type: 'limit',
  qty: '100',
  limitPrice: '10',
  status,
  filledQty,
  avgFillPrice,
  attempt: 1,
  reason: null,
  cancelRefused: false,
  updatedAt: 0,
});
const update = (status: OrderUpdate['status'], filledQty = '0', avgFillPrice: string | null = null): OrderUpdate => ({
  type: 'order',
  clientOrderId: 'T1-R1-L0-BUY-1',
  status,
  filledQty,
  avgFillPrice,
  at: 1,
});
const after = (o: EngineOrder, u: OrderUpdate) => applyUpdate(o, u, 1).order.status;

/** Every allowed edge of the table, and what it leads to (docs/trading-rules.md "Orders"). */
const EDGES: [OrderStatus, OrderUpdate, OrderStatus][] = [
  ['SUBMITTING', update('accepted'), 'WORKING'],
  ['SUBMITTING', update('partially_filled', '10', '10'), 'PARTIALLY_FILLED'],
  ['SUBMITTING', update('filled', '100', '10'), 'FILLED'],
  ['SUBMITTING', update('rejected'), 'REJECTED'],
  ['SUBMITTING', update('cancelled'), 'CANCELLED'],
  ['WORKING', update('accepted'), 'WORKING'],
  ['WORKING', update('partially_filled', '10', '10'), 'PARTIALLY_FILLED'],
  ['WORKING', update('filled', '100', '10'), 'FILLED'],
  ['WORKING', update('cancelled'), 'CANCELLED'],
  ['WORKING', update('rejected'), 'REJECTED'],
  ['CANCELLING', update('cancelled'), 'CANCELLED'],
  ['CANCELLING', update('partially_filled', '10', '10'), 'CANCELLING'],
  ['CANCELLING', update('filled', '100', '10'), 'FILLED'],
  ['CANCELLING', update('cancel_rejected'), 'WORKING'],
];

describe('the order table', () => {
  it.each(EDGES)('%s + %o → %s', (from, u, to) => {
    expect(after(order(from), u)).toBe(to);
  });

  it('a-partly-filled-order-cancelled-keeps-its-fills', () => {
    const r = applyUpdate(order('PARTIALLY_FILLED', '40', '10'), update('cancelled', '40', '10'), 1);
    expect(r.order).toMatchObject({ status: 'CANCELLED', filledQty: '40' });
    expect(r.execution).toBeNull();
  });

  it('canceled-then-partial-fill-then-canceled', () => {
    const cancelled = applyUpdate(order('CANCELLING', '10', '10'), update('cancelled', '10', '10'), 1).order;
    const late = applyUpdate(cancelled, update('partially_filled', '30', '10'), 1);
    expect(late.order).toMatchObject({ status: 'CANCELLED', filledQty: '30' });
    expect(late.execution).toMatchObject({ qty: '20', amount: '200' });
    expect(after(late.order, update('cancelled', '30', '10'))).toBe('CANCELLED');
  });

  it('a-fill-after-the-cancel-is-the-whole-order', () => {
    expect(after(order('CANCELLED'), update('filled', '100', '10'))).toBe('FILLED');
  });

  it('the-same-fill-twice-is-counted-once', () => {
    const once = applyUpdate(order('WORKING'), update('partially_filled', '10', '10'), 1);
    const twice = applyUpdate(once.order, update('partially_filled', '10', '10'), 1);
    expect(twice.execution).toBeNull();
    expect(twice.order.filledQty).toBe('10');
  });

  it('a-word-and-quantities-that-disagree-follow-the-quantities', () => {
    expect(after(order('WORKING'), update('filled', '60', '10'))).toBe('PARTIALLY_FILLED');
    expect(after(order('WORKING'), update('accepted', '100', '10'))).toBe('FILLED');
  });

  it.each([
    ['FILLED', 'cancelled'],
    ['FILLED', 'rejected'],
    ['REJECTED', 'accepted'],
    ['REJECTED', 'filled'],
    ['PARTIALLY_FILLED', 'rejected'],
  ] as const)('%s then %s is not allowed: nothing changes and it is logged', (from, word) => {
    const o = order(from, from === 'FILLED' ? '100' : from === 'PARTIALLY_FILLED' ? '10' : '0', '10');
    const r = applyUpdate(o, update(word, o.filledQty, '10'), 1);
    expect(r.order).toBe(o);
    expect(r.note).toMatch(/ignored/);
  });

  it('a-fill-without-a-price-is-not-counted', () => {
    const r = applyUpdate(order('WORKING'), update('partially_filled', '10', null), 1);
    expect(r.execution).toBeNull();
    expect(r.note).toMatch(/without a price/);
  });

  it('option-fills-count-100-per-contract', () => {
    const r = applyUpdate(order('WORKING'), update('partially_filled', '2', '1.25'), 100);
    expect(r.execution).toMatchObject({ qty: '2', amount: '250', price: '1.25' });
  });

  it('live-means-it-may-still-fill', () => {
    expect(
      ['SUBMITTING', 'WORKING', 'PARTIALLY_FILLED', 'CANCELLING'].every((s) => isLive(order(s as OrderStatus))),
    ).toBe(true);
    expect(['FILLED', 'CANCELLED', 'REJECTED'].some((s) => isLive(order(s as OrderStatus)))).toBe(false);
  });
});
