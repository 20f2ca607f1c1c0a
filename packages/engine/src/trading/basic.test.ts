import { describe, expect, it } from 'vitest';
import { rangeProfitLoss } from './create';
import { basicTrade, MINUTE, Scenario, T0 } from './scenario.fixture';
import { step } from './step';

/** The worked example: buy 50 at 9.80 (range 1) and 50 at 10.00 (range 2); targets 11 and 12; stop 9.00. */
const started = () => new Scenario(basicTrade()).submit().accept('BUY', 'R1').accept('BUY', 'R2');

describe('a basic trade: two buy ranges, mirrored targets, a stop loss', () => {
  it('a-draft-places-nothing-until-it-is-submitted', () => {
    const s = new Scenario(basicTrade()).quote('9.75');
    expect(s.trade.status).toBe('DRAFT');
    expect(s.intents).toEqual([]);
  });

  it('submitting-places-both-buy-limits', () => {
    const s = new Scenario(basicTrade()).submit();
    expect(s.said()).toEqual(['place BUY R1 50 @ 9.8', 'place BUY R2 50 @ 10']);
    expect(s.trade.status).toBe('PENDING');
  });

  it('submitting-twice-is-refused', () => {
    const s = new Scenario(basicTrade()).submit().submit();
    expect(s.refused).toMatch(/not a draft/);
    expect(s.last).toEqual([]);
  });

  it('client-order-ids-name-trade-range-leg-purpose-and-attempt', () => {
    const s = new Scenario(basicTrade()).submit();
    expect(s.trade.orders.map((o) => o.clientOrderId)).toEqual(['T42-R1-L0-BUY-1', 'T42-R2-L0-BUY-1']);
  });

  it('a-range-with-no-shares-is-left-out', () => {
    const s = new Scenario(basicTrade({ amountLow: '0', amountHigh: '100' })).submit();
    expect(s.said()).toEqual(['place BUY R1 100 @ 10']);
    expect(s.trade.ranges.map((r) => r.label)).toEqual(['buy_range_2']);
  });

  it('the-first-fill-opens-the-trade-and-the-low-target-sells-the-high-range', () => {
    const s = started().fill('BUY', 'R2', '50', '10.00');
    expect(s.trade.status).toBe('OPEN');
    expect(s.lastSaid()).toEqual(['place TARGET R2 50 @ 11']);
  });

  it('the-high-target-sells-the-low-range', () => {
    const s = started().fill('BUY', 'R2', '50', '10.00').fill('BUY', 'R1', '50', '9.80');
    expect(s.lastSaid()).toEqual(['place TARGET R1 50 @ 12']);
  });

  it('both-targets-filled-complete-the-trade-with-its-profit', () => {
    const s = started()
      .fill('BUY', 'R2', '50', '10.00')
      .fill('BUY', 'R1', '50', '9.80')
      .fill('TARGET', 'R2', '50', '11.00')
      .fill('TARGET', 'R1', '50', '12.00');
    expect(s.trade.status).toBe('COMPLETED');
    expect(s.trade.ranges.every((r) => r.completed && r.buyFilled && r.sellFilled)).toBe(true);
    const [r1, r2] = s.trade.ranges.map(rangeProfitLoss);
    expect(r1).toMatchObject({ profit_loss: '110', profit_loss_percent: '22.45' });
    expect(r2).toMatchObject({ profit_loss: '50', profit_loss_percent: '10' });
    expect(r2!.entry).toMatchObject({ price: '10', quantity: '50', amount: '500' });
    expect(r2!.exit).toMatchObject({ price: '11', quantity: '50', amount: '550' });
  });

  it('one-range-sold-the-other-still-buying-stays-open', () => {
    const s = started().fill('BUY', 'R2', '50', '10.00').fill('TARGET', 'R2', '50', '11.00');
    expect(s.trade.status).toBe('OPEN');
    expect(s.trade.ranges.find((r) => r.id === 'R2')!.completed).toBe(true);
    expect(s.trade.ranges.find((r) => r.id === 'R1')!.completed).toBe(false);
  });

  it('a-partly-filled-buy-waits-for-the-rest-before-placing-its-target', () => {
    const s = started().fill('BUY', 'R2', '20', '10.00');
    expect(s.last).toEqual([]);
    expect(s.trade.status).toBe('OPEN');
    const s2 = s.fill('BUY', 'R2', '50', '10.00');
    expect(s2.lastSaid()).toEqual(['place TARGET R2 50 @ 11']);
  });

  it('partial-fills-at-different-prices-add-up-exactly', () => {
    // 20 at 10.00, then 30 more: the broker reports 50 at an average of 9.988.
    const s = started().fill('BUY', 'R2', '20', '10.00').fill('BUY', 'R2', '50', '9.988');
    const r2 = s.trade.ranges.find((r) => r.id === 'R2')!;
    expect(r2.boughtAmount).toBe('499.4');
    expect(r2.entries.map((e) => [e.qty, e.price])).toEqual([
      ['20', '10'],
      ['30', '9.98'],
    ]);
  });

  it('the-same-fill-reported-twice-changes-nothing', () => {
    const once = started().fill('BUY', 'R2', '50', '10.00');
    const twice = step(once.trade, {
      type: 'order',
      clientOrderId: 'T42-R2-L0-BUY-1',
      status: 'filled',
      filledQty: '50',
      avgFillPrice: '10.00',
      at: T0 + MINUTE,
    });
    expect(twice.intents).toEqual([]);
    expect(twice.trade.ranges.find((r) => r.id === 'R2')!.boughtQty).toBe('50');
  });

  it('an-older-fill-report-is-ignored', () => {
    const s = started().fill('BUY', 'R2', '40', '10.00').answer('BUY', 'R2', 'partially_filled', '20', '10.00');
    expect(s.trade.ranges.find((r) => r.id === 'R2')!.boughtQty).toBe('40');
    expect(s.log.some((l) => l.includes('older report'))).toBe(true);
  });

  it('a-fill-for-more-than-ordered-is-counted-and-logged', () => {
    const s = started().fill('BUY', 'R2', '60', '10.00');
    expect(s.trade.ranges.find((r) => r.id === 'R2')!.boughtQty).toBe('60');
    expect(s.lastSaid()).toEqual(['place TARGET R2 60 @ 11']);
    expect(s.log.some((l) => l.includes('more than the 50 ordered'))).toBe(true);
  });

  it('an-answer-for-an-order-the-trade-does-not-have-is-ignored', () => {
    const s = started().send({
      type: 'order',
      clientOrderId: 'T99-R1-L0-BUY-1',
      status: 'filled',
      filledQty: '50',
      avgFillPrice: '1',
      at: T0,
    });
    expect(s.trade.ranges.every((r) => r.boughtQty === '0')).toBe(true);
    expect(s.log.at(-1)).toMatch(/does not have/);
  });

  it('the-input-trade-is-never-changed', () => {
    const s = started();
    const before = JSON.stringify(s.trade);
    step(s.trade, { type: 'quote', instrument: 'ACME', bid: '8', ask: '8.01', last: '8', at: T0 + MINUTE });
    expect(JSON.stringify(s.trade)).toBe(before);
  });

  it('the-same-event-on-the-same-trade-always-gives-the-same-answer', () => {
    const s = started().fill('BUY', 'R2', '50', '10.00');
    const e = { type: 'quote', instrument: 'ACME', bid: '8.9', ask: '8.95', last: '8.9', at: T0 + 5 * MINUTE } as const;
    expect(step(s.trade, e)).toEqual(step(s.trade, e));
  });

  it('a-repeated-quote-places-nothing-new', () => {
    const s = started().fill('BUY', 'R2', '50', '10.00').quote('10.50').quote('10.50');
    expect(s.last).toEqual([]);
  });

  it('an-older-quote-is-ignored', () => {
    const s = started().later(5).quote('10.50');
    const old = step(s.trade, { type: 'quote', instrument: 'ACME', bid: '8', ask: '8.01', last: '8', at: T0 });
    expect(old.trade.exitReason).toBeNull();
    expect(old.trade.quotes.ACME!.bid).toBe('10.50');
  });

  it('a-quote-of-another-instrument-changes-nothing', () => {
    const s = started().fill('BUY', 'R2', '50', '10.00').quote('1.00', '1.01', 'OTHER');
    expect(s.trade.exitReason).toBeNull();
    expect(s.last).toEqual([]);
  });
});

describe('a target reached early', () => {
  it('target-reached-before-the-buy-filled-cancels-the-rest-and-sells-what-was-bought', () => {
    const s = started().fill('BUY', 'R2', '20', '10.00').quote('11.05');
    expect(s.lastSaid()).toEqual(['cancel T42-R2-L0-BUY-1']);
    s.cancelled('BUY', 'R2');
    expect(s.lastSaid()).toEqual(['place TARGET R2 20 @ 11']);
    expect(s.trade.ranges.find((r) => r.id === 'R1')!.completed).toBe(false);
  });

  it('a-target-reached-with-nothing-bought-leaves-the-buy-working', () => {
    const s = started().quote('11.05');
    expect(s.last).toEqual([]);
    expect(s.trade.status).toBe('PENDING');
  });
});

describe('fills that arrive after a cancel', () => {
  it('fill-after-cancel-is-kept-and-sold-at-the-target', () => {
    const s = started().fill('BUY', 'R2', '20', '10.00').quote('11.05');
    // The broker filled the rest before our cancel took effect, and says so.
    s.answer('BUY', 'R2', 'filled', '50', '10.00');
    expect(s.order('BUY', 'R2').status).toBe('FILLED');
    expect(s.lastSaid()).toEqual(['place TARGET R2 50 @ 11']);
  });

  it('a-late-fill-after-the-cancel-was-confirmed-gets-its-own-target', () => {
    const s = started().fill('BUY', 'R2', '20', '10.00').quote('11.05').cancelled('BUY', 'R2');
    expect(s.lastSaid()).toEqual(['place TARGET R2 20 @ 11']);
    s.answer('BUY', 'R2', 'partially_filled', '30', '10.00');
    expect(s.lastSaid()).toEqual(['place TARGET R2 10 @ 11']);
    expect(s.order('BUY', 'R2').status).toBe('CANCELLED');
  });

  it('a-refused-cancel-puts-the-order-back-to-work', () => {
    const s = started()
      .fill('BUY', 'R2', '20', '10.00')
      .quote('11.05')
      .answer('BUY', 'R2', 'cancel_rejected', '20', '10.00');
    expect(s.order('BUY', 'R2').status).toBe('PARTIALLY_FILLED');
    // It is not asked again: the broker said no because the order is filling.
    expect(s.quote('11.10').last).toEqual([]);
  });

  it('a-late-fill-on-a-finished-trade-reopens-it-to-sell-what-came-in', () => {
    const s = new Scenario(basicTrade({ cancelUnfilledAt: T0 + 30 * MINUTE }))
      .submit()
      .accept('BUY', 'R1')
      .accept('BUY', 'R2')
      .fill('BUY', 'R2', '50', '10.00')
      .later(31)
      .tick()
      .cancelled('BUY', 'R1')
      .fill('TARGET', 'R2', '50', '11.00');
    expect(s.trade.status).toBe('COMPLETED');
    s.answer('BUY', 'R1', 'partially_filled', '10', '9.80');
    expect(s.trade.status).toBe('OPEN');
    expect(s.lastSaid()).toEqual(['place TARGET R1 10 @ 12']);
  });
});

describe('rejections', () => {
  it('both-buys-rejected-fail-the-trade-with-the-reason', () => {
    const s = new Scenario(basicTrade()).submit();
    for (const id of ['R1', 'R2']) {
      const o = s.order('BUY', id);
      s.send({
        type: 'order',
        clientOrderId: o.clientOrderId,
        status: 'rejected',
        filledQty: '0',
        avgFillPrice: null,
        reason: 'Insufficient buying power',
        at: s.at,
      });
    }
    expect(s.trade.status).toBe('FAIL');
    expect(s.trade.failure).toBe('Insufficient buying power');
  });

  it('one-buy-rejected-the-other-runs-to-the-end', () => {
    const s = new Scenario(basicTrade()).submit().answer('BUY', 'R1', 'rejected');
    expect(s.trade.status).toBe('PENDING');
    s.accept('BUY', 'R2').fill('BUY', 'R2', '50', '10').fill('TARGET', 'R2', '50', '11');
    expect(s.trade.status).toBe('COMPLETED');
    expect(s.trade.ranges.find((r) => r.id === 'R1')).toMatchObject({ completed: true, buyFilled: false });
  });

  it('a-rejected-buy-is-not-sent-again', () => {
    const s = new Scenario(basicTrade()).submit().answer('BUY', 'R1', 'rejected').quote('9.70');
    expect(s.said('place').filter((l) => l.includes('BUY R1'))).toHaveLength(1);
  });
});

describe('who acted, in the log', () => {
  it('a-trade-placed-by-a-bot-says-so-when-it-is-submitted', () => {
    const r = step(basicTrade(), { type: 'submit', at: T0, by: 'bot Momentum (#7)' });
    expect(r.log[0]).toBe('Trade submitted by bot Momentum (#7)');
    expect(step(basicTrade(), { type: 'submit', at: T0 }).log[0]).toBe('Trade submitted');
  });

  it('a-super-users-cancel-names-them-and-an-edit-by-a-bot-is-logged-before-what-it-changed', () => {
    const placed = step(basicTrade(), { type: 'submit', at: T0 }).trade;
    const cancelled = step(placed, { type: 'cancel', at: T0 + MINUTE, by: 'a super user (ada@example.com)' });
    expect(cancelled.log[0]).toBe(
      'Cancelled by a super user (ada@example.com): unfilled orders are cancelled and what is held is sold',
    );
    const edited = step(placed, { type: 'edit', edit: { stopLoss: '9.10' }, at: T0 + MINUTE, by: 'bot Momentum (#7)' });
    expect(edited.log[0]).toBe('Edited by bot Momentum (#7)');
    expect(edited.trade.stopLoss).toBe('9.1');
  });
});
